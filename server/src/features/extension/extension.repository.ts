// Queries on extension_tokens, and the conversion of a row into the shared ConnectedBrowser.
import type { Insertable, Selectable } from 'kysely';
import type { ConnectedBrowser } from '@app/shared';
import type { DB } from '../../db/connection.js';
import type { ExtensionTokensTable } from '../../db/schema.js';

export type ExtensionTokenRow = Selectable<ExtensionTokensTable>;

export function toConnectedBrowser(row: ExtensionTokenRow): ConnectedBrowser {
  return { id: row.id, browser_name: row.browser_name, created_at: row.created_at, last_used_at: row.last_used_at };
}

/** Inserts unless the nonce was used before; returns the row, or null for a used nonce. */
export async function insertTokenOnce(db: DB, row: Insertable<ExtensionTokensTable>): Promise<ExtensionTokenRow | null> {
  const inserted = await db
    .insertInto('extension_tokens')
    .values(row)
    .onConflict((oc) => oc.column('nonce_hash').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? null;
}

export function findLiveTokenByHash(db: DB, tokenHash: string): Promise<ExtensionTokenRow | undefined> {
  return db
    .selectFrom('extension_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Records use, at most once per `since` window, so a busy popup does not write on every call. */
export async function touchToken(db: DB, id: string, nowIso: string, staleBeforeIso: string): Promise<void> {
  await db
    .updateTable('extension_tokens')
    .set({ last_used_at: nowIso })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', staleBeforeIso)]))
    .execute();
}

/** The user's live tokens issued at or after `validFromIso` (a sign-out everywhere ends older ones). */
export function listLiveTokens(db: DB, userId: string, validFromIso: string): Promise<ExtensionTokenRow[]> {
  return db
    .selectFrom('extension_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('created_at', '>=', validFromIso)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Revokes one live token of one user; false when there is none (unknown, not theirs, or revoked). */
export async function revokeToken(db: DB, userId: string, id: string, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('extension_tokens')
    .set({ revoked_at: nowIso })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
