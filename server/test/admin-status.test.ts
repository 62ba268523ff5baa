// `npm run admin -- status [--json]` and `users [--json]` against a database the test filled
// through the real API: a few users (one unverified, one onboarded, one on the lifetime plan).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sql } from 'kysely';
import { dialects, TEST_DATABASE_URL } from './support/dialects.js';
import { GOOD_PASSWORD, signUp, startTestServer, uniqueEmail, type TestServer } from './support/test-server.js';
import { onboardedUser } from './recommendations.helpers.js';
import { databaseEnv, runAdmin } from './support/admin-cli.js';
import { migrations } from '../src/db/migrations/index.js';

describe.each(dialects)('npm run admin -- status and users on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('status reports the database, schema, catalog, users and plans; --json parses and matches; users --json lists them', async () => {
    const onboarded = await onboardedUser(server);
    const verified = await signUp(server);
    const unverified = uniqueEmail('unverified');
    await server.client().api.auth.register({ email: unverified, password: GOOD_PASSWORD, full_name: 'Not Yet' });
    const env = databaseEnv(server.env);
    const grant = await runAdmin(env, ['grant-lifetime', verified.email]);
    expect(grant.code).toBe(0);

    const [json, human, users, usersTable, bad] = await Promise.all([
      runAdmin(env, ['status', '--json']),
      runAdmin(env, ['status']),
      runAdmin(env, ['users', '--json']),
      runAdmin(env, ['users']),
      runAdmin(env, ['status', 'extra']),
    ]);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const s = JSON.parse(json.stdout);

    // What the catalog holds, counted here independently of the command.
    const db = server.running.ctx.db;
    const titles = Number((await db.selectFrom('titles').select(sql<number>`count(*)`.as('n')).where('retired_at', 'is', null).executeTakeFirstOrThrow()).n);
    expect(titles).toBeGreaterThan(100);

    expect(s.schema).toEqual({ applied: Object.keys(migrations).length, latest: Object.keys(migrations).at(-1), pending: [] });
    expect(s.users).toEqual({ total: 3, verified: 2, onboarded: 1 });
    expect(s.plans).toEqual({ free_trial: 2, paid_lifetime: 1 });
    expect(s.catalog.titles).toBe(titles);
    expect(s.catalog.titles_by_source).toEqual({ builtin: titles });
    expect(s.catalog.meta.pack_titles).toBe(String(titles));
    expect(s.catalog.offers_by_source.builtin).toBeGreaterThan(0);
    expect(s.catalog_sync).toEqual({ last_run_date: null, last_error: null, items: {}, last_item_at: null });
    expect(s.scheduler).toEqual({ enabled_here: true, jobs: [] });
    if (dialect === 'sqlite') {
      expect(s.database).toMatchObject({ dialect: 'sqlite', path: server.env.DATABASE_URL.slice('sqlite:'.length) });
      // The database is the file and its WAL (not yet checkpointed into it while the server runs).
      expect(s.database.size_bytes + s.database.wal_bytes).toBeGreaterThan(100_000);
    } else {
      const url = new URL(TEST_DATABASE_URL!);
      expect(s.database).toEqual({ dialect: 'postgres', host: url.hostname, port: Number(url.port || 5432), database: url.pathname.slice(1), schema: server.env.DATABASE_SCHEMA });
      // Never the password.
      expect(json.stdout + human.stdout).not.toContain(decodeURIComponent(url.password));
    }

    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^users\s+3 \(2 verified, 1 onboarded\)$/m);
    expect(human.stdout).toMatch(/^plans\s+free_trial 2, paid_lifetime 1$/m);
    expect(human.stdout).toMatch(new RegExp(`^catalog\\s+${titles} titles \\(builtin ${titles}\\), 0 retired$`, 'm'));
    expect(human.stdout).toMatch(new RegExp(`^schema\\s+${Object.keys(migrations).at(-1)} \\(${Object.keys(migrations).length} migrations, up to date\\)$`, 'm'));
    expect(human.stdout).toMatch(dialect === 'sqlite' ? /^database\s+SQLite \/.*app\.db$/m : /^database\s+PostgreSQL \S+ on \S+:\d+, schema t_[0-9a-f]+$/m);

    expect(users.code).toBe(0);
    const list = JSON.parse(users.stdout) as { email: string; plan: string; created_at: string; last_active_at: string }[];
    expect(list.map((u) => [u.email, u.plan]).sort()).toEqual(
      [
        [onboarded.email, 'free_trial'],
        [verified.email, 'paid_lifetime'],
        [unverified, 'free_trial'],
      ].sort(),
    );
    for (const u of list) {
      expect(Date.parse(u.created_at)).not.toBeNaN();
      expect(u.last_active_at >= u.created_at).toBe(true);
    }
    expect(usersTable.stdout.trimEnd().split('\n').at(-1)).toBe('3 accounts');

    expect(bad).toEqual({ code: 2, stdout: '', stderr: 'status takes no arguments (only --json). Try: npm run admin -- help\n' });
  }, 240_000);
});
