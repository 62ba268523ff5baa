// The user's country (docs/product-decisions.md, "Country and where to watch"), through the real
// API: the profile and onboarding keep it, and a platform counts only by a streamable offer in the
// user's country or GLOBAL. A test service with known offers is inserted into the catalog tables,
// as an importer would, and the catalog reloaded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, Recommendation, type Recommendation as Rec } from '@app/shared';
import { dialects } from './support/dialects.js';
import { rawRequest, signUp, startTestServer, type TestServer } from './support/test-server.js';
import { failure, onboardedUser, setPlan, type Onboarded } from './recommendations.helpers.js';

const SERVICE = 'Country Test Stream';
/** A title per kind of offer: in India, only in the US, only for rent or sale in India, free everywhere. */
const OFFERS = {
  'ct-in': [['IN', 'subscription']],
  'ct-us': [['US', 'subscription']],
  'ct-rent': [['IN', 'rent'], ['IN', 'buy']],
  'ct-global': [['GLOBAL', 'ads']],
} as const;
type TitleId = keyof typeof OFFERS;

async function addTestService(server: TestServer): Promise<void> {
  const db = server.running.ctx.db;
  const now = new Date().toISOString();
  await db
    .insertInto('platforms')
    .values({ name: SERVICE, slug: 'country-test-stream', color: '#123456', search_url: 'https://stream.example.test/search?q={q}', hosts: '[]', tmdb_provider_id: null, logo_path: null })
    .execute();
  for (const [id, offers] of Object.entries(OFFERS)) {
    await db
      .insertInto('titles')
      .values({
        id,
        kind: 'movie',
        title: `Country test ${id}`,
        original_title: null,
        year: 2020,
        end_year: null,
        genres: JSON.stringify(['Documentary']),
        language: 'en',
        runtime: 90,
        seasons: null,
        episode_runtime: null,
        imdb_rating: null,
        rotten_tomatoes: null,
        fame: 1,
        description: 'A title with known offers.',
        keywords: '[]',
        director: null,
        cast_members: '[]',
        source: 'synthetic',
        catalog_version: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (const [region, kind] of offers) {
      await db
        .insertInto('title_availability')
        .values({ title_id: id, platform: SERVICE, region, kind, as_of: '2026-01', link: region === 'IN' ? `https://stream.example.test/in/${id}` : null, source: 'synthetic' })
        .execute();
    }
  }
  await server.running.services.catalog.reload();
}

/** Picks issued one after another (each skipping the last), as the user would with "New recommendation". */
async function picks(u: Onboarded, count: number): Promise<Rec[]> {
  const out = [Recommendation.parse(await u.api.recommendations.current())];
  while (out.length < count) out.push(Recommendation.parse(await u.api.recommendations.next({ previous: 'skip' })));
  return out;
}

describe.each(dialects)('country on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await addTestService(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('PUT /settings/profile keeps the country, and a bad one is a 400 naming it', async () => {
    const c = await signUp(server);
    expect((await c.api.settings.profile()).country).toBeNull();
    expect((await c.api.settings.updateProfile({ country: 'in' })).country).toBe('IN');
    expect((await c.api.settings.profile()).country).toBe('IN');
    for (const bad of ['ZZ', 'India', 'GLOBAL', '', 7]) {
      const res = await rawRequest(server.url, '/api/settings/profile', { method: 'PUT', token: c.store.token!, body: JSON.stringify({ country: bad }) });
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body).detail).toMatch(/^country: /);
    }
    expect((await c.api.settings.profile()).country).toBe('IN');
  });

  it('onboarding saves the country and reads it back; an unknown one is refused', async () => {
    const c = await signUp(server);
    const { movies } = await c.api.onboarding.filteredMovies({ genres: ['Drama', 'Thriller'], languages: ['English'] });
    const prefs = { selected_genres: ['Drama', 'Thriller'], preferred_languages: ['English'], initial_movies: movies.slice(0, 3).map((m) => m.title) };
    const err = await failure(c.api.onboarding.savePreferences({ ...prefs, country: 'XX' }));
    expect(err.status).toBe(400);
    expect(err.detail).toMatch(/^country: /);
    expect((await c.api.onboarding.savePreferences({ ...prefs, country: 'GB' })).user.country).toBe('GB');
    expect((await c.api.onboarding.getPreferences()).country).toBe('GB');
    expect((await c.api.settings.profile()).country).toBe('GB');
  });

  it('a user in India gets only titles the service streams in India or everywhere; a US-only or rent-only title never counts', async () => {
    const u = await onboardedUser(server, { platforms: [SERVICE] });
    await u.api.settings.updateProfile({ country: 'IN' });
    await setPlan(server, u.userId, 'paid_lifetime');
    const [first, second, third] = await picks(u, 3);
    expect(new Set([first.title_id, second.title_id])).toEqual(new Set<TitleId>(['ct-in', 'ct-global']));
    for (const r of [first, second]) {
      expect(r.platform).toBe(SERVICE);
      expect(r.region).toBe('IN');
      expect(r.where_to_watch[0]).toMatchObject({ platform: SERVICE, elsewhere: false, yours: true, region: r.title_id === 'ct-in' ? 'IN' : 'GLOBAL' });
    }
    expect(first.title_id === 'ct-in' ? first : second).toMatchObject({ where_to_watch: [{ kind: 'subscription', link: 'https://stream.example.test/in/ct-in' }] });
    // Nothing else streams on the service in India: the third pick says so instead of naming it.
    expect(third.platform).toBeNull();
    expect(third.reason).toContain('Not on your platforms in India');
    for (const w of third.where_to_watch) {
      if (w.elsewhere) expect(['subscription', 'free', 'ads']).toContain(w.kind);
      else expect(['IN', 'GLOBAL']).toContain(w.region);
    }

    // Moving to the UK: the pick that streams only in India is now shown as elsewhere.
    await u.api.settings.updateProfile({ country: 'GB' });
    const { recommendations } = await u.api.recommendations.history();
    const india = recommendations.find((r) => r.title_id === 'ct-in')!;
    expect(india).toMatchObject({ region: 'GB', platform: null, watch_url: null });
    expect(india.where_to_watch).toEqual([expect.objectContaining({ platform: SERVICE, kind: 'subscription', region: 'IN', elsewhere: true })]);
    expect(recommendations.find((r) => r.title_id === 'ct-global')).toMatchObject({ region: 'GB', platform: SERVICE });
  });

  it('a user who has not chosen a country is not treated as in the US: any region counts, rent and buy still never do', async () => {
    const u = await onboardedUser(server, { platforms: [SERVICE] });
    expect((await u.api.settings.profile()).country).toBeNull();
    await setPlan(server, u.userId, 'paid_lifetime');
    const got = await picks(u, 4);
    expect(new Set(got.slice(0, 3).map((r) => r.title_id))).toEqual(new Set<TitleId>(['ct-in', 'ct-us', 'ct-global']));
    for (const r of got.slice(0, 3)) expect(r).toMatchObject({ platform: SERVICE, region: null });
    const us = got.find((r) => r.title_id === 'ct-us')!;
    expect(us.where_to_watch).toEqual([expect.objectContaining({ platform: SERVICE, region: 'US', elsewhere: false })]);
    expect(got[3].platform).toBeNull();
    expect(got[3].reason).toContain('Not on your platforms - availability unknown.');
  });
});
