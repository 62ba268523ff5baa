// `npm run admin -- status [--json]`: what an operator checks first. Read only: the database is
// opened as it is (not migrated), and a section whose tables are not there yet shows as null.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { DatabaseHandle, DB } from '../db/connection.js';
import { migrations } from '../db/migrations/index.js';
import { SERVER_ROOT } from '../paths.js';
import { CATALOG_SYNC_JOB } from '../db/job-leases.js';
import { describePostgres } from './sqlite-files.js';
import { done, formatBytes, parseArgs, table, type Command } from './cli.js';

interface Status {
  /** The root package.json's "version", or null when it has none. */
  version: string | null;
  database:
    | { dialect: 'sqlite'; path: string; size_bytes: number; wal_bytes: number }
    | { dialect: 'postgres'; host: string; port: number; database: string; schema: string | null };
  schema: { applied: number; latest: string | null; pending: string[] };
  catalog: {
    titles: number;
    retired: number;
    titles_by_source: Record<string, number>;
    offers_by_source: Record<string, number>;
    /** catalog_meta: the loaded pack's version, hash, title count, load time. */
    meta: Record<string, string>;
  } | null;
  users: { total: number; verified: number; onboarded: number } | null;
  plans: Record<string, number> | null;
  catalog_sync: {
    last_run_date: string | null;
    last_error: string | null;
    items: Record<string, number>;
    last_item_at: string | null;
  } | null;
  scheduler: { enabled_here: boolean; jobs: { job: string; holder: string | null; lease_until: string | null; last_run_date: string | null; last_error: string | null }[] } | null;
}

function packageVersion(): string | null {
  try {
    const v = (JSON.parse(readFileSync(join(SERVER_ROOT, '..', 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

const size = (p: string) => {
  try {
    return statSync(p).size;
  } catch {
    return 0;
  }
};

/** A section, or null when its tables are missing (a database older than this version, or empty). */
async function section<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}

const counts = (rows: { key: string; n: number | string }[]) => Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));

async function collectStatus(handle: DatabaseHandle, config: Config): Promise<Status> {
  const db: DB = handle.db;
  const database: Status['database'] =
    config.database.dialect === 'sqlite'
      ? { dialect: 'sqlite', path: config.database.path, size_bytes: size(config.database.path), wal_bytes: size(`${config.database.path}-wal`) }
      : { dialect: 'postgres', ...describePostgres(config.database.url, config.database.schema) };
  const applied = (await section(async () => (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name))) ?? [];
  const schema = { applied: applied.length, latest: applied.at(-1) ?? null, pending: Object.keys(migrations).filter((n) => !applied.includes(n)) };

  const catalog = await section(async () => {
    const bySource = await db.selectFrom('titles').select(['source as key', sql<number>`count(*)`.as('n')]).where('retired_at', 'is', null).groupBy('source').orderBy('source').execute();
    const retired = await db.selectFrom('titles').select(sql<number>`count(*)`.as('n')).where('retired_at', 'is not', null).executeTakeFirstOrThrow();
    const offers = await db.selectFrom('title_availability').select(['source as key', sql<number>`count(*)`.as('n')]).groupBy('source').orderBy('source').execute();
    const meta = await db.selectFrom('catalog_meta').select(['key', 'value']).orderBy('key').execute();
    const titles_by_source = counts(bySource);
    return {
      titles: Object.values(titles_by_source).reduce((a, b) => a + b, 0),
      retired: Number(retired.n),
      titles_by_source,
      offers_by_source: counts(offers),
      meta: Object.fromEntries(meta.map((m) => [m.key, m.value])),
    };
  });

  const users = await section(async () => {
    const r = await db
      .selectFrom('users')
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`coalesce(sum(case when email_verified = 1 then 1 else 0 end), 0)`.as('verified'),
        sql<number>`coalesce(sum(case when is_onboarded = 1 then 1 else 0 end), 0)`.as('onboarded'),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(r.total), verified: Number(r.verified), onboarded: Number(r.onboarded) };
  });

  const plans = await section(async () =>
    counts(await db.selectFrom('users').select(['subscription_tier as key', sql<number>`count(*)`.as('n')]).groupBy('subscription_tier').orderBy('subscription_tier').execute()),
  );

  const jobs = await section(() => db.selectFrom('job_leases').select(['name as job', 'holder', 'lease_until', 'last_run_date', 'last_error']).orderBy('name').execute());

  const catalog_sync = await section(async () => {
    const items = await db.selectFrom('catalog_sync_items').select(['status as key', sql<number>`count(*)`.as('n')]).groupBy('status').orderBy('status').execute();
    const last = await db.selectFrom('catalog_sync_items').select(sql<string | null>`max(updated_at)`.as('at')).executeTakeFirstOrThrow();
    const lease = jobs?.find((j) => j.job === CATALOG_SYNC_JOB);
    return { last_run_date: lease?.last_run_date ?? null, last_error: lease?.last_error ?? null, items: counts(items), last_item_at: last.at ?? null };
  });

  return {
    version: packageVersion(),
    database,
    schema,
    catalog,
    users,
    plans,
    catalog_sync,
    scheduler: jobs ? { enabled_here: config.scheduler, jobs } : null,
  };
}

const dict = (d: Record<string, number | string>) => (Object.keys(d).length ? Object.entries(d).map(([k, v]) => `${k} ${v}`).join(', ') : 'none');
const unknown = 'unknown (table missing: run the server once to migrate)';

function formatStatus(s: Status): string {
  const rows: [string, string][] = [];
  rows.push(['version', s.version ?? 'not set in package.json']);
  if (s.database.dialect === 'sqlite') {
    rows.push(['database', `SQLite ${s.database.path}`]);
    rows.push(['size', `${formatBytes(s.database.size_bytes)} (+ ${formatBytes(s.database.wal_bytes)} WAL)`]);
  } else {
    rows.push(['database', `PostgreSQL ${s.database.database} on ${s.database.host}:${s.database.port}${s.database.schema ? `, schema ${s.database.schema}` : ''}`]);
  }
  rows.push(['schema', s.schema.latest ? `${s.schema.latest} (${s.schema.applied} migrations${s.schema.pending.length ? `, ${s.schema.pending.length} pending: the server applies them when it starts` : ', up to date'})` : 'empty: no migrations applied']);
  if (s.catalog) {
    rows.push(['catalog', `${s.catalog.titles} titles (${dict(s.catalog.titles_by_source)}), ${s.catalog.retired} retired`]);
    rows.push(['offers', dict(s.catalog.offers_by_source)]);
    const m = s.catalog.meta;
    if (Object.keys(m).length) rows.push(['catalog pack', [m.pack_version && `version ${m.pack_version}`, m.pack_titles && `${m.pack_titles} titles`, m.loaded_at && `loaded ${m.loaded_at}`].filter(Boolean).join(', ') || dict(m)]);
  } else rows.push(['catalog', unknown]);
  rows.push(['users', s.users ? `${s.users.total} (${s.users.verified} verified, ${s.users.onboarded} onboarded)` : unknown]);
  rows.push(['plans', s.plans ? dict(s.plans) : unknown]);
  if (s.catalog_sync) {
    const c = s.catalog_sync;
    rows.push(['catalog sync', c.last_run_date ? `last run ${c.last_run_date}${c.last_error ? `, last error: ${c.last_error}` : ''}` : 'never ran']);
    if (Object.keys(c.items).length) rows.push(['sync items', `${dict(c.items)}; last change ${c.last_item_at}`]);
  } else rows.push(['catalog sync', unknown]);
  const out = [table(['', ''], rows).split('\n').slice(1).join('\n')];
  if (s.scheduler) {
    out.push('', `Scheduler: ${s.scheduler.enabled_here ? 'on' : 'off'} in this environment (SCHEDULER); jobs in job_leases:`);
    out.push(
      s.scheduler.jobs.length
        ? table(['JOB', 'HOLDER', 'LEASE UNTIL', 'LAST RUN', 'LAST ERROR'], s.scheduler.jobs.map((j) => [j.job, j.holder ?? '-', j.lease_until ?? '-', j.last_run_date ?? '-', j.last_error ?? '-']))
        : 'none yet',
    );
  }
  return out.join('\n');
}

export const status: Command = {
  database: 'as-is',
  async run({ args, config, handle }) {
    const { flags } = parseArgs('status', args, { flags: ['--json'] });
    const s = await collectStatus(handle, config);
    return done(flags.has('--json') ? JSON.stringify(s, null, 2) : formatStatus(s));
  },
};
