// The catalog in the viewer's language (issue 39): the TMDB sync asks for each title's translations
// in the details call it already makes and stores our languages' names and overviews; a card, the
// watchlist, history, the title page and onboarding's search show them to a viewer of that
// language, with the original title beside a translated one, and English where TMDB has none. A
// search finds a title by its translated name as well as by its own and its original one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogTitle, MoviesResponse, PostersResponse, Recommendation, type Locale } from '@app/shared';
import { dialects } from './support/dialects.js';
import { rawRequest, signUp, startTestServer, type TestClient, type TestServer } from './support/test-server.js';
import { startFakeTmdb, type FakeTmdb } from './support/fake-tmdb.js';
import { onboardedUser } from './recommendations.helpers.js';
import { runCatalogSyncJob } from '../src/jobs/catalog-sync-job.js';
import { replaceTranslations } from '../src/catalog/catalog.repository.js';
import { writeTransaction } from '../src/db/transaction.js';

describe.each(dialects)('catalog in the viewer language on %s', (dialect) => {
  let fake: FakeTmdb;
  let server: TestServer;
  const ids = { inception: '', parasite: '', breakingBad: '' };
  const english = { inception: '', parasite: '' };

  beforeAll(async () => {
    fake = await startFakeTmdb();
    server = await startTestServer(dialect, { env: { TMDB_API_KEY: fake.apiKey, TMDB_API_URL: fake.url, CATALOG_REGIONS: 'US,IN,KR' } });
    const outcome = await runCatalogSyncJob(server.running.ctx);
    expect(outcome.outcome).toBe('ran');
    await server.running.services.catalog.reload();
    const db = server.running.ctx.db;
    const idOf = async (kind: 'movie' | 'series', tmdbId: number) => (await db.selectFrom('titles').select('id').where('kind', '=', kind).where('tmdb_id', '=', tmdbId).executeTakeFirstOrThrow()).id;
    ids.inception = await idOf('movie', 27205);
    ids.parasite = await idOf('movie', 496243);
    ids.breakingBad = await idOf('series', 1396);
    const description = async (id: string) => (await db.selectFrom('titles').select('description').where('id', '=', id).executeTakeFirstOrThrow()).description;
    english.inception = await description(ids.inception);
    english.parasite = await description(ids.parasite);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const user = async (locale: Locale): Promise<TestClient> => {
    const c = await signUp(server);
    if (locale !== 'en') await c.api.settings.updateProfile({ ui_language: locale });
    return c;
  };
  const watchlistOf = async (c: TestClient, titleIds: string[]) => {
    for (const title_id of titleIds) await c.api.watchlist.add({ title_id });
    return new Map((await c.api.watchlist.list()).items.map((i) => [i.title_id, i]));
  };

  it('asks TMDB for translations in the details call and stores our languages, region first', async () => {
    expect(fake.requests.filter((r) => /^\/(movie|tv)\/\d+$/.test(r.path)).every((r) => r.query.append_to_response?.split(',').includes('translations'))).toBe(true);
    const rows = await server.running.ctx.db.selectFrom('title_translations').selectAll().where('title_id', 'in', [ids.inception, ids.parasite, ids.breakingBad]).execute();
    const of = (id: string, locale: string) => rows.find((r) => r.title_id === id && r.locale === locale);
    // es-ES before es-MX, whatever TMDB's order.
    expect(of(ids.inception, 'es')).toMatchObject({ title: 'Origen', source: 'tmdb', search_title: 'origen' });
    expect(of(ids.inception, 'ja')?.title).toBe('インセプション');
    // French overview without a French title: the title stays English.
    expect(of(ids.inception, 'fr')).toMatchObject({ title: null });
    expect(of(ids.inception, 'fr')?.overview).toMatch(/^Cobb, un voleur/);
    // pt-PT stands in for pt-BR when TMDB has no Brazilian text.
    expect(of(ids.inception, 'pt-BR')?.title).toBe('A Origem');
    expect(of(ids.inception, 'hi')).toBeUndefined();
    expect(of(ids.inception, 'en')).toBeUndefined();
    // Korean is Parasite's own language: its original title where TMDB leaves the Korean one empty.
    expect(of(ids.parasite, 'ko')?.title).toBe('기생충');
    // A series' name is `data.name`; an empty overview is none.
    expect(of(ids.breakingBad, 'ja')?.title).toBe('ブレイキング・バッド');
    expect(of(ids.breakingBad, 'ar')).toMatchObject({ title: 'بريكنج باد', overview: null });
  });

  it('shows a Spanish viewer the Spanish title and overview with the original title; English viewers see exactly the English', async () => {
    const es = await watchlistOf(await user('es'), [ids.inception, ids.parasite]);
    expect(es.get(ids.inception)).toMatchObject({ movie_title: 'Origen', original_title: 'Inception' });
    expect(es.get(ids.inception)?.movie_description).toMatch(/^Cobb, un ladrón que roba secretos/);
    expect(es.get(ids.parasite)).toMatchObject({ movie_title: 'Parásitos', original_title: '기생충' });

    const en = await watchlistOf(await user('en'), [ids.inception, ids.parasite]);
    expect(en.get(ids.inception)).toMatchObject({ movie_title: 'Inception', original_title: null, movie_description: english.inception });
    expect(en.get(ids.parasite)).toMatchObject({ movie_title: 'Parasite', original_title: null, movie_description: english.parasite });

    const page = async (headers: Record<string, string>) => CatalogTitle.parse((await rawRequest(server.url, `/api/catalog/titles/${ids.inception}`, { headers })).body);
    expect(await page({ 'accept-language': 'es-ES,es;q=0.9' })).toMatchObject({ title: 'Origen', original_title: 'Inception' });
    expect(await page({})).toMatchObject({ title: 'Inception', description: english.inception });
    const res = await rawRequest(server.url, `/api/catalog/titles/${ids.inception}`, { headers: { 'accept-language': 'ja' } });
    expect(res.headers.get('vary')).toMatch(/accept-language/i);
  });

  it('moves the catalog version only when a translation changed, so servers reload then and only then', async () => {
    const db = server.running.ctx.db;
    const version = async () => (await db.selectFrom('catalog_meta').select('value').where('key', '=', 'version').executeTakeFirstOrThrow()).value;
    const stored = await db.selectFrom('title_translations').select(['locale', 'title', 'overview']).where('title_id', '=', ids.breakingBad).orderBy('locale').execute();
    const write = (translations: typeof stored) => writeTransaction(server.running.ctx.database, (tx) => replaceTranslations(tx, 'tmdb', [{ titleId: ids.breakingBad, translations }], new Date().toISOString()));
    const before = await version();
    expect(await write(stored)).toBe(false);
    expect(await version()).toBe(before);
    expect(await write(stored.filter((t) => t.locale !== 'ar'))).toBe(true);
    expect(Number(await version())).toBe(Number(before) + 1);
    expect(await write(stored)).toBe(true);
  });

  it("names the landing page's posters in the reader's language", async () => {
    const posters = async (lang: string) => PostersResponse.parse((await rawRequest(server.url, '/api/catalog/posters?limit=60', { headers: { 'accept-language': lang } })).body).posters;
    const ja = await posters('ja');
    const en = new Map((await posters('en')).map((p) => [p.id, p.title]));
    const japanese = new Map((await server.running.ctx.db.selectFrom('title_translations').select(['title_id', 'title']).where('locale', '=', 'ja').execute()).map((r) => [r.title_id, r.title]));
    const translated = ja.filter((p) => japanese.get(p.id));
    expect(translated.length).toBeGreaterThan(0);
    for (const p of ja) expect(p.title).toBe(japanese.get(p.id) ?? en.get(p.id));
  });

  it('shows a Japanese viewer Japanese, a Korean one the original Korean title, and falls back to English where TMDB has no translation', async () => {
    const ja = await watchlistOf(await user('ja'), [ids.inception, ids.breakingBad]);
    expect(ja.get(ids.inception)).toMatchObject({ movie_title: 'インセプション', original_title: 'Inception' });
    expect(ja.get(ids.inception)?.movie_description).toMatch(/^他人の夢の中に入り込み/);
    expect(ja.get(ids.breakingBad)).toMatchObject({ movie_title: 'ブレイキング・バッド', original_title: 'Breaking Bad' });

    const ko = await watchlistOf(await user('ko'), [ids.parasite]);
    // The shown title is the original: nothing to show beside it.
    expect(ko.get(ids.parasite)).toMatchObject({ movie_title: '기생충', original_title: null });
    expect(ko.get(ids.parasite)?.movie_description).toMatch(/^전원 백수인/);

    // No Hindi translation: the English title and overview.
    const hi = await watchlistOf(await user('hi'), [ids.inception]);
    expect(hi.get(ids.inception)).toMatchObject({ movie_title: 'Inception', original_title: null, movie_description: english.inception });
    // An Arabic name without an Arabic overview: the name, and the English overview.
    const ar = await watchlistOf(await user('ar'), [ids.breakingBad]);
    expect(ar.get(ids.breakingBad)?.movie_title).toBe('بريكنج باد');
    expect(ar.get(ids.breakingBad)?.movie_description).toBe((await server.running.services.catalog.description(ids.breakingBad)));
  });

  it("shows a Spanish viewer's pick and history in Spanish", async () => {
    const u = await onboardedUser(server);
    await u.api.settings.updateProfile({ ui_language: 'es' });
    const pick = Recommendation.parse(await u.api.recommendations.current());
    // The title as stored in English (the pick may be one an earlier test's sync already translated).
    const entry = (await server.running.services.catalog.title(pick.title_id))!;
    const english = { title: entry.title, original: entry.originalTitle ?? entry.title, description: await server.running.services.catalog.description(pick.title_id) };
    // The pick's title given a Spanish name and overview, as the sync writes them.
    await writeTransaction(server.running.ctx.database, (tx) =>
      replaceTranslations(tx, 'tmdb', [{ titleId: pick.title_id, translations: [{ locale: 'es', title: 'La recomendación en español', overview: 'Una sinopsis en español.' }] }], new Date().toISOString()),
    );
    await server.running.services.catalog.reload();
    const again = Recommendation.parse(await u.api.recommendations.current());
    expect(again).toMatchObject({ id: pick.id, movie_title: 'La recomendación en español', movie_description: 'Una sinopsis en español.', original_title: english.original });
    const history = (await u.api.recommendations.history()).recommendations.find((r) => r.id === pick.id);
    expect(history).toMatchObject({ movie_title: 'La recomendación en español', original_title: english.original });
    // Rating the card sends the name it showed: the Spanish one is the pick's too.
    const rated = await u.api.recommendations.rate({ movie_title: again.movie_title, rating: true, genre: again.genre, year: again.year, recommendation_id: again.id });
    expect(rated.recommendation).toMatchObject({ id: pick.id, user_rating: true, movie_title: 'La recomendación en español' });
    // Back in English: the card as it was.
    await u.api.settings.updateProfile({ ui_language: 'en' });
    expect(Recommendation.parse(await u.api.recommendations.current())).toMatchObject({ id: pick.id, movie_title: english.title, movie_description: english.description, original_title: null });
  });

  it('finds a title by its Spanish, its own and its original name, and saves a favourite named in Spanish', async () => {
    const search = async (q: string, lang: string) =>
      MoviesResponse.parse((await rawRequest(server.url, `/api/onboarding/movies/filtered?q=${encodeURIComponent(q)}`, { headers: { 'accept-language': lang } })).body).movies;
    const bySpanish = await search('origen', 'es');
    expect(bySpanish.find((m) => m.id === ids.inception)?.title).toBe('Origen');
    expect((await search('Inception', 'es')).find((m) => m.id === ids.inception)?.title).toBe('Origen');
    expect((await search('기생충', 'es')).find((m) => m.id === ids.parasite)?.title).toBe('Parásitos');
    // An English reader's search is as before: the Spanish name finds nothing.
    expect((await search('origen', 'en')).some((m) => m.id === ids.inception)).toBe(false);
    expect((await search('Inception', 'en')).find((m) => m.id === ids.inception)?.title).toBe('Inception');

    const c = await user('es');
    const { movies } = await c.api.onboarding.filteredMovies({ genres: ['Drama', 'Thriller'], languages: ['English'] });
    await c.api.onboarding.savePreferences({
      selected_genres: ['Drama', 'Thriller'],
      preferred_languages: ['English'],
      initial_movies: ['Origen', ...movies.slice(0, 2).map((m) => m.title)],
      ott_subscriptions: [],
      subscription_tier: 'free_trial',
    });
    const favourites = await server.running.ctx.db.selectFrom('user_favourites').select('title_id').where('user_id', '=', (await c.api.settings.profile()).id).execute();
    expect(favourites.map((f) => f.title_id)).toContain(ids.inception);
  });
});
