// Column groups several migrations create alike. Migrations are history: a helper here must emit
// exactly the SQL the migrations wrote out by hand (the same columns, in the same order), so a
// database made today matches one made before it existed.
import type { CreateTableBuilder } from 'kysely';

/**
 * The columns of every emailed one-time code table (0001, 0016, 0020, 0021, 0027), after the
 * table's key columns: the code's hash, its expiry, the wrong guesses so far and when it was sent.
 */
export function codeColumns<TB extends string>(table: CreateTableBuilder<TB, string>): CreateTableBuilder<TB, string> {
  return table
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text', (c) => c.notNull());
}
