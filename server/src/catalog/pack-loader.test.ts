import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dialects } from '../../test/support/dialects.js';
import { loadCatalogPack, DEFAULT_PACK_DIR } from './pack-loader.js';
import { CatalogStore } from './catalog.store.js';
import { freshDatabase, packCopy, type FreshDatabase } from './test-support.js';
import { CatalogMerger } from './sources/merge.js';
import { favouriteTitleIds } from '../features/onboarding/onboarding.repository.js';
import type { DB } from '../db/connection.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

async function insertUserWithData(db: DB, favourite: string) {
  const id = randomUUID();
  const now = '2026-01-05T10:00:00.000Z';
  await db
    .insertInto('users')
    .values({
      id, email: `${id}@example.test`, password_hash: null, full_name: 'Reader', email_verified: 1, google_sub: null,
      is_onboarded: 1, subscription_tier: 'free_trial', subscription_end_date: null, calendar_refresh_token: null,
      calendar_account_email: null, calendar_enabled: 0, selected_days: '[1]', recommendation_frequency: null,
      recommendation_day: null, recommendation_time: '19:00', timezone: 'UTC', ott_subscriptions: '["Netflix"]',
      preferred_languages: '["German"]', selected_genres: '["Drama","Mystery"]', email_delivery: 1, tokens_valid_after: 0,
      created_at: now, updated_at: now,
    })
    .execute();
  await db.insertInto('user_favourites').values({ user_id: id, title_id: favourite, position: 0, created_at: now }).execute();
  await db.insertInto('analytics_events').values({ user_id: id, name: 'onboarding_completed', path: null, properties: '{}', created_at: now }).execute();
  return id;
}

describe.each(dialects)('catalog pack loader (%s)', (dialect) => {
  let fresh: FreshDatabase;
  const cleanups: Array<() => void> = [];
  afterEach(async () => {
    await fresh?.close();
    cleanups.splice(0).forEach((f) => f());
  });

  it('loads the pack once; a second start with the same pack writes nothing', async () => {
    fresh = await freshDatabase(dialect);
    const db = fresh.handle.db;
    const first = await loadCatalogPack(fresh.handle, { dir: DEFAULT_PACK_DIR, logger: quiet, now: new Date('2026-01-01T00:00:00Z') });
    expect(first.changed).toBe(true);
    expect(first.version).toBe(1);
    expect(first.skipped).toEqual([]);
    console.log(`[${dialect}] built-in pack: ${first.titles} titles, ${first.platforms} platforms loaded in ${first.ms} ms`);
    // About 0.3 s on an idle 2-core machine; the bound leaves room for a CI box running other suites.
    expect(first.ms).toBeLessThan(3000);

    const count = await db.selectFrom('titles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(first.titles);
    const arrival = await db.selectFrom('titles').selectAll().where('id', '=', 'movie-arrival-2016').executeTakeFirstOrThrow();
    expect(arrival).toMatchObject({ kind: 'movie', title: 'Arrival', year: 2016, language: 'en', source: 'builtin', catalog_version: 1 });
    const availability = await db.selectFrom('title_availability').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(availability.n)).toBeGreaterThan(100);
    // Episode counts: a miniseries has its count, a series without one stays unknown; the engine gets both.
    const episodes = await db.selectFrom('titles').select(['id', 'episodes']).where('id', 'in', ['series-chernobyl-2019', 'series-adolescence-2025', 'series-dark-2017']).orderBy('id').execute();
    expect(episodes).toEqual([
      { id: 'series-adolescence-2025', episodes: 4 },
      { id: 'series-chernobyl-2019', episodes: 5 },
      { id: 'series-dark-2017', episodes: null },
    ]);
    const store = await CatalogStore.open(db);
    expect(await store.title('series-chernobyl-2019')).toMatchObject({ kind: 'series', runtime: 65, episodes: 5, minAge: null });
    expect((await store.title('movie-arrival-2016'))?.episodes).toBeNull();

    const second = await loadCatalogPack(fresh.handle, { dir: DEFAULT_PACK_DIR, logger: quiet, now: new Date('2026-02-01T00:00:00Z') });
    expect(second).toMatchObject({ changed: false, version: 1, hash: first.hash });
    const stamps = await db.selectFrom('titles').select('updated_at').distinct().execute();
    expect(stamps.map((s) => s.updated_at)).toEqual(['2026-01-01T00:00:00.000Z']);
    const meta = await db.selectFrom('catalog_meta').selectAll().where('key', '=', 'loaded_at').executeTakeFirstOrThrow();
    expect(meta.value).toBe('2026-01-01T00:00:00.000Z');
  });

  it('a new pack version adds, updates and retires builtin titles without touching user data', async () => {
    fresh = await freshDatabase(dialect);
    const db = fresh.handle.db;
    const v1 = packCopy();
    cleanups.push(v1.remove);
    await loadCatalogPack(fresh.handle, { dir: v1.dir, logger: quiet });
    const running = await CatalogStore.open(db, { refreshMs: 0 });
    expect(running.version()).toBe(1);
    const userId = await insertUserWithData(db, 'series-dark-2017');
    const userBefore = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    const eventsBefore = await db.selectFrom('analytics_events').selectAll().execute();

    const dark = JSON.parse(v1.lines.find((l) => l.includes('"Dark"'))!);
    const changedDark = JSON.stringify({ ...dark, description: `${dark.description.slice(0, 200)} (revised)` });
    const added = JSON.stringify({ ...JSON.parse(v1.lines[0]), title: 'A Newly Added Film', kind: 'movie', year: 2020, runtime: 100, original_title: undefined, end_year: undefined, seasons: undefined, episode_runtime: undefined });
    const kept = v1.lines.filter((l) => !l.includes('"Dark"') && !l.includes('"Lagaan"'));
    const v2 = packCopy([...kept, changedDark, added]);
    cleanups.push(v2.remove);
    const result = await loadCatalogPack(fresh.handle, { dir: v2.dir, logger: quiet });
    expect(result).toMatchObject({ changed: true, version: 2, skipped: [] });

    const darkRow = await db.selectFrom('titles').selectAll().where('id', '=', 'series-dark-2017').executeTakeFirstOrThrow();
    expect(darkRow.description.endsWith('(revised)')).toBe(true);
    expect(darkRow.catalog_version).toBe(2);
    expect(await db.selectFrom('titles').select('id').where('id', '=', 'movie-a-newly-added-film-2020').executeTakeFirst()).toBeTruthy();

    // User data is exactly as it was, and Lagaan stays for history but is no longer offered.
    expect(await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()).toEqual(userBefore);
    expect(await db.selectFrom('analytics_events').selectAll().execute()).toEqual(eventsBefore);
    expect(await favouriteTitleIds(db, userId)).toEqual(['series-dark-2017']);
    // A store that was already running picks the new version up on its next read.
    expect((await running.titles()).map((t) => t.id)).toContain('movie-a-newly-added-film-2020');
    expect(running.version()).toBe(2);
    const store = await CatalogStore.open(db);
    expect(store.version()).toBe(2);
    const offered = (await store.titles()).map((t) => t.id);
    expect(offered).toContain('movie-a-newly-added-film-2020');
    expect(offered).not.toContain('movie-lagaan-2001');
    expect((await store.title('movie-lagaan-2001'))?.retired).toBe(true);
    expect(store.stats().titles).toBe(offered.length);
  });

  it('skips bad lines with a reason and loads the rest', async () => {
    fresh = await freshDatabase(dialect);
    const base = packCopy();
    cleanups.push(base.remove);
    const good = base.lines;
    const movie = JSON.parse(good.find((l) => l.includes('"Parasite"'))!);
    const bad = [
      '{not json',
      JSON.stringify({ ...movie, title: 'Has Seasons', seasons: 2 }),
      JSON.stringify({ ...movie, title: 'Bad Language', language: 'xx' }),
      JSON.stringify({ ...movie, title: 'Unknown Field', studio: 'X' }),
      JSON.stringify({ ...movie, title: 'Bad Genre', genres: ['Drama', 'Space Opera'] }),
      JSON.stringify({ ...movie, title: 'Short', description: 'Too short.' }),
      JSON.stringify({ ...movie, title: 'Nowhere', availability: [{ platform: 'Quibi', region: 'US', as_of: '2020-04' }] }),
      good[0],
    ];
    base.write([...good, ...bad]);
    const warnings: string[] = [];
    const result = await loadCatalogPack(fresh.handle, { dir: base.dir, logger: { ...quiet, warn: (m: string) => void warnings.push(m) } as never });
    expect(result.titles).toBe(good.length);
    expect(result.skipped).toHaveLength(bad.length);
    expect(warnings).toHaveLength(bad.length);
    expect(result.skipped.join('\n')).toMatch(/not JSON/);
    expect(result.skipped.join('\n')).toMatch(/duplicate/);
    expect(result.skipped.join('\n')).toMatch(/Bad Language: language/);
    const titles = await fresh.handle.db.selectFrom('titles').select('title').execute();
    expect(titles.map((t) => t.title).sort()).toEqual(good.map((l) => JSON.parse(l).title).sort());

    // A broken platforms.json does not stop start-up: the catalog already loaded stays.
    writeFileSync(join(base.dir, 'platforms.json'), '{ broken');
    const errors: unknown[] = [];
    const broken = await loadCatalogPack(fresh.handle, { dir: base.dir, logger: { ...quiet, error: (e: unknown) => void errors.push(e) } as never });
    expect(broken).toMatchObject({ changed: false, version: 1 });
    expect(errors).toHaveLength(1);
    expect(await fresh.handle.db.selectFrom('titles').select('id').execute()).toHaveLength(good.length);
  });

  it('a pack title another source brought in first keeps its id, its offers and the user data on it', async () => {
    fresh = await freshDatabase(dialect);
    const db = fresh.handle.db;
    const merger = await CatalogMerger.open(fresh.handle, 'streaming-csv');
    // The dataset calls it by its year of release in one country: 2018, one year off the pack's 2017.
    const [imported] = await merger.write([{ kind: 'series', title: 'Dark', year: 2018, description: 'Imported text.', offers: [{ platform: 'Netflix', region: 'IN', kind: 'subscription', as_of: '2021-09' }] }]);
    expect(imported).toEqual({ outcome: 'added', id: 'series-dark-2018' });
    const userId = await insertUserWithData(db, 'series-dark-2018');

    const v1 = packCopy();
    cleanups.push(v1.remove);
    await loadCatalogPack(fresh.handle, { dir: v1.dir, logger: quiet });
    const darks = await db.selectFrom('titles').selectAll().where('title', '=', 'Dark').execute();
    expect(darks).toHaveLength(1);
    expect(darks[0]).toMatchObject({ id: 'series-dark-2018', source: 'builtin', year: 2017 });
    expect(darks[0].description).not.toBe('Imported text.');
    expect(await favouriteTitleIds(db, userId)).toEqual(['series-dark-2018']);
    const offers = await db.selectFrom('title_availability').select(['platform', 'region', 'source']).where('title_id', '=', 'series-dark-2018').orderBy('source').execute();
    expect(offers).toContainEqual({ platform: 'Netflix', region: 'IN', source: 'streaming-csv' });
    const store = await CatalogStore.open(db);
    expect((await store.title('series-dark-2018'))?.retired).toBe(false);
  });

  it('two instances starting together load the pack once', async () => {
    fresh = await freshDatabase(dialect);
    const v1 = packCopy();
    cleanups.push(v1.remove);
    const results = await Promise.all([
      loadCatalogPack(fresh.handle, { dir: v1.dir, logger: quiet }),
      loadCatalogPack(fresh.handle, { dir: v1.dir, logger: quiet }),
    ]);
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(results.map((r) => r.version)).toEqual([1, 1]);
  });
});
