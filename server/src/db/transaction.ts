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
      // SQLite itself rolls back on SQLITE_FULL, SQLITE_IOERR and the like
      // (https://www.sqlite.org/lang_transaction.html, "Response To Errors Within A Transaction");
      // our ROLLBACK then fails with "no transaction is active". The caller must see the first
      // error, which says what went wrong, not that one (any other rollback failure rides along
      // on it, so the log shows both).
      await sql`rollback`.execute(conn).catch((rollbackErr: unknown) => {
        if (err instanceof Error && !/no transaction is active/.test(String(rollbackErr))) Object.assign(err, { rollbackError: String(rollbackErr) });
      });
      throw err;
    }
  });
}
