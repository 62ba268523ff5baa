// A Trakt pull through the adapter against the local fake over real HTTP: /sync/last_activities
// first and only the lists it says changed, pages up to a budget and resumed from the cursor
// (also by a new process after one was killed), a 401 refreshed and retried, a refused refresh,
// 429s, and the per-user GET budget.
import { describe, expect, it } from 'vitest';
import type { PullResult } from '../src/features/connections/adapter.js';
import { GetBudgets } from '../src/integrations/trakt/budget.js';
import { BREAKING_BAD, DARK_KNIGHT, fillerMovie, TRON_LEGACY } from './support/fake-trakt.js';
import { traktWorld } from './support/trakt-world.js';

const { fake, waits, adapter, ctx, connectNew } = await traktWorld('user');

const listCalls = () => fake.gets('/sync/').map((r) => r.path + (r.query.page ? `#${r.query.page}` : ''));

describe('Trakt pull', () => {
  it('reads everything first, then only what last_activities says changed (nothing: one GET)', async () => {
    const a = adapter();
    const { user, creds } = await connectNew(a, (u) => {
      fake.watch(u, 'movie', DARK_KNIGHT, '2025-05-01T20:00:00.000Z');
      fake.watch(u, 'show', BREAKING_BAD, '2025-05-02T20:00:00.000Z', { season: 1, number: 1 });
      fake.watch(u, 'show', BREAKING_BAD, '2025-05-03T20:00:00.000Z', { season: 1, number: 2 });
      fake.rate(u, 'movie', TRON_LEGACY, 9);
      fake.rate(u, 'show', BREAKING_BAD, 10);
      fake.list(u, 'movie', TRON_LEGACY);
    });
    const first = await a.pull(creds, null, ctx());
    expect(first.more).toBeUndefined();
    expect(first.credentials).toBeUndefined();
    const byKind = (p: PullResult, f: 'watched' | 'rating' | 'watchlist') => p.events.filter((e) => e[f] !== undefined);
    const watched = byKind(first, 'watched');
    expect(watched).toHaveLength(2);
    expect(watched[0]).toMatchObject({ key: expect.stringMatching(/^trakt:history:\d+$/), at: new Date('2025-05-01T20:00:00.000Z'), watched: true, title: { kind: 'movie', name: 'The Dark Knight', year: 2008, tmdbId: 155, imdbId: 'tt0468569', tvdbId: null } });
    // A show's episode plays are one event for the show, dated by its latest play.
    expect(watched[1]).toMatchObject({ at: new Date('2025-05-03T20:00:00.000Z'), title: { kind: 'series', name: 'Breaking Bad', tmdbId: 1396, tvdbId: 81189 } });
    expect(byKind(first, 'rating').map((e) => [e.title.name, e.rating])).toEqual([['TRON: Legacy', { value: 9, max: 10 }], ['Breaking Bad', { value: 10, max: 10 }]]);
    expect(byKind(first, 'watchlist').map((e) => [e.title.tmdbId, e.watchlist])).toEqual([[20526, true]]);
    expect(listCalls()).toEqual(['/sync/last_activities', '/sync/history/movies#1', '/sync/history/shows#1', '/sync/ratings/movies#1', '/sync/ratings/shows#1', '/sync/watchlist/movies#1', '/sync/watchlist/shows#1']);

    fake.reset();
    const idle = await a.pull(creds, first.cursor, ctx());
    expect(idle.events).toEqual([]);
    expect(listCalls()).toEqual(['/sync/last_activities']);

    fake.reset();
    fake.watch(user, 'movie', TRON_LEGACY, new Date().toISOString());
    fake.unlist(user, 'movie', TRON_LEGACY);
    const next = await a.pull(creds, idle.cursor, ctx());
    expect(listCalls()).toEqual(['/sync/last_activities', '/sync/history/movies#1', '/sync/watchlist/movies#1']);
    // History from the time last seen (start_at); the rest of the lists untouched.
    expect(fake.gets('/sync/history/')[0].query.start_at).toBe(JSON.parse(first.cursor!).seen.movies_watched);
    expect(next.events.map((e) => [e.title.tmdbId, e.watched ?? null, e.watchlist ?? null])).toEqual([[20526, true, null], [20526, null, false]]);
    expect(next.events[1].key).toMatch(/^trakt:unlisted:movie:12601:/);
    for (const r of fake.requests) expect(r.headers.authorization).toBe(`Bearer ${(creds as { access_token: string }).access_token}`);
  });

  it('stops at its page budget with more and a cursor; after a failed pull a new process resumes at the page it stopped at', async () => {
    const { creds } = await connectNew(adapter(), (u) => {
      for (let i = 0; i < 25; i++) fake.watch(u, 'movie', fillerMovie(i), new Date(Date.UTC(2024, 0, 1 + i)).toISOString());
    });
    const limits = { pageSize: 10, maxPages: 2 };
    const first = await adapter({ limits }).pull(creds, null, ctx());
    expect(first.more).toBe(true);
    expect(first.events).toHaveLength(20);
    expect(listCalls()).toEqual(['/sync/last_activities', '/sync/history/movies#1', '/sync/history/movies#2']);

    // The next pull dies on page 3 (Trakt down): nothing is handed back, the stored cursor stays.
    fake.reset();
    fake.fail('/sync/history/movies', { status: 503 }, { status: 503 }, { status: 503 });
    await expect(adapter({ limits }).pull(creds, first.cursor, ctx())).rejects.toMatchObject({ reason: 'unreachable' });

    // A new process (a new adapter) from the stored cursor: page 3, then the other lists, to the end.
    fake.reset();
    const keys = new Set(first.events.map((e) => e.key));
    let cursor = first.cursor;
    let pulls = 0;
    for (let more = true; more && pulls < 10; pulls++) {
      const r = await adapter({ limits }).pull(creds, cursor, ctx());
      for (const e of r.events) keys.add(e.key);
      cursor = r.cursor;
      more = r.more === true;
    }
    expect(keys.size).toBe(25);
    expect(listCalls().filter((p) => p.startsWith('/sync/history/movies'))).toEqual(['/sync/history/movies#3']);
    expect(pulls).toBe(3); // 2 pages a pull: movies page 3 + shows history, the two ratings, the two watchlists
    fake.reset();
    expect((await adapter({ limits }).pull(creds, cursor, ctx())).events).toEqual([]);
    expect(listCalls()).toEqual(['/sync/last_activities']);
  });

  it('a 401 refreshes the token once and retries; the pull hands back the new credentials', async () => {
    const a = adapter();
    const { user, creds } = await connectNew(a);
    fake.expireAccess(user);
    const r = await a.pull(creds, null, ctx());
    expect(fake.requests.slice(0, 3).map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual(['GET /sync/last_activities 401', 'POST /oauth/token 200', 'GET /sync/last_activities 200']);
    expect(fake.requests[1].body).toMatchObject({ grant_type: 'refresh_token', refresh_token: (creds as { refresh_token: string }).refresh_token, client_id: fake.clientId, client_secret: fake.clientSecret });
    const fresh = r.credentials as { access_token: string; refresh_token: string; user: string };
    expect(fresh.access_token).not.toBe((creds as { access_token: string }).access_token);
    expect(fresh.user).toBe(user);
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${fresh.access_token}`);

    // A token a day from expiry is refreshed before the first call.
    fake.reset();
    const soon = { ...fresh, expires_at: new Date(Date.now() + 3600_000).toISOString() };
    const ahead = await a.pull(soon, r.cursor, ctx());
    expect(fake.requests.map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual(['POST /oauth/token 200', 'GET /sync/last_activities 200']);
    expect(ahead.credentials).toBeDefined();
  });

  it('a refused refresh is an auth error: Trakt signed us out', async () => {
    const a = adapter();
    const { user, creds } = await connectNew(a);
    fake.revoke(user);
    await expect(a.pull(creds, null, ctx())).rejects.toMatchObject({ name: 'ConnectionError', reason: 'auth', message: 'Trakt signed us out; reconnect' });
    expect(fake.requests.map((q) => `${q.path} ${q.status}`)).toEqual(['/sync/last_activities 401', '/oauth/token 401']);
  });

  it('429: a short Retry-After is waited out and the call retried; a long one is rate_limited with its wait', async () => {
    const a = adapter();
    const { creds } = await connectNew(a);
    fake.fail('/sync/last_activities', { status: 429, retryAfter: 2 });
    await a.pull(creds, null, ctx());
    expect(waits).toEqual([2000]);
    expect(fake.gets('/sync/last_activities').map((q) => q.status)).toEqual([429, 200]);

    fake.reset();
    fake.fail('/sync/last_activities', { status: 429, retryAfter: 120 });
    await expect(a.pull(creds, null, ctx())).rejects.toMatchObject({ reason: 'rate_limited', retryAfter: 120, message: 'Trakt asks us to slow down; we will try again in 2 min' });
    expect(fake.gets('/sync/last_activities')).toHaveLength(1);
  });

  it("a user's GET budget, once spent, stops the pull before Trakt sees the request", async () => {
    const a = adapter({ budgets: new GetBudgets(3, 300_000) });
    const { creds } = await connectNew(a);
    const err = await a.pull(creds, null, ctx()).catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: 'rate_limited' });
    expect((err as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    expect((err as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(300);
    expect(fake.gets()).toHaveLength(3);
  });
});
