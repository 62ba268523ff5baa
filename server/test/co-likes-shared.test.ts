// The co-like neighbours are built once and shared by every instance on one database: the
// instance holding the 'co-likes' lease builds on a worker thread and stores the table in
// co_like_tables; another instance reads the stored table instead of rebuilding it, picks up a
// newer one when it is stored, and never serves a damaged one. Each instance here is its own
// AppContext: its own database connection and catalog, beside the test server that made the users.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { CatalogStore, type CatalogEntry } from '../src/catalog/catalog.store.js';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.js';
import { claimJob, releaseJob } from '../src/db/job-leases.js';
import type { NeighbourTable } from '../src/engine/index.js';
import { CO_LIKE_MIN_PEOPLE, CO_LIKES_JOB, CoLikes, type CoLikesOptions } from '../src/features/history/co-likes.js';
import { dialects } from './support/dialects.js';
import { signUp, startTestServer, type TestServer } from './support/test-server.js';

describe.each(dialects)('co-likes shared by the instances on one %s database', (dialect) => {
  let server: TestServer;
  let liked: CatalogEntry[];
  const opened: DatabaseHandle[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'tp-co-likes-'));

  /** Another instance on the server's database; `builderDatabase` is where its builder thread connects. */
  async function instance(opts: CoLikesOptions = {}, builderDatabase?: DatabaseConfig): Promise<CoLikes> {
    const base = server.running.ctx;
    const handle = await openDatabase(base.config.database);
    opened.push(handle);
    const config = { ...base.config, database: builderDatabase ?? base.config.database };
    const ctx: AppContext = { ...base, config, database: handle, db: handle.db };
    return new CoLikes(ctx, await CatalogStore.open(handle.db), { checkEveryMs: 0, ...opts });
  }

  /** Users who chose these titles as their onboarding favourites. */
  async function favour(titles: CatalogEntry[], users: number) {
    for (let u = 0; u < users; u++) {
      const c = await signUp(server);
      await c.api.onboarding.savePreferences({
        selected_genres: ['Drama', 'Comedy'],
        preferred_languages: ['English'],
        initial_movies: titles.map((t) => t.title),
        ott_subscriptions: [],
        subscription_tier: 'free_trial',
      });
    }
  }

  const storedIds = async () => (await server.running.ctx.db.selectFrom('co_like_tables').select('id').orderBy('id').execute()).map((r) => Number(r.id));
  const answers = (table: NeighbourTable | undefined) => liked.map((t) => ({ of: table?.of(t.id), support: table?.support(t.id) }));

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const { catalog } = server.running.services;
    // Four titles whose names find exactly them (onboarding resolves favourites by name).
    const candidates = (await catalog.titles()).slice(0, 60);
    const found = await catalog.findByTitles(candidates.map((t) => t.title));
    liked = candidates.filter((t) => found.get(t.title)?.id === t.id && candidates.filter((o) => o.title === t.title).length === 1).slice(0, 4);
    expect(liked).toHaveLength(4);
    await favour(liked, CO_LIKE_MIN_PEOPLE);
  });
  afterAll(async () => {
    await server?.running.services.history.coLikes.idle();
    for (const handle of opened) await handle.close();
    await server?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('is built by one instance and read by a second one without rebuilding', async () => {
    const a = await instance();
    const built = await a.refresh();
    expect(built.of(liked[0].id).map((n) => n.id)).toContain(liked[1].id);
    expect(a.builds).toBe(1);
    expect(await storedIds()).toEqual([a.lastBuild!.id]);

    const b = await instance();
    expect(b.current()).toBeUndefined(); // nothing read yet; the read starts in the background
    await b.idle();
    expect(b.builds).toBe(0);
    expect(b.lastBuild!.id).toBe(a.lastBuild!.id);
    expect(b.lastBuild!.rows).toBe(a.lastBuild!.rows);
    expect(answers(b.current())).toEqual(answers(built));
    expect(await storedIds()).toEqual([a.lastBuild!.id]);
  });

  it('builds nowhere while another instance holds the lease, and the older rows go as newer ones come', async () => {
    const { db, clock } = server.running.ctx;
    const [a, b] = [await instance({ maxAgeMs: 0 }), await instance({ maxAgeMs: 0 })];
    expect(await claimJob(db, CO_LIKES_JOB, 'a third instance', clock.now(), { anyTime: true })).toBe(true);
    const before = await storedIds();
    a.current();
    b.current();
    await Promise.all([a.idle(), b.idle()]);
    // Both found a rebuild due (maxAgeMs 0), neither could take the lease: both serve what is stored.
    expect([a.builds, b.builds]).toEqual([0, 0]);
    expect(await storedIds()).toEqual(before);
    expect(a.lastBuild!.id).toBe(before.at(-1));
    await releaseJob(db, CO_LIKES_JOB, 'a third instance', clock.now(), {});

    await a.refresh();
    await a.refresh();
    const ids = await storedIds();
    expect(ids).toHaveLength(2); // the newest and the one before it
    expect(ids.at(-1)).toBe(a.lastBuild!.id);
    expect(ids[0]).toBeGreaterThan(before.at(-1)!);
  });

  it('picks up a newer build from another instance, serving the older one until it is read', async () => {
    const a = await instance();
    const b = await instance({ checkEveryMs: 60_000 });
    await a.refresh();
    expect(b.current()).toBeUndefined();
    await b.idle();
    const older = b.current()!;
    expect(b.lastBuild!.id).toBe(a.lastBuild!.id);

    await favour(liked.slice(0, 3), 1);
    const newer = await a.refresh();
    expect(newer.support(liked[0].id)).toBeGreaterThan(older.support(liked[0].id));
    expect(b.current()).toBe(older); // not asked again within checkEveryMs
    const c = await instance();
    c.current();
    await c.idle();
    expect(c.builds).toBe(0);
    expect(answers(c.current())).toEqual(answers(newer));
  });

  it('never serves a damaged stored table: the next instance rebuilds it instead', async () => {
    const a = await instance();
    const good = await a.refresh();
    const damagedId = a.lastBuild!.id;
    const { db } = server.running.ctx;
    const row = await db.selectFrom('co_like_tables').select('data').where('id', '=', damagedId).executeTakeFirstOrThrow();
    const data = Buffer.from(row.data);
    data[data.length >> 1] ^= 0xff;
    await db.updateTable('co_like_tables').set({ data }).where('id', '=', damagedId).execute();

    const b = await instance();
    b.current();
    await b.idle();
    expect(b.builds).toBe(1);
    expect(b.lastBuild!.id).toBeGreaterThan(damagedId);
    expect(answers(b.current())).toEqual(answers(good));
  });

  it('keeps serving the previous table when a build fails, and frees the lease', async () => {
    const a = await instance();
    await a.refresh();
    // The builder thread connects to an empty database: it finds no tables to read.
    const b = await instance({ maxAgeMs: 0 }, { dialect: 'sqlite', path: join(scratch, 'empty.db') });
    b.current();
    await b.idle();
    expect(b.builds).toBe(0);
    expect(b.lastBuild!.id).toBe(a.lastBuild!.id);
    expect(b.current()).toBeDefined();
    await expect(b.refresh()).rejects.toThrow(/co-likes builder/);
    expect(b.lastBuild!.id).toBe(a.lastBuild!.id);
    const lease = await server.running.ctx.db.selectFrom('job_leases').select(['holder', 'last_error']).where('name', '=', CO_LIKES_JOB).executeTakeFirstOrThrow();
    expect(lease.holder).toBeNull();
    expect(lease.last_error).toMatch(/no such table/);
  });
});
