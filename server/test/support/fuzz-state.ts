// What the fuzz test compares around requests answered 4xx: per user, a digest of every row the
// user owns (the users row and every table with a user_id); and a digest of the whole database.
// Rows that a refused request is meant to write are left out: rate-limit counters (a 429 or a
// wrong password counts an attempt), verification, sign-in, reset, email-change and deletion code
// attempt counts, when an extension token or a web session was last used (authentication records it
// before the route refuses what it cannot do), the storage probe row that every /healthz writes,
// and the shared co-likes table and its lease, which the background build (started by an earlier
// pick, on its own thread) writes whenever it finishes, whatever request is being answered then.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../src/db/connection.js';

/** Tables and columns a 4xx may legitimately change (see the file comment). */
const IGNORED_TABLES = new Set(['rate_limit_hits', 'health_probe', 'kysely_migration', 'kysely_migration_lock', 'co_like_tables', 'job_leases']);
const IGNORED_COLUMNS: Record<string, string[]> = {
  verification_codes: ['attempts'],
  login_unlock_codes: ['attempts'],
  account_deletion_codes: ['attempts'],
  extension_tokens: ['last_used_at'],
  sessions: ['last_used_at'],
  password_reset_codes: ['attempts'],
  email_change_codes: ['attempts'],
};

export interface DatabaseShape {
  /** Tables with a user_id column. */
  owned: string[];
  all: string[];
}

export async function databaseShape(db: DB): Promise<DatabaseShape> {
  const tables = await db.introspection.getTables();
  const keep = tables.filter((t) => !IGNORED_TABLES.has(t.name));
  return {
    owned: keep.filter((t) => t.columns.some((c) => c.name === 'user_id')).map((t) => t.name).sort(),
    all: keep.map((t) => t.name).sort(),
  };
}

function stable(table: string, row: Record<string, unknown>): string {
  const skip = IGNORED_COLUMNS[table] ?? [];
  return JSON.stringify(Object.keys(row).sort().filter((k) => !skip.includes(k)).map((k) => [k, row[k] === null ? null : String(row[k])]));
}

function digest(parts: string[]): string {
  return createHash('sha256').update(parts.sort().join('\n')).digest('hex');
}

/** userId -> digest of the rows that user owns. */
export async function ownedDigests(db: DB, shape: DatabaseShape, userIds: string[]): Promise<Map<string, string>> {
  const parts = new Map<string, string[]>(userIds.map((id) => [id, []]));
  const users = await db.selectFrom('users').selectAll().where('id', 'in', userIds).execute();
  for (const u of users) parts.get(u.id)!.push(`users ${stable('users', u as any)}`);
  for (const t of shape.owned) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(t)} where user_id in (${sql.join(userIds)})`.execute(db)).rows;
    for (const r of rows) parts.get(String(r.user_id))?.push(`${t} ${stable(t, r)}`);
  }
  return new Map([...parts].map(([id, p]) => [id, digest(p)]));
}

/** One digest of every row of every table (bar the ignored ones). */
export async function databaseDigest(db: DB, shape: DatabaseShape): Promise<string> {
  const parts: string[] = [];
  for (const t of shape.all) {
    if (t === 'titles' || t === 'title_availability' || t === 'platforms' || t === 'catalog_meta') continue; // the catalog: read-only to the API
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(db)).rows;
    for (const r of rows) parts.push(`${t} ${stable(t, r)}`);
  }
  return digest(parts);
}
