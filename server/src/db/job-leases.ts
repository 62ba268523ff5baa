// Leases of the job_leases table: one row a job, taken by a conditional UPDATE so exactly one
// instance of those sharing a database holds it, on SQLite or PostgreSQL (jobs/README.md). Here,
// below jobs/ and catalog/, because the scheduler's sync (jobs/catalog-sync-job.ts) and the
// operator's `npm run catalog -- sync` (catalog/sources/tmdb-command.ts) take the same lease.
import type { DB } from './connection.js';

export const CATALOG_SYNC_JOB = 'catalog-sync';
/** Held this long without renewal; renewed every third of it while the sync runs. */
export const JOB_LEASE_MS = 15 * 60_000;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Takes the job's lease if nobody holds it (and, unless `anyTime`, if today's run is not done yet);
 * true when this holder got it.
 */
export async function claimJob(db: DB, name: string, holder: string, now: Date, opts: { leaseMs?: number; anyTime?: boolean } = {}): Promise<boolean> {
  const at = now.toISOString();
  await db.insertInto('job_leases').values({ name, updated_at: at }).onConflict((oc) => oc.column('name').doNothing()).execute();
  let q = db
    .updateTable('job_leases')
    .set({ holder, lease_until: new Date(now.getTime() + (opts.leaseMs ?? JOB_LEASE_MS)).toISOString(), updated_at: at })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]));
  if (!opts.anyTime) q = q.where((eb) => eb.or([eb('last_run_date', 'is', null), eb('last_run_date', '<', isoDate(now))]));
  const row = await q.returning('name').executeTakeFirst();
  return row !== undefined;
}

export async function renewJob(db: DB, name: string, holder: string, now: Date): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({ lease_until: new Date(now.getTime() + JOB_LEASE_MS).toISOString(), updated_at: now.toISOString() })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}

export async function releaseJob(db: DB, name: string, holder: string, now: Date, patch: { last_run_date?: string; lease_until?: string | null; last_error?: string | null }): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({ holder: null, lease_until: null, ...patch, updated_at: now.toISOString() })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
