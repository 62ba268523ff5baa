import { get as get_ } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogTitle, PlatformsResponse, PostersResponse, PublicConfig } from '@app/shared';
import { dialects } from '../../test/support/dialects.js';
import { rawRequest, signUp, startTestServer, type TestServer } from '../../test/support/test-server.js';
import { xmlProblems } from './test-support.js';

describe.each(dialects)('catalog routes and artwork (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });
  const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server.url, path, { headers });

  it('serves a well-formed, escaped, cacheable SVG poster per title', async () => {
    const rows = await server.running.ctx.db.selectFrom('titles').select(['id', 'title']).orderBy('id').execute();
    const tricky = rows.filter((r) => /[&'"<>]|[^\x00-\x7F]/.test(r.title));
    expect(tricky.length).toBeGreaterThan(5);
    const sample = [...tricky.slice(0, 20), ...rows.filter((_, i) => i % 97 === 0)];
    const bodies = new Set<string>();
    for (const r of sample) {
      const res = await get(`/api/catalog/titles/${r.id}/poster.svg`);
      expect(res.status, r.id).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
      const svg = res.body as string;
      expect(xmlProblems(svg), r.id).toEqual([]);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 400 600"/);
      const escaped = r.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
      expect(svg).toContain(`<title>${escaped} (`);
      bodies.add(svg);
    }
    expect(bodies.size).toBe(sample.length);

    const first = await get(`/api/catalog/titles/${sample[0].id}/poster.svg`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // node:http, because fetch turns a conditional request into a no-cache one.
    const status = await new Promise<number>((ok, fail) => {
      get_(`${server.url}/api/catalog/titles/${sample[0].id}/poster.svg`, { headers: { 'If-None-Match': etag } }, (r) => {
        r.resume();
        ok(r.statusCode ?? 0);
      }).on('error', fail);
    });
    expect(status).toBe(304);

    const missing = await get('/api/catalog/titles/movie-no-such-title-1900/poster.svg');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('No such title');
  });

  it('lets a browser keep and revalidate the public answers, and keeps no signed-in answer', async () => {
    const conditional = (path: string, etag: string) =>
      new Promise<number>((ok, fail) => {
        get_(`${server.url}${path}`, { headers: { 'If-None-Match': etag } }, (r) => {
          r.resume();
          ok(r.statusCode ?? 0);
        }).on('error', fail);
      });
    for (const path of ['/api/catalog/posters', '/api/catalog/titles/movie-arrival-2016', '/api/public/config']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
      expect(res.headers.get('cache-control'), path).toMatch(/^public, max-age=\d+$/);
      const etag = res.headers.get('etag')!;
      expect(etag, path).toMatch(/^W\/"[\w-]+"$/);
      expect(await conditional(path, etag), path).toBe(304);
      expect(await conditional(path, 'W/"something-else"'), path).toBe(200);
    }
    // A signed-in person's answers are their own: not stored by the browser, and no ETag to revalidate with.
    const me = await signUp(server);
    const profile = await rawRequest(server.url, '/api/settings/profile', { token: me.store.token! });
    expect(profile.status).toBe(200);
    expect(profile.headers.get('cache-control')).toBe('no-store');
    expect(profile.headers.get('etag')).toBeNull();
  });

  it('serves a logo mark for every platform', async () => {
    const { platforms } = PlatformsResponse.parse((await get('/api/onboarding/platforms')).body);
    for (const p of platforms) {
      const res = await get(p.logo_url);
      expect(res.status, p.name).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(xmlProblems(res.body as string), p.name).toEqual([]);
      expect(res.body).toContain(`fill="${p.color}"`);
    }
    expect((await get('/api/catalog/platforms/quibi/logo.svg')).status).toBe(404);
    expect((await get('/api/catalog/platforms/Netflix/logo.svg')).status).toBe(404);
  });

  it('serves a title with its durable availability', async () => {
    const res = await get('/api/catalog/titles/series-dark-2017');
    expect(res.status).toBe(200);
    const dark = CatalogTitle.parse(res.body);
    expect(dark).toMatchObject({ id: 'series-dark-2017', kind: 'series', title: 'Dark', year: 2017, end_year: 2020, language: 'German', seasons: 3 });
    expect(dark.availability[0]).toMatchObject({ platform: 'Netflix', watch_url: 'https://www.netflix.com/search?q=Dark', logo_url: '/api/catalog/platforms/netflix/logo.svg' });
    expect(dark.poster_url).toBe('/api/catalog/titles/series-dark-2017/poster.svg');
    expect(dark.poster_fallback_url).toBe(dark.poster_url);
    expect((await get('/api/catalog/titles/nope')).status).toBe(404);
  });

  it('serves the landing carousel: famous, well-rated titles across languages', async () => {
    const res = await get('/api/catalog/posters?limit=24');
    expect(res.status).toBe(200);
    const { posters } = PostersResponse.parse(res.body);
    expect(posters).toHaveLength(24);
    expect(new Set(posters.map((p) => p.id)).size).toBe(24);
    expect(new Set(posters.map((p) => p.language)).size).toBeGreaterThanOrEqual(6);
    const fame = await server.running.ctx.db.selectFrom('titles').select(['id', 'fame']).where('id', 'in', posters.map((p) => p.id)).execute();
    expect(fame.every((f) => f.fame >= 4)).toBe(true);
    expect(PostersResponse.parse((await get('/api/catalog/posters')).body).posters).toHaveLength(24);
    for (const bad of ['0', '61', 'abc', '2.5']) expect((await get(`/api/catalog/posters?limit=${bad}`)).status, bad).toBe(400);
  });

  it('reports true catalog figures to the landing page', async () => {
    const config = PublicConfig.parse((await get('/api/public/config')).body);
    const count = await server.running.ctx.db.selectFrom('titles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const carrying = await server.running.ctx.db.selectFrom('title_availability').select('platform').distinct().execute();
    expect(config.stats).toMatchObject({ platforms: carrying.length, titles: Number(count.n) });
    expect(config.stats.platforms).toBeGreaterThanOrEqual(15);
    // Built-in catalog, no TMDB key: the public pages credit no TMDB data.
    expect(config.uses_tmdb).toBe(false);
  });
});
