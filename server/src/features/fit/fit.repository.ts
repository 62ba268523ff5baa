// Kysely only: what the badge's rating reads and writes in the user's history.
import type { Insertable } from 'kysely';
import type { Tx } from '../../db/transaction.js';
import type { RecommendationsTable } from '../../db/schema.js';

/** The newest history row of this title, if the user has one. */
export function newestRowOf(tx: Tx, userId: string, titleId: string) {
  return tx
    .selectFrom('recommendations')
    .select(['id', 'status', 'user_rating'])
    .where('user_id', '=', userId)
    .where('title_id', '=', titleId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The newest seq of the user's history (picks count up from 1; imports sit below 0). */
export async function newestSeq(tx: Tx, userId: string): Promise<number> {
  const row = await tx
    .selectFrom('recommendations')
    .select((eb) => eb.fn.max<number | string | null>('seq').as('seq'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

export async function insertRated(tx: Tx, row: Insertable<RecommendationsTable>): Promise<void> {
  await tx.insertInto('recommendations').values(row).execute();
}
