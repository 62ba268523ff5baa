// The badge's API through the real app on a real database: GET /api/recommendations/fit finds a
// title by the name and year a streaming site's page shows and answers how well it fits the user;
// POST /api/recommendations/rate-title is the badge's Like. Bad input is a clear 4xx, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExport, FIT_LABELS, fitLabel, FitResponse, HistoryResponse, RateTitleResponse } from '@app/shared';
import type { CatalogEntry } from '../src/catalog/catalog.store.js';
import { dialects } from './support/dialects.js';
import { rawRequest, type TestServer, startTestServer } from './support/test-server.js';
import { failure, onboardedUser, recommendationRows } from './recommendations.helpers.js';

describe.each(dialects)('the badge fit on %s', (dialect) => {
  let server: TestServer;
  let titles: CatalogEntry[];
  beforeAll(async () => {
    server = await startTestServer(dialect);
    titles = await server.running.services.catalog.titles();
  });
  afterAll(async () => {
    await server?.close();
  });

  const fitPath = (q: Record<string, string>) => `/api/recommendations/fit?${new URLSearchParams(q)}`;

  it('finds a title by its page name (any case, accents and punctuation, original title too) and year +-1, with a score in [0, 1] and its label', async () => {
    const u = await onboardedUser(server);
    const amelie = titles.find((t) => t.title === 'Amélie')!;
    expect(amelie).toBeDefined();
    for (const q of [
      { title: 'Amélie', year: amelie.year },
      { title: 'AMELIE' },
      { title: ' amelie ', year: amelie.year + 1 },
      { title: "Le fabuleux destin d'Amélie Poulain", year: amelie.year - 1 },
    ]) {
      const fit = FitResponse.parse(await u.api.fit.title(q));
      expect(fit.title_id, JSON.stringify(q)).toBe(amelie.id);
      expect(fit).toMatchObject({ title: 'Amélie', year: amelie.year, history: null, saved: false });
      expect(fit.score).toBeGreaterThanOrEqual(0);
      expect(fit.score).toBeLessThanOrEqual(1);
      expect(fit.label).toBe(fitLabel(fit.score));
      expect(FIT_LABELS).toContain(fit.label);
      expect(fit.reason).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('never calls a title the user ruled out in Settings a match: the label is the weakest and the reason names the setting', async () => {
    const u = await onboardedUser(server);
    const amelie = titles.find((t) => t.title === 'Amélie')!;
    const before = FitResponse.parse(await u.api.fit.title({ title: amelie.title, year: amelie.year }));
    await u.api.settings.updateProfile({ exclusions: { genres: [amelie.genres[0]], keywords: [], people: [] } });
    const excluded = FitResponse.parse(await u.api.fit.title({ title: amelie.title, year: amelie.year }));
    expect(excluded.label).toBe(fitLabel(0));
    expect(excluded.reason).toBe(`${amelie.genres[0]} is on your "Never show me" list.`);
    // The engine's score itself is unchanged: only the words follow the user's choice.
    expect(excluded.score).toBe(before.score);
    await u.api.settings.updateProfile({ exclusions: { genres: [], keywords: [], people: [amelie.director!] } });
    expect((await u.api.fit.title({ title: amelie.title })).reason).toBe(`${amelie.director} is on your "Never show me" list.`);
    await u.api.settings.updateProfile({ exclusions: { genres: [], keywords: [], people: [] } });
    expect((await u.api.fit.title({ title: amelie.title })).reason).toBe(before.reason);
  });

  it('answers 404 with a detail for a title the catalog lacks, or a year two or more off', async () => {
    const u = await onboardedUser(server);
    const amelie = titles.find((t) => t.title === 'Amélie')!;
    for (const q of [{ title: 'No Such Film At All' }, { title: 'Amélie', year: amelie.year + 2 }, { title: '!!!' }]) {
      const err = await failure(u.api.fit.title(q));
      expect(err.status, JSON.stringify(q)).toBe(404);
      expect(err.detail).toBe("This title isn't in our catalog yet.");
    }
  });

  it('refuses bad input with a 400 and a detail naming the field, and a missing token with a 401', async () => {
    const u = await onboardedUser(server);
    const token = u.store.token!;
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'title'],
      [{ title: '' }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(301) }, 'title'],
      [{ title: 'Amélie', year: '1869' }, 'year'],
      [{ title: 'Amélie', year: '2101' }, 'year'],
      [{ title: 'Amélie', year: 'soon' }, 'year'],
      [{ title: 'Amélie', year: '2001.5' }, 'year'],
    ];
    for (const [q, field] of cases) {
      const res = await rawRequest(server.url, fitPath(q), { token });
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(typeof res.body.detail).toBe('string');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    }
    // A title of exactly 300 characters is read (and is not in the catalog).
    expect((await rawRequest(server.url, fitPath({ title: 'x'.repeat(300) }), { token })).status).toBe(404);
    expect((await rawRequest(server.url, fitPath({ title: 'Amélie' }))).status).toBe(401);
  });

  it('names a title the user liked when that is what makes the fit', async () => {
    const u = await onboardedUser(server, { genres: ['Crime', 'Thriller'] });
    const favourites = (await u.api.onboarding.getPreferences()).initial_movies;
    const fits: FitResponse[] = [];
    // English films the user has not chosen: some of them are close to a favourite.
    for (const t of titles.filter((x) => x.language === 'English' && !favourites.includes(x.title)).slice(0, 150)) {
      fits.push(FitResponse.parse(await u.api.fit.title({ title: t.title, year: t.year })));
    }
    const named = fits.filter((f) => f.reason.startsWith('You liked '));
    expect(named.length).toBeGreaterThan(0);
    for (const f of named) {
      expect(favourites.some((name) => f.reason.includes(name))).toBe(true);
      expect(f.score).toBeGreaterThanOrEqual(0.6);
    }
    // Every label agrees with the score; a weak fit never praises the title.
    for (const f of fits) {
      expect(f.label).toBe(fitLabel(f.score));
      if (f.label === 'Maybe not for you') expect(f.reason).toMatch(/which you disliked\.$|^Not much like what you have liked so far\.$/);
    }
  });

  it("Like from the badge: the title joins the history as a watched like (free, newest, leaves the watchlist), and the fit then says so", async () => {
    const u = await onboardedUser(server);
    const before = await recommendationRows(server, u.userId);
    const favourites = (await u.api.onboarding.getPreferences()).initial_movies;
    const target = titles.find((t) => t.language === 'English' && !favourites.includes(t.title) && !before.some((r) => r.title_id === t.id))!;
    await u.api.watchlist.add({ title_id: target.id });
    expect((await u.api.fit.title({ title: target.title, year: target.year })).saved).toBe(true);

    const liked = RateTitleResponse.parse(await u.api.fit.rateTitle({ title_id: target.id, rating: true }));
    expect(liked).toEqual({ message: "Thanks! We'll find more like this.", title_id: target.id, rating: true });
    const rows = await recommendationRows(server, u.userId);
    const row = rows.find((r) => r.title_id === target.id)!;
    expect(row).toMatchObject({ status: 'watched', user_rating: 1, origin: 'badge', movie_title: target.title });
    expect(Number(row.seq)).toBe(Math.max(0, ...rows.filter((r) => r !== row).map((r) => Number(r.seq))) + 1);
    // The history (web and popup) lists it, newest first.
    const history = HistoryResponse.parse(await u.api.recommendations.history());
    expect(history.recommendations[0]).toMatchObject({ title_id: target.id, user_rating: true, status: 'watched', origin: 'badge' });
    expect((await u.api.watchlist.list()).total).toBe(0);
    // The account export lists it, with where it came from.
    const exported = AccountExport.parse((await rawRequest(server.url, '/api/account/export', { token: u.store.token! })).body);
    expect(exported.history.find((h) => h.title_id === target.id)).toMatchObject({ origin: 'badge', rating: 'liked', status: 'watched' });

    const fit = FitResponse.parse(await u.api.fit.title({ title: target.title, year: target.year }));
    expect(fit).toMatchObject({ title_id: target.id, history: 'liked', reason: 'You liked this.', saved: false });

    // Rated again (dislike): the same row changes, no second row.
    await u.api.fit.rateTitle({ title_id: target.id, rating: false });
    const after = await recommendationRows(server, u.userId);
    expect(after.filter((r) => r.title_id === target.id)).toHaveLength(1);
    expect(after.find((r) => r.title_id === target.id)!.user_rating).toBe(0);
    expect((await u.api.fit.title({ title: target.title })).reason).toBe('You disliked this.');
    // Rating spends no pick.
    expect((await u.api.subscription.status()).recommendations_used).toBe(0);
  });

  it("rating tonight's pick from the badge rates its row; an unknown title is a 404 and a bad body a 400, with nothing written", async () => {
    const u = await onboardedUser(server);
    const pick = await u.api.recommendations.current();
    await u.api.fit.rateTitle({ title_id: pick.title_id, rating: true });
    const rows = await recommendationRows(server, u.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title_id: pick.title_id, status: 'active', user_rating: 1, origin: 'pick' });
    expect((await u.api.fit.title({ title: pick.movie_title, year: pick.year })).history).toBe('liked');

    const unknown = await failure(u.api.fit.rateTitle({ title_id: 'no-such-title', rating: true }));
    expect(unknown.status).toBe(404);
    for (const body of [{}, { title_id: pick.title_id }, { title_id: '', rating: true }, { title_id: pick.title_id, rating: 'yes' }, { title_id: 'x'.repeat(65), rating: true }, { title_id: pick.title_id, rating: true, extra: 1 }]) {
      const res = await rawRequest(server.url, '/api/recommendations/rate-title', { method: 'POST', body: JSON.stringify(body), token: u.store.token! });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    expect(await recommendationRows(server, u.userId)).toHaveLength(1);
  });
});
