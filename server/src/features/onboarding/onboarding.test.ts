import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  GENRES,
  GenresResponse,
  LanguagesResponse,
  MoviesResponse,
  PlatformsResponse,
  PreferencesResponse,
  SavePreferencesResponse,
  type PreferencesRequest,
} from '@app/shared';
import { dialects } from '../../../test/support/dialects.js';
import { rawRequest, signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { favouriteTitleIds } from './onboarding.repository.js';

type Body = Record<string, unknown>;
const GOOD: PreferencesRequest = {
  selected_genres: ['Science Fiction', 'Drama', 'Thriller'],
  initial_movies: ['Arrival', 'parasite', 'Dark', 'Spirited Away'],
  preferred_languages: ['English', 'Korean'],
  ott_subscriptions: ['Netflix', 'Prime Video'],
  subscription_tier: 'free_trial',
};

describe.each(dialects)('onboarding API (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = async (path: string, token?: string) => rawRequest(server.url, path, { token });
  const catalogCounts = async () => {
    const rows = await server.running.ctx.db.selectFrom('titles').select(['language', 'genres']).execute();
    return rows;
  };

  it('lists the genres that have titles, in vocabulary order', async () => {
    const res = await get('/api/onboarding/genres');
    expect(res.status).toBe(200);
    const { genres } = GenresResponse.parse(res.body);
    expect(genres.length).toBeGreaterThanOrEqual(15);
    expect(genres).toEqual(GENRES.filter((g) => genres.includes(g)));
    const used = new Set((await catalogCounts()).flatMap((r) => JSON.parse(r.genres) as string[]));
    for (const g of genres) expect(used.has(g)).toBe(true);
  });

  it('lists languages with at least 10 titles, most titles first', async () => {
    const { languages } = LanguagesResponse.parse((await get('/api/onboarding/languages')).body);
    expect(languages[0]).toBe('English');
    expect(languages.length).toBeGreaterThanOrEqual(10);
    const movies = await Promise.all(languages.map((l) => get(`/api/onboarding/movies/filtered?languages=${encodeURIComponent(l)}`)));
    const counts = movies.map((m) => MoviesResponse.parse(m.body).movies.length);
    for (const c of counts) expect(c).toBeGreaterThanOrEqual(10);
    expect(languages).not.toContain('Persian');
  });

  it('lists the platforms with colour, logo, search template and hosts', async () => {
    const { platforms } = PlatformsResponse.parse((await get('/api/onboarding/platforms')).body);
    expect(platforms).toHaveLength(16);
    const netflix = platforms.find((p) => p.name === 'Netflix')!;
    expect(netflix).toMatchObject({ color: '#E50914', hosts: ['netflix.com'], search_url: 'https://www.netflix.com/search?q={q}' });
    expect(netflix.title_count).toBeGreaterThan(50);
    const logo = await get(netflix.logo_url);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('offers a popular default list across languages', async () => {
    const { movies } = MoviesResponse.parse((await get('/api/onboarding/movies')).body);
    expect(movies.length).toBeGreaterThanOrEqual(30);
    expect(new Set(movies.map((m) => m.id)).size).toBe(movies.length);
    expect(new Set(movies.map((m) => m.language)).size).toBeGreaterThanOrEqual(5);
    const english = movies.filter((m) => m.language === 'English').length;
    expect(english / movies.length).toBeLessThanOrEqual(0.5);
  });

  it('filters by genre and language, strict matches first', async () => {
    const res = await get('/api/onboarding/movies/filtered?genres=Crime,Thriller&languages=Korean');
    const { movies, message } = MoviesResponse.parse(res.body);
    expect(movies.length).toBeGreaterThanOrEqual(30);
    expect(movies.every((m) => m.language === 'Korean')).toBe(true);
    const strict = movies.filter((m) => m.genre === 'Crime' || m.genre === 'Thriller');
    // Strict matches come first as one block.
    expect(movies.slice(0, strict.length)).toEqual(strict);
    if (strict.length >= 30) expect(message).toBeUndefined();
  });

  it('has at least 30 options for every genre and language the catalog can satisfy', async () => {
    const { languages } = LanguagesResponse.parse((await get('/api/onboarding/languages')).body);
    const { genres } = GenresResponse.parse((await get('/api/onboarding/genres')).body);
    const rows = await catalogCounts();
    const names: Record<string, string> = { en: 'English', hi: 'Hindi', es: 'Spanish', ko: 'Korean', ja: 'Japanese', fr: 'French', de: 'German', ta: 'Tamil', te: 'Telugu', ml: 'Malayalam', pt: 'Portuguese', it: 'Italian', tr: 'Turkish', zh: 'Mandarin', da: 'Danish', sv: 'Swedish', no: 'Norwegian', bn: 'Bengali', kn: 'Kannada', mr: 'Marathi', pl: 'Polish', th: 'Thai', cn: 'Cantonese', fa: 'Persian' };
    const inLanguage = (l: string) => rows.filter((r) => names[r.language] === l).length;
    const combos: Array<{ g: string[]; l: string[] }> = [];
    for (const l of languages) for (const g of genres) combos.push({ g: [g], l: [l] });
    combos.push({ g: ['Western', 'War'], l: ['Telugu', 'Tamil'] }, { g: ['Documentary', 'Music', 'Horror'], l: ['Danish'] }, { g: ['Animation', 'Comedy'], l: [] });
    const responses: Array<Awaited<ReturnType<typeof get>>> = [];
    for (let i = 0; i < combos.length; i += 8) {
      const batch = combos.slice(i, i + 8);
      responses.push(...(await Promise.all(batch.map(({ g, l }) => get(`/api/onboarding/movies/filtered?genres=${encodeURIComponent(g.join(','))}&languages=${encodeURIComponent(l.join(','))}`)))));
    }
    for (const [i, { g, l }] of combos.entries()) {
      const res = responses[i];
      expect(res.status).toBe(200);
      const { movies, message } = MoviesResponse.parse(res.body);
      const possible = l.length ? l.reduce((n, x) => n + inLanguage(x), 0) : rows.length;
      expect(movies.length, `${g} / ${l}`).toBeGreaterThanOrEqual(Math.min(30, possible));
      if (l.length) expect(movies.every((m) => l.includes(m.language))).toBe(true);
      const strict = movies.filter((m) => g.includes(m.genre)).length;
      if (strict < 30) expect(message, `${g} / ${l}`).toBeTruthy();
    }
  });

  it('answers clearly when nothing or little matches, and searches titles', async () => {
    const none = MoviesResponse.parse((await get('/api/onboarding/movies/filtered?languages=Marathi')).body);
    expect(none.movies).toEqual([]);
    expect(none.message).toMatch(/no Marathi titles/i);
    const few = MoviesResponse.parse((await get('/api/onboarding/movies/filtered?languages=Persian')).body);
    expect(few.movies.length).toBeGreaterThan(0);
    expect(few.movies.length).toBeLessThan(30);
    expect(few.message).toMatch(/only \d+ Persian titles/i);

    const search = MoviesResponse.parse((await get('/api/onboarding/movies/filtered?q=PARASITE')).body);
    expect(search.movies[0]).toMatchObject({ title: 'Parasite', language: 'Korean', year: 2019 });
    const accent = MoviesResponse.parse((await get('/api/onboarding/movies/filtered?q=amelie')).body);
    expect(accent.movies.map((m) => m.title)).toContain('Amélie');
    const elsewhere = MoviesResponse.parse((await get('/api/onboarding/movies/filtered?q=parasite&languages=Hindi')).body);
    expect(elsewhere.movies[0].title).toBe('Parasite');
    expect(elsewhere.message).toMatch(/other languages/);
    const nothing = MoviesResponse.parse((await get('/api/onboarding/movies/filtered?q=zzqqxx')).body);
    expect(nothing).toMatchObject({ movies: [] });
    expect(nothing.message).toMatch(/No titles match "zzqqxx"/);
  });

  it('finds a title however its punctuation, accents and letter case are typed', async () => {
    const titles = async (q: string, languages = '') =>
      MoviesResponse.parse((await get(`/api/onboarding/movies/filtered?q=${encodeURIComponent(q)}&languages=${languages}`)).body).movies.map((m) => m.title);
    for (const q of ['wall-e', 'WALL·E', 'walle', 'Wall E', 'wall‐e']) expect(await titles(q), q).toContain('WALL-E');
    for (const q of ['amelie', 'AMÉLIE', 'Ame\u0301lie']) expect(await titles(q, 'French'), q).toContain('Amélie');
    for (const q of ['spiderman', 'Spider Man', 'SPIDER-MAN']) expect(await titles(q), q).toEqual(expect.arrayContaining(['Spider-Man: Into the Spider-Verse', 'Spider-Man: Across the Spider-Verse']));
    for (const q of ['schindlers', "Schindler's", 'Schindler’s list']) expect(await titles(q), q).toContain("Schindler's List");
    for (const q of ['leon the professional', 'mission impossible fallout', 'tar']) expect((await titles(q)).length, q).toBeGreaterThan(0);
    // The original title is searched too, without running into the display title.
    expect(await titles('fabuleux destin', 'French')).toContain('Amélie');
    // Punctuation alone searches for nothing: the unfiltered list, not an error.
    const dots = await get('/api/onboarding/movies/filtered?q=%C2%B7-%27');
    expect(dots.status).toBe(200);
    expect(MoviesResponse.parse(dots.body).movies.length).toBeGreaterThanOrEqual(30);
  });

  it('saves favourites named with other punctuation, accents or case', async () => {
    const user = await signUp(server);
    const res = await rawRequest(server.url, '/api/onboarding/preferences', {
      body: JSON.stringify({ ...GOOD, initial_movies: ['WALL·E', 'amelie', 'schindlers list'] }),
      token: user.store.token!,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await favouriteTitleIds(server.running.ctx.db, user.store.user!.id)).toEqual(['movie-wall-e-2008', 'movie-amelie-2001', 'movie-schindlers-list-1993']);
  });

  it('rejects unknown filter values with a 400', async () => {
    for (const q of ['genres=Space%20Opera', 'languages=Klingon', 'genres=Drama&genres=Crime', `q=${'x'.repeat(101)}`]) {
      const res = await get(`/api/onboarding/movies/filtered?${q}`);
      expect(res.status, q).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await get('/api/onboarding/movies/filtered?genres=Space%20Opera')).body.detail).toBe('Unknown genre: Space Opera');
  });

  it('saves, reads and resets preferences; bad input changes nothing', async () => {
    const user = await signUp(server);
    const token = user.store.token!;
    const db = server.running.ctx.db;
    const userId = user.store.user!.id;
    const events = async () => db.selectFrom('analytics_events').selectAll().where('user_id', '=', userId).execute();
    const state = async () => ({ prefs: (await get('/api/onboarding/preferences', token)).body, events: (await events()).length, favs: await favouriteTitleIds(db, userId) });

    expect((await rawRequest(server.url, '/api/onboarding/preferences', { body: JSON.stringify(GOOD) })).status).toBe(401);
    const before = await state();
    expect(PreferencesResponse.parse(before.prefs)).toMatchObject({ is_onboarded: false, initial_movies: [], selected_genres: [] });

    const bad: Array<[Body, RegExp]> = [
      [{ ...GOOD, selected_genres: ['Drama'] }, /at least 2 genres/],
      [{ ...GOOD, selected_genres: ['Drama', 'Crime', 'Comedy', 'War', 'Music', 'Horror'] }, /at most 5 genres/],
      [{ ...GOOD, selected_genres: ['Drama', 'Space Opera'] }, /Unknown genre: Space Opera/],
      [{ ...GOOD, selected_genres: ['Drama', 'drama'] }, /at least 2 genres/],
      [{ ...GOOD, preferred_languages: [] }, /at least one language/],
      [{ ...GOOD, preferred_languages: ['Klingon'] }, /Unknown language: Klingon/],
      [{ ...GOOD, initial_movies: ['Arrival', 'Dark'] }, /at least 3 favourite/],
      [{ ...GOOD, initial_movies: Array.from({ length: 21 }, (_, i) => `T${i}`) }, /at most 20 favourite/],
      [{ ...GOOD, initial_movies: ['Arrival', 'Dark', 'No Such Film 1999'] }, /Unknown title: No Such Film 1999/],
      [{ ...GOOD, initial_movies: ['Arrival', 'arrival', 'Dark'] }, /at least 3 favourite/],
      [{ ...GOOD, ott_subscriptions: ['Netflix', 'Quibi'] }, /Unknown platform: Quibi/],
      [{ ...GOOD, subscription_tier: 'paid_lifetime' }, /subscription_tier/],
      [{ ...GOOD, selected_genres: 'Drama' }, /selected_genres/],
    ];
    for (const [b, detail] of bad) {
      const res = await rawRequest(server.url, '/api/onboarding/preferences', { body: JSON.stringify(b), token });
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
    const notJson = await rawRequest(server.url, '/api/onboarding/preferences', { body: '{"selected_genres":', token });
    expect(notJson.status).toBe(400);
    expect(await state()).toEqual(before);

    const saved = SavePreferencesResponse.parse((await rawRequest(server.url, '/api/onboarding/preferences', { body: JSON.stringify(GOOD), token })).body);
    expect(saved.user).toMatchObject({ is_onboarded: true, preferred_languages: ['English', 'Korean'], ott_subscriptions: ['Netflix', 'Prime Video'], subscription_tier: 'free_trial' });
    const prefs = PreferencesResponse.parse((await get('/api/onboarding/preferences', token)).body);
    expect(prefs).toEqual({
      selected_genres: ['Science Fiction', 'Drama', 'Thriller'],
      initial_movies: ['Arrival', 'Parasite', 'Dark', 'Spirited Away'],
      preferred_languages: ['English', 'Korean'],
      ott_subscriptions: ['Netflix', 'Prime Video'],
      // GOOD sends no country (an older client): none is stored.
      country: null,
      subscription_tier: 'free_trial',
      is_onboarded: true,
    });
    expect(await favouriteTitleIds(db, userId)).toEqual(['movie-arrival-2016', 'movie-parasite-2019', 'series-dark-2017', 'movie-spirited-away-2001']);
    const completed = (await events()).filter((e) => e.name === 'onboarding_completed');
    expect(completed).toHaveLength(1);
    expect(JSON.parse(completed[0].properties!)).toEqual({ genres_count: 3, languages_count: 2, platforms_count: 2, favourites_count: 4, plan_type: 'free_trial' });

    // Favourites by id work too (the picker knows ids), and saving again replaces them.
    const byId = await rawRequest(server.url, '/api/onboarding/preferences', {
      body: JSON.stringify({ ...GOOD, initial_movies: ['series-dark-2017', 'movie-arrival-2016', 'Breaking Bad'], ott_subscriptions: [] }),
      token,
    });
    expect(byId.status).toBe(200);
    expect(await favouriteTitleIds(db, userId)).toEqual(['series-dark-2017', 'movie-arrival-2016', 'series-breaking-bad-2008']);

    // Reset keeps history (a recommendation row) and languages; genres and favourites go.
    const now = new Date().toISOString();
    await db
      .insertInto('recommendations')
      .values({ id: randomUUID(), user_id: userId, seq: 1, title_id: 'movie-arrival-2016', movie_title: 'Arrival', status: 'watched', user_rating: 1, rated_at: now, mood: null, platform: null, reason: 'test', score: 1, created_at: now, closed_at: now } as never)
      .execute();
    const reset = SavePreferencesResponse.parse((await rawRequest(server.url, '/api/onboarding/preferences', { method: 'DELETE', token })).body);
    expect(reset.user.is_onboarded).toBe(false);
    const afterReset = PreferencesResponse.parse((await get('/api/onboarding/preferences', token)).body);
    expect(afterReset).toMatchObject({ is_onboarded: false, selected_genres: [], initial_movies: [], preferred_languages: ['English', 'Korean'] });
    const history = await db.selectFrom('recommendations').select('id').where('user_id', '=', userId).execute();
    expect(history).toHaveLength(1);
    expect((await rawRequest(server.url, '/api/onboarding/preferences', { method: 'DELETE' })).status).toBe(401);
  });

  it('keeps the language chosen on its first screen (issue 39): saved on the profile before the preferences, and still the profile’s after them', async () => {
    const user = await signUp(server);
    expect(user.store.user!.is_onboarded).toBe(false);
    const chosen = await user.api.settings.updateProfile({ ui_language: 'es' });
    expect(chosen).toMatchObject({ ui_language: 'es', is_onboarded: false });
    const saved = SavePreferencesResponse.parse(await user.api.onboarding.savePreferences(GOOD));
    expect(saved.user).toMatchObject({ ui_language: 'es', is_onboarded: true });
    expect(await user.api.settings.profile()).toMatchObject({ ui_language: 'es', is_onboarded: true });
  });

  it('records onboarding_started through the analytics endpoint', async () => {
    const user = await signUp(server);
    const res = await rawRequest(server.url, '/api/analytics/events', { body: JSON.stringify({ name: 'onboarding_started', path: '/app/onboarding' }), token: user.store.token! });
    expect(res.status).toBe(201);
    const rows = await server.running.ctx.db.selectFrom('analytics_events').select('name').where('user_id', '=', user.store.user!.id).execute();
    expect(rows.map((r) => r.name)).toContain('onboarding_started');
  });
});
