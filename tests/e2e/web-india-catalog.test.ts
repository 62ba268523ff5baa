// A new user in India with Netflix and JioHotstar, on an instance whose catalog was synced from
// TMDB (a local server answering in TMDB's documented shapes, with its image host): onboarding
// presets India from the browser's clock, and the picks are ones that stream on those services in
// India, shown with TMDB's poster from the image host (issue 14, "Tests").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestServer, uniqueEmail, type TestServer } from '../../server/test/support/test-server.js';
import { startFakeTmdb, type FakeTmdb } from '../../server/test/support/fake-tmdb.js';
import { PROVIDERS } from '../../server/test/support/fake-tmdb-fixtures.js';
import { runTmdbSync } from '../../server/src/catalog/sources/tmdb-sync.js';
import { tmdbClientFor } from '../../server/src/integrations/tmdb/from-config.js';
import { WEB_DIST } from './support/extension-harness.js';
import { launchBrowser, registerInBrowser, screenshot, VIEWPORTS } from './support/web-harness.js';

/** Eight Hindi dramas of our own invention, by one director, streaming in India on the user's services. */
const INDIAN = Array.from({ length: 8 }, (_, i) => {
  const id = 700100 + i;
  const provider = i % 2 ? PROVIDERS.netflix : PROVIDERS.jiohotstar;
  return {
    adult: false,
    backdrop_path: null,
    genres: [{ id: 18, name: 'Drama' }, { id: 10749, name: 'Romance' }],
    id,
    imdb_id: `tt7${String(id).padStart(7, '0')}`,
    original_language: 'hi',
    original_title: `Baarish Ke Khat ${i + 1}`,
    overview: `Letters written in the monsoon bring two families together, chapter ${i + 1}.`,
    popularity: 50 - i,
    poster_path: `/baarish${i + 1}.jpg`,
    release_date: `${2015 + i}-06-01`,
    runtime: 120 + i,
    status: 'Released',
    title: `Baarish Ke Khat ${i + 1}`,
    video: false,
    vote_average: 7.5,
    vote_count: 4000 + i,
    credits: {
      cast: [{ id: 501, name: 'Meera Lal', character: 'Asha', order: 0 }, { id: 502, name: 'Kabir Rao', character: 'Dev', order: 1 }],
      crew: [{ id: 500, name: 'Anand Varma', job: 'Director', department: 'Directing' }],
    },
    keywords: { keywords: [{ id: 1, name: 'monsoon' }, { id: 2, name: 'letters' }, { id: 3, name: 'family' }] },
    external_ids: { imdb_id: `tt7${String(id).padStart(7, '0')}` },
    // Only in India: the same title is nowhere on these services in the US.
    'watch/providers': { results: { IN: { link: `https://www.themoviedb.org/movie/${id}/watch?locale=IN`, flatrate: [provider] } } },
    videos: { results: [{ iso_639_1: 'hi', iso_3166_1: 'IN', name: 'Trailer', key: `bk${String(i).padStart(9, '0')}`, site: 'YouTube', size: 1080, type: 'Trailer', official: true, published_at: '2020-01-01T00:00:00.000Z', id: `v${i}` }] },
    release_dates: { results: [] },
  };
});

describe('a new user in India on a TMDB-synced catalog', () => {
  let server: TestServer;
  let tmdb: FakeTmdb;
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`no web build at ${WEB_DIST}: run npm run build`);
    tmdb = await startFakeTmdb();
    for (const m of INDIAN) tmdb.movies.set(m.id, m);
    server = await startTestServer('sqlite', {
      webDist: WEB_DIST,
      env: {
        TMDB_API_KEY: tmdb.apiKey,
        TMDB_API_URL: tmdb.url,
        TMDB_IMAGE_URL: `${tmdb.imageUrl}/t/p`,
        CATALOG_REGIONS: 'US,IN',
        CATALOG_SYNC: 'off',
        FREE_WEEKLY_LIMIT: '40',
      },
    });
    // What `npm run catalog -- sync` does, on the server's own database; the store then reloads.
    const { config, database } = server.running.ctx;
    const result = await runTmdbSync(database, tmdbClientFor(config), { regions: config.catalog.regions, languages: [], maxTitles: 100 });
    expect(result.complete).toBe(true);
    await server.running.services.catalog.reload();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await tmdb?.close();
  });

  async function onboard(page: Page, email: string) {
    await registerInBrowser(page, server, email);
    const next = page.getByRole('button', { name: 'Next' });
    for (const g of ['Drama', 'Romance']) await page.getByRole('checkbox', { name: g }).check();
    await next.click();
    await page.getByRole('checkbox', { name: 'Hindi' }).check();
    await next.click();
    // Three favourites found by search, shown with TMDB's posters from the image host.
    await page.getByLabel('Search titles').fill('Baarish Ke Khat');
    for (const n of [1, 2, 3]) await page.getByRole('checkbox', { name: new RegExp(`^Baarish Ke Khat ${n} \\(`) }).check();
    const favouritePoster = page.locator('.movie-option', { hasText: 'Baarish Ke Khat 1' }).locator('img');
    expect(await favouritePoster.getAttribute('src')).toBe(`${tmdb.imageUrl}/t/p/w342/baarish1.jpg`);
    await next.click();
    // India is preset from the browser's clock (Asia/Kolkata), whatever its language says.
    const country = page.getByLabel('Where do you watch?');
    expect(await country.inputValue()).toBe('IN');
    for (const p of ['Netflix', 'JioHotstar']) await page.getByRole('checkbox', { name: p }).check();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL('**/app/dashboard');
    await page.locator('article.rec-card').waitFor();
  }

  it('picks stream on Netflix or JioHotstar in India and show TMDB posters from the image host', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORTS.desktop, timezoneId: 'Asia/Kolkata', locale: 'en-US', reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await onboard(page, uniqueEmail('india'));

    const db = server.running.ctx.db;
    let sawTmdbPoster = false;
    for (let i = 0; i < 4 && !sawTmdbPoster; i++) {
      if (i > 0) {
        const previous = await page.locator('article.rec-card h2').textContent();
        await page.getByRole('button', { name: /^Show me another/ }).click();
        await page.waitForFunction((t) => document.querySelector('article.rec-card h2')?.textContent !== t, previous);
      }
      const card = page.locator('article.rec-card');
      const title = (await card.locator('h2').textContent())!.trim();
      // The service the card names carries the title in India (or everywhere), to stream, not to rent.
      const where = card.locator('.rec-platform').first();
      const platform = (await where.textContent())!.trim();
      expect(['Netflix', 'JioHotstar'], `${title}: ${platform}`).toContain(platform);
      const offers = await db
        .selectFrom('title_availability')
        .innerJoin('titles', 'titles.id', 'title_availability.title_id')
        .select(['title_availability.region', 'title_availability.kind'])
        .where('titles.title', '=', title)
        .where('title_availability.platform', '=', platform)
        .execute();
      expect(offers.some((o) => ['IN', 'GLOBAL'].includes(o.region) && ['subscription', 'free', 'ads'].includes(o.kind)), `${title} on ${platform} in India`).toBe(true);

      const poster = card.locator('img').first();
      const src = (await poster.getAttribute('src'))!;
      if (src.startsWith(`${tmdb.imageUrl}/t/p/w342/`)) {
        sawTmdbPoster = true;
        // Loaded (the CSP allows the image host), not swapped for our fallback.
        await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await poster.elementHandle());
        expect(await poster.getAttribute('src')).toBe(src);
        await expect(card.getByRole('link', { name: /Trailer/ }).getAttribute('href')).resolves.toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=bk/);
        expect(await card.getByText('Streaming data: JustWatch').count()).toBe(1);
      }
    }
    await screenshot(page, 'india-tmdb-pick');
    expect(sawTmdbPoster, 'one of the first four picks is a title synced from TMDB, with its poster').toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
