// Real artwork: TMDB's posters from the configured image host (a local fake here) wherever a
// poster is shown, ours where TMDB has none, our poster as PNG for email, the trailer link, and a
// CSP that lets the browser load images from that host and no other new one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogTitle, MoviesResponse, PostersResponse, PublicConfig, Recommendation } from '@app/shared';
import { dialects } from '../../test/support/dialects.js';
import { rawRequest, startTestServer, TestClock, type TestServer } from '../../test/support/test-server.js';
import { startFakeTmdbImages, type FakeTmdbImages } from '../../test/support/fake-tmdb-images.js';
import { decodePng } from '../../test/support/png.js';
import { onboardedUser } from '../../test/recommendations.helpers.js';
import { runAt, scheduledMailTo, scheduledUser } from '../../test/scheduler.helpers.js';

const TRAILER_KEY = 'dQw4w9WgXcQ';

/** What TMDB sync would write; the running catalog reads it again, as after an import. */
async function setArtwork(server: TestServer, ids: string[] | 'all', art: { poster_path: string | null; trailer_key?: string | null }) {
  let q = server.running.ctx.db.updateTable('titles').set({ poster_path: art.poster_path, trailer_key: art.trailer_key ?? null });
  if (ids !== 'all') q = q.where('id', 'in', ids);
  await q.execute();
  await server.running.services.catalog.reload();
}

/** Near-white pixels: only the poster's type is drawn in white (backgrounds and patterns are colour). */
function whitePixels(rgba: Buffer): number {
  let n = 0;
  for (let i = 0; i < rgba.length; i += 4) if (rgba[i] > 235 && rgba[i + 1] > 235 && rgba[i + 2] > 235 && rgba[i + 3] > 200) n++;
  return n;
}

describe.each(dialects)('real artwork (%s)', (dialect) => {
  let images: FakeTmdbImages;
  let server: TestServer;
  beforeAll(async () => {
    images = await startFakeTmdbImages();
    server = await startTestServer(dialect, { webDist: 'one-page', env: { TMDB_IMAGE_URL: `${images.baseUrl}/` } });
  });
  afterAll(async () => {
    await server?.close();
    await images?.close();
  });
  const get = (path: string) => rawRequest(server.url, path);

  it('a title with a TMDB poster shows it from the image host, with ours to fall back on; one without shows ours', async () => {
    await setArtwork(server, ['series-dark-2017'], { poster_path: '/darkPoster_1.jpg', trailer_key: TRAILER_KEY });
    // A title with a TMDB id: the public pages now credit TMDB.
    await server.running.ctx.db.updateTable('titles').set({ tmdb_id: 70523 }).where('id', '=', 'series-dark-2017').execute();
    await server.running.services.catalog.reload();
    expect(PublicConfig.parse((await get('/api/public/config')).body).uses_tmdb).toBe(true);
    const dark = CatalogTitle.parse((await get('/api/catalog/titles/series-dark-2017')).body);
    expect(dark.poster_url).toBe(`${images.baseUrl}/w342/darkPoster_1.jpg`);
    expect(dark.poster_fallback_url).toBe('/api/catalog/titles/series-dark-2017/poster.svg');
    expect(dark.trailer_url).toBe(`https://www.youtube.com/watch?v=${TRAILER_KEY}`);
    const jpg = await fetch(dark.poster_url);
    expect(jpg.status).toBe(200);
    expect(jpg.headers.get('content-type')).toBe('image/jpeg');
    expect(images.requests).toContain('/t/p/w342/darkPoster_1.jpg');
    const fallback = await get(dark.poster_fallback_url);
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');

    const [other] = await server.running.ctx.db.selectFrom('titles').select('id').where('id', '!=', 'series-dark-2017').orderBy('id').limit(1).execute();
    const plain = CatalogTitle.parse((await get(`/api/catalog/titles/${other.id}`)).body);
    expect(plain.poster_url).toBe(`/api/catalog/titles/${other.id}/poster.svg`);
    expect(plain.poster_fallback_url).toBe(plain.poster_url);
    expect(plain.trailer_url).toBeNull();

    // A path that is not one of TMDB's image paths, or a key that is not a video id, is not used.
    for (const [poster_path, trailer_key] of [['/evil.svg', 'x'], ['/../../x.jpg', 'a b c d e f g'], ['//evil.test/x.jpg', '<script>']]) {
      await setArtwork(server, ['series-dark-2017'], { poster_path, trailer_key });
      const t = CatalogTitle.parse((await get('/api/catalog/titles/series-dark-2017')).body);
      expect(t.poster_url, poster_path).toBe('/api/catalog/titles/series-dark-2017/poster.svg');
      expect(t.trailer_url, trailer_key).toBeNull();
    }
  });

  it('the landing carousel and the onboarding lists show TMDB posters too', async () => {
    const before = PostersResponse.parse((await get('/api/catalog/posters?limit=6')).body).posters;
    expect(before.every((p) => p.poster_url === `/api/catalog/titles/${p.id}/poster.svg` && p.poster_fallback_url === p.poster_url)).toBe(true);
    await setArtwork(server, [before[0].id], { poster_path: '/carousel0.jpg' });
    const after = PostersResponse.parse((await get('/api/catalog/posters?limit=6')).body).posters;
    expect(after[0]).toMatchObject({ id: before[0].id, poster_url: `${images.baseUrl}/w342/carousel0.jpg`, poster_fallback_url: `/api/catalog/titles/${before[0].id}/poster.svg` });
    expect(after[1].poster_url).toBe(`/api/catalog/titles/${after[1].id}/poster.svg`);

    const { movies } = MoviesResponse.parse((await get('/api/onboarding/movies')).body);
    await setArtwork(server, [movies[0].id], { poster_path: '/onboarding0.jpg' });
    const again = MoviesResponse.parse((await get('/api/onboarding/movies')).body).movies;
    expect(again.find((m) => m.id === movies[0].id)).toMatchObject({ poster_url: `${images.baseUrl}/w342/onboarding0.jpg`, poster_fallback_url: `/api/catalog/titles/${movies[0].id}/poster.svg` });
    expect(again.find((m) => m.id !== movies[0].id && m.id !== before[0].id)?.poster_url).toMatch(/^\/api\/catalog\/titles\/.+\/poster\.svg$/);
  });

  it('a recommendation carries the TMDB poster and the trailer when known, and neither when not', async () => {
    const u = await onboardedUser(server);
    const first = Recommendation.parse(await u.api.recommendations.current());
    await setArtwork(server, [first.title_id], { poster_path: null, trailer_key: null });
    const plain = Recommendation.parse(await u.api.recommendations.current());
    expect(plain).toMatchObject({ poster_url: `/api/catalog/titles/${first.title_id}/poster.svg`, poster_fallback_url: `/api/catalog/titles/${first.title_id}/poster.svg`, trailer_url: null });
    await setArtwork(server, [first.title_id], { poster_path: '/pick.jpg', trailer_key: TRAILER_KEY });
    const card = Recommendation.parse(await u.api.recommendations.current());
    expect(card.id).toBe(first.id);
    expect(card).toMatchObject({ poster_url: `${images.baseUrl}/w342/pick.jpg`, poster_fallback_url: `/api/catalog/titles/${first.title_id}/poster.svg`, trailer_url: `https://www.youtube.com/watch?v=${TRAILER_KEY}` });
    const history = await u.api.recommendations.history();
    expect(history.recommendations[0]).toMatchObject({ id: first.id, poster_url: card.poster_url, trailer_url: card.trailer_url });
  });

  it('serves our poster as a cacheable PNG with its text drawn, from fonts that ship with the server', async () => {
    const res = await fetch(`${server.url}/api/catalog/titles/series-dark-2017/poster.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const png = decodePng(Buffer.from(await res.arrayBuffer()));
    expect(png).toMatchObject({ width: 280, height: 420 });
    // The title, the year line and the genres are white type; without a font there would be none.
    expect(whitePixels(png.rgba)).toBeGreaterThan(800);

    // Served again from the cache, the same bytes; another title is another picture.
    const again = await fetch(`${server.url}/api/catalog/titles/series-dark-2017/poster.png`);
    expect(again.headers.get('etag')).toBe(etag);
    const [other] = await server.running.ctx.db.selectFrom('titles').select('id').where('id', '!=', 'series-dark-2017').orderBy('id').limit(1).execute();
    const otherRes = await fetch(`${server.url}/api/catalog/titles/${other.id}/poster.png`);
    expect(otherRes.headers.get('etag')).not.toBe(etag);
    expect(whitePixels(decodePng(Buffer.from(await otherRes.arrayBuffer())).rgba)).toBeGreaterThan(800);

    const missing = await get('/api/catalog/titles/movie-no-such-title-1900/poster.png');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('No such title');
  });

  it('lets pages load images from the configured image host and no other new one', async () => {
    for (const path of ['/', '/dashboard']) {
      const csp = (await get(path)).headers.get('content-security-policy') ?? '';
      const imgSrc = csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([name]) => name === 'img-src');
      expect(imgSrc?.slice(1).sort()).toEqual(["'self'", 'data:', 'https://*.googleusercontent.com', images.origin].sort());
    }
  });
});

describe.each(dialects)('scheduled email posters (%s)', (dialect) => {
  const APP_URL = 'https://picks.example.test';
  const clock = new TestClock(new Date('2026-03-02T12:00:00Z'));
  let images: FakeTmdbImages;
  let server: TestServer;
  beforeAll(async () => {
    images = await startFakeTmdbImages();
    server = await startTestServer(dialect, { clock, env: { APP_URL, TMDB_IMAGE_URL: images.baseUrl } });
  });
  afterAll(async () => {
    await server?.close();
    await images?.close();
  });

  const posterOf = (html = '') => {
    const srcs = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]);
    expect(html).not.toMatch(/\.svg|image\/svg|<svg/i);
    expect(srcs).toHaveLength(1);
    return srcs[0];
  };

  it('shows TMDB\'s jpg when the title has one, else our poster as PNG; never an SVG', async () => {
    await setArtwork(server, 'all', { poster_path: null });
    const a = await scheduledUser(server, { timezone: 'UTC', days: [1, 2, 3, 4, 5, 6, 7], time: '19:00' });
    await runAt(server, clock, '2026-03-02T19:00:00Z');
    const [plain] = scheduledMailTo(server, a.email);
    const card = await a.api.recommendations.current();
    const png = posterOf(plain.html);
    expect(png).toBe(`${APP_URL}/api/catalog/titles/${card.title_id}/poster.png`);
    const res = await fetch(`${server.url}${new URL(png).pathname}`);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(decodePng(Buffer.from(await res.arrayBuffer())).width).toBe(280);

    // TMDB sync filled in every poster: the next day's email shows TMDB's jpg from the image host.
    await setArtwork(server, 'all', { poster_path: '/shared_poster.jpg' });
    await runAt(server, clock, '2026-03-03T19:00:00Z');
    const mails = scheduledMailTo(server, a.email);
    expect(mails).toHaveLength(2);
    const jpg = posterOf(mails[1].html);
    expect(jpg).toBe(`${images.baseUrl}/w342/shared_poster.jpg`);
    expect((await fetch(jpg)).headers.get('content-type')).toBe('image/jpeg');
  });
});
