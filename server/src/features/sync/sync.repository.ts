// Kysely only: the external events a person's connected apps and extension have brought in.
import type { DB } from '../../db/connection.js';
import type { Tx } from '../../db/transaction.js';

type Queryable = DB | Tx;

/** Which of these keys were already recorded (a replay); `keys` is bounded by the caller. */
export async function knownKeys(db: Queryable, userId: string, origin: string, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('sync_events')
    .select('event_key')
    .where('user_id', '=', userId)
    .where('origin', '=', origin)
    .where('event_key', 'in', keys)
    .execute();
  return new Set(rows.map((r) => r.event_key));
}

export async function insertEvents(
  tx: Tx,
  rows: ReadonlyArray<{ user_id: string; origin: string; event_key: string; title_id: string | null; happened_at: string; received_at: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto('sync_events')
    .values([...rows])
    .onConflict((oc) => oc.columns(['user_id', 'origin', 'event_key']).doNothing())
    .execute();
}

/** Forgets a source's events (a disconnect that removes what it brought in: a later reconnect brings it again). */
export async function deleteEvents(db: Queryable, userId: string, origin: string): Promise<void> {
  await db.deleteFrom('sync_events').where('user_id', '=', userId).where('origin', '=', origin).execute();
}
