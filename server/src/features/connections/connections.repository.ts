// Kysely only: a user's connected apps (migration 0031) and the per-connection pull lease.
import type { Selectable } from 'kysely';
import type { DB } from '../../db/connection.js';
import type { ConnectionDeviceCodesTable, ConnectionsTable } from '../../db/tables/connections.js';

export type ConnectionRow = Selectable<ConnectionsTable>;
export type DeviceCodeRow = Selectable<ConnectionDeviceCodesTable>;

export function connectionsOf(db: DB, userId: string): Promise<ConnectionRow[]> {
  return db.selectFrom('connections').selectAll().where('user_id', '=', userId).execute();
}

export function connectionOf(db: DB, userId: string, kind: string): Promise<ConnectionRow | undefined> {
  return db.selectFrom('connections').selectAll().where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
}

export function connectionByWebhook(db: DB, kind: string, secretHash: string): Promise<ConnectionRow | undefined> {
  return db.selectFrom('connections').selectAll().where('webhook_secret_hash', '=', secretHash).where('kind', '=', kind).executeTakeFirst();
}

export interface NewConnection {
  user_id: string;
  kind: string;
  credentials: string;
  account_name: string;
  server_url: string | null;
  webhook_secret_hash: string | null;
  next_sync_at: string;
  created_at: string;
}

/** Connects, or reconnects with new credentials (the cursor starts over, the error is cleared). */
export async function saveConnection(db: DB, c: NewConnection): Promise<void> {
  const fresh = { cursor: null, last_error: null, sync_lease_until: null, sync_holder: null };
  await db
    .insertInto('connections')
    .values({ ...c, ...fresh, last_sync_at: null, push_back: 0, pushed_until: null })
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind']).doUpdateSet({
        credentials: c.credentials,
        account_name: c.account_name,
        server_url: c.server_url,
        webhook_secret_hash: c.webhook_secret_hash,
        next_sync_at: c.next_sync_at,
        ...fresh,
      }),
    )
    .execute();
}

export async function setPushBack(db: DB, userId: string, kind: string, on: boolean): Promise<void> {
  await db.updateTable('connections').set({ push_back: on ? 1 : 0 }).where('user_id', '=', userId).where('kind', '=', kind).execute();
}

/** Removes the connection and its credentials; true when there was one. */
export async function deleteConnection(db: DB, userId: string, kind: string): Promise<boolean> {
  await db.deleteFrom('connection_device_codes').where('user_id', '=', userId).where('kind', '=', kind).execute();
  const r = await db.deleteFrom('connections').where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Takes the connection's pull lease when nobody holds it (the conditional UPDATE one instance wins). */
export async function claimPull(db: DB, userId: string, kind: string, holder: string, now: Date, leaseMs: number): Promise<ConnectionRow | undefined> {
  const at = now.toISOString();
  return db
    .updateTable('connections')
    .set({ sync_holder: holder, sync_lease_until: new Date(now.getTime() + leaseMs).toISOString() })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where((eb) => eb.or([eb('sync_lease_until', 'is', null), eb('sync_lease_until', '<=', at)]))
    .returningAll()
    .executeTakeFirst();
}

/** Connections whose scheduled pull is due and whose lease is free, oldest due first. */
export function duePulls(db: DB, now: Date, limit: number): Promise<Array<{ user_id: string; kind: string }>> {
  const at = now.toISOString();
  return db
    .selectFrom('connections')
    .select(['user_id', 'kind'])
    .where('next_sync_at', '<=', at)
    .where((eb) => eb.or([eb('sync_lease_until', 'is', null), eb('sync_lease_until', '<=', at)]))
    .orderBy('next_sync_at')
    .limit(limit)
    .execute();
}

export interface PullProgress {
  credentials?: string;
  cursor?: string | null;
  last_sync_at?: string;
  last_error?: string | null;
  next_sync_at?: string | null;
  sync_lease_until?: string | null;
  sync_holder?: null;
  pushed_until?: string;
}

/** Stores a pull's progress (and renews or ends its lease) only while this holder holds it; false when it lost it. */
export async function savePull(db: DB, userId: string, kind: string, holder: string, patch: PullProgress): Promise<boolean> {
  const r = await db.updateTable('connections').set(patch).where('user_id', '=', userId).where('kind', '=', kind).where('sync_holder', '=', holder).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function saveDeviceCode(db: DB, row: DeviceCodeRow): Promise<void> {
  await db
    .insertInto('connection_device_codes')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ device_code: row.device_code, expires_at: row.expires_at, interval_seconds: row.interval_seconds }))
    .execute();
}

export function deviceCodeOf(db: DB, userId: string, kind: string): Promise<DeviceCodeRow | undefined> {
  return db.selectFrom('connection_device_codes').selectAll().where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
}

export async function deleteDeviceCode(db: DB, userId: string, kind: string): Promise<void> {
  await db.deleteFrom('connection_device_codes').where('user_id', '=', userId).where('kind', '=', kind).execute();
}
