import { sql, type Transaction } from 'kysely';
import type { DatabaseHandle } from './connection.js';
import type { Database as Tables } from './schema.js';

export type Tx = Transaction<Tables>;

/**
 * Runs fn in a write transaction. On SQLite it starts with BEGIN IMMEDIATE so a transaction
 * that reads then writes takes the write lock up front instead of failing with SQLITE_BUSY.
 */
export async function writeTransaction<T>(handle: DatabaseHandle, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (handle.dialect === 'postgres') return handle.db.transaction().execute(fn);
  return handle.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      // The connection is not a Transaction object, but it runs every query on the one
      // connection that holds the lock, which is what a Transaction is for here.
      const result = await fn(conn as unknown as Tx);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
}
