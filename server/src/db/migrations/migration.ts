// The shape of one migration, apart from the list in index.ts so each migration can name it
// without importing the list that imports it.
import type { Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export interface Migration {
  // A migration runs against the schema of its day, not today's Database type.
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}
