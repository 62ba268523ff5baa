import type { DB } from '../../db/connection.js';
import type { Tx } from '../../db/transaction.js';

export async function recordEvent(
  db: DB | Tx,
  e: { userId: string | null; name: string; path: string | null; properties: Record<string, unknown> | null; now: Date },
): Promise<void> {
  await db
    .insertInto('analytics_events')
    .values({ user_id: e.userId, name: e.name, path: e.path, properties: e.properties ? JSON.stringify(e.properties) : null, created_at: e.now.toISOString() })
    .execute();
}
