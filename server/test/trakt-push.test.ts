// Push-back to Trakt through the adapter, against the local fake over real HTTP: watched titles
// to POST /sync/history with watched_at, likes and dislikes to POST /sync/ratings (8 and 3), by
// TMDB / IMDb ids, batched a hundred a POST and spaced a second apart, refreshed on a 401.
import { describe, expect, it } from 'vitest';
import type { PushItem } from '../src/features/connections/adapter.js';
import { BREAKING_BAD, DARK_KNIGHT, fillerMovie } from './support/fake-trakt.js';
import { traktWorld } from './support/trakt-world.js';

const { fake, waits, adapter, ctx, connectNew } = await traktWorld('pusher');

const item = (p: Partial<PushItem>): PushItem => ({ kind: 'movie', tmdbId: null, imdbId: null, watchedAt: null, liked: null, ...p });

describe('Trakt push', () => {
  it('sends watched titles to /sync/history and likes / dislikes to /sync/ratings as 8 / 3, by ids; a title without ids is left out', async () => {
    const a = adapter();
    const { creds } = await connectNew(a);
    fake.know('movie', DARK_KNIGHT);
    fake.know('show', BREAKING_BAD);
    const watchedAt = new Date('2025-06-01T21:30:00.000Z');
    await a.push!(creds, [
      item({ tmdbId: 155, imdbId: 'tt0468569', watchedAt, liked: true }),
      item({ kind: 'series', tmdbId: 1396, liked: false }),
      item({ watchedAt, liked: true }), // no ids: Trakt could not find it
    ], ctx());
    const [history] = fake.posts('/sync/history');
    const [ratings] = fake.posts('/sync/ratings');
    expect(history.body).toEqual({ movies: [{ ids: { tmdb: 155, imdb: 'tt0468569' }, watched_at: '2025-06-01T21:30:00.000Z' }], shows: [] });
    expect(ratings.body).toEqual({ movies: [{ ids: { tmdb: 155, imdb: 'tt0468569' }, rating: 8 }], shows: [{ ids: { tmdb: 1396 }, rating: 3 }] });
    expect([history.status, ratings.status]).toEqual([201, 201]);
    for (const r of [history, ratings]) expect(r.headers).toMatchObject({ 'content-type': 'application/json', 'trakt-api-version': '2', 'trakt-api-key': fake.clientId, authorization: `Bearer ${(creds as { access_token: string }).access_token}` });

    // What Trakt now holds comes back on the next pull, as Trakt dates it.
    const pulled = await a.pull(creds, null, ctx());
    expect(pulled.events.filter((e) => e.watched).map((e) => [e.title.tmdbId, e.at.toISOString()])).toEqual([[155, '2025-06-01T21:30:00.000Z']]);
    expect(pulled.events.filter((e) => e.rating).map((e) => [e.title.tmdbId, e.rating!.value])).toEqual([[155, 8], [1396, 3]]);
  });

  it('batches a hundred items a POST, a second apart (Trakt allows one POST a second), and takes at most 1,000 items', async () => {
    const a = adapter();
    const { creds } = await connectNew(a);
    const items = Array.from({ length: 250 }, (_, i) => item({ tmdbId: fillerMovie(i).ids.tmdb!, watchedAt: new Date(Date.UTC(2024, 0, 1, 0, i)) }));
    await a.push!(creds, items, ctx());
    const sizes = fake.posts('/sync/history').map((r) => (r.body as { movies: unknown[] }).movies.length);
    expect(sizes).toEqual([100, 100, 50]);
    expect(fake.posts('/sync/ratings')).toEqual([]);
    // Two waits between three POSTs, each at most the second Trakt asks for.
    expect(waits).toHaveLength(2);
    for (const w of waits) {
      expect(w).toBeGreaterThan(0);
      expect(w).toBeLessThanOrEqual(1000);
    }

    await expect(a.push!(creds, Array.from({ length: 1001 }, () => items[0]), ctx())).rejects.toBeInstanceOf(RangeError);
  });

  it('a 401 refreshes the token and retries the POST; the new credentials come back', async () => {
    const a = adapter();
    const { user, creds } = await connectNew(a);
    fake.know('movie', DARK_KNIGHT);
    fake.expireAccess(user);
    const r = await a.push!(creds, [item({ tmdbId: 155, liked: true })], ctx());
    expect(fake.requests.map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual(['POST /sync/ratings 401', 'POST /oauth/token 200', 'POST /sync/ratings 201']);
    expect((r.credentials as { access_token: string }).access_token).not.toBe((creds as { access_token: string }).access_token);
  });
});
