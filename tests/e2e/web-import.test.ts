// A new user brings their Letterboxd ratings during onboarding (issue 16, "Tests"): "Import
// instead of picking", the preview (matched, not in the catalog), confirm; the liked titles become
// the favourites, the first picks' reasons name imported titles, one pick is saved to the
// watchlist and shows there, and a rating is changed in the history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import type { CatalogEntry } from '../../server/src/catalog/catalog.store.js';
import { searchText } from '../../server/src/catalog/search-text.js';
import { startTestServer, uniqueEmail, type TestServer } from '../../server/test/support/test-server.js';
import { WEB_DIST } from './support/extension-harness.js';
import { launchBrowser, registerInBrowser, screenshot, VIEWPORTS } from './support/web-harness.js';

const field = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

describe('a new user imports their Letterboxd ratings in onboarding', () => {
  let server: TestServer;
  let browser: Browser;
  let liked: CatalogEntry[];
  let disliked: CatalogEntry;
  let file: string;

  beforeAll(async () => {
    if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`no web build at ${WEB_DIST}: run npm run build`);
    server = await startTestServer('sqlite', { webDist: WEB_DIST, env: { FREE_WEEKLY_LIMIT: '40' } });
    const titles = await server.running.services.catalog.titles();
    // English thrillers no other movie shares a name with: the file's name and year find exactly them.
    const names = new Map<string, number>();
    for (const t of titles) names.set(searchText(t.title), (names.get(searchText(t.title)) ?? 0) + 1);
    const thrillers = titles.filter((t) => t.kind === 'movie' && t.language === 'English' && t.genres.includes('Thriller') && names.get(searchText(t.title)) === 1);
    expect(thrillers.length).toBeGreaterThan(12);
    liked = thrillers.slice(0, 10);
    disliked = thrillers[10];
    const rows = [
      ...liked.map((t, i) => ['2024-03-1' + (i % 10), field(t.title), String(t.year), `https://boxd.it/e2e${i}`, '4.5']),
      ['2024-03-20', field(disliked.title), String(disliked.year), 'https://boxd.it/e2e10', '1'],
      ['2024-03-21', 'A Film Nobody Has Catalogued', '1999', 'https://boxd.it/e2e11', '4'],
    ];
    file = join(mkdtempSync(join(tmpdir(), 'tp-import-')), 'ratings.csv');
    writeFileSync(file, `\uFEFFDate,Name,Year,Letterboxd URI,Rating\r\n${rows.map((r) => r.join(',')).join('\r\n')}\r\n`);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('imports, gets picks that name imported titles, saves one for later and changes a rating in history', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORTS.desktop, locale: 'en-US', reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const email = uniqueEmail('import');
    await registerInBrowser(page, server, email);

    const next = page.getByRole('button', { name: 'Next' });
    for (const g of ['Drama', 'Thriller']) await page.getByRole('checkbox', { name: g }).check();
    await next.click();
    await page.getByRole('checkbox', { name: 'English' }).check();
    await next.click();

    // Favourites: import instead of picking.
    await page.getByRole('button', { name: 'Import instead of picking' }).click();
    await page.getByLabel('Your export file').setInputFiles(file);
    await page.getByRole('button', { name: 'Preview import' }).click();
    await page.getByRole('heading', { name: 'Check your Letterboxd import' }).waitFor();
    const found = page.locator('.import-title');
    for (const t of [...liked, disliked]) expect(await found.filter({ hasText: `${t.title} (${t.year})` }).count(), t.title).toBe(1);
    await page.getByText(/not in our catalog/i).first().waitFor();
    await screenshot(page, 'import-preview');
    await page.getByRole('button', { name: 'Import 11 titles' }).click();
    await page.getByText(/Imported from Letterboxd/).waitFor();

    // The liked titles are now the favourites (up to the step's maximum), so the step is complete.
    await expect(next.isEnabled()).resolves.toBe(true);
    await next.click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL('**/app/dashboard');
    const card = page.locator('article.rec-card');
    await card.waitFor();

    // Imported titles are never picked, and a pick's reason names an imported title.
    const importedNames = [...liked, disliked].map((t) => t.title);
    let namedImport = false;
    const seen: string[] = [];
    for (let i = 0; i < 4 && !namedImport; i++) {
      if (i > 0) {
        const previous = await card.locator('h2').textContent();
        await page.getByRole('button', { name: /^New recommendation/ }).click();
        await page.waitForFunction((t) => document.querySelector('article.rec-card h2')?.textContent !== t, previous);
      }
      const title = (await card.locator('h2').textContent())!.trim();
      seen.push(title);
      expect(importedNames).not.toContain(title);
      const reason = (await card.locator('.rec-reason').textContent()) ?? '';
      namedImport = liked.some((t) => reason.includes(t.title));
    }
    expect(namedImport, `one of the first picks (${seen.join(', ')}) names an imported title in its reason`).toBe(true);

    // Save tonight's pick for later; the watchlist lists it.
    const tonight = (await card.locator('h2').textContent())!.trim();
    await card.getByRole('button', { name: 'Save for later' }).click();
    await card.getByRole('button', { name: 'Saved', pressed: true }).waitFor();
    await screenshot(page, 'import-dashboard');

    // History: the imported rows are there, tagged; change one like into a dislike.
    const row = page.locator('li.history-item', { hasText: liked[0].title });
    // The history loads after the card; imported rows are listed after the picks (liked[0] is the
    // oldest of the file): page on until the row shows.
    const top = page.locator('li.history-item').first();
    await top.waitFor();
    const pages = page.getByRole('navigation', { name: 'History pages' });
    for (let i = 0; i < 5 && (await row.count()) === 0; i++) {
      const [at, first] = [await pages.innerText(), await top.innerText()];
      await pages.getByRole('button', { name: 'Next' }).click();
      // The pager moves at the click; the rows only when the next page has loaded: wait for both,
      // or a slow load would be read as a page without the row and skipped.
      await expect.poll(() => pages.innerText()).not.toBe(at);
      await expect.poll(() => top.innerText()).not.toBe(first);
    }
    await row.getByText('Imported', { exact: true }).waitFor();
    await expect(row.getByRole('button', { name: 'Like', exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');
    await row.getByRole('button', { name: 'Dislike', exact: true }).click();
    await row.getByRole('button', { name: 'Dislike', exact: true, pressed: true }).waitFor();
    const db = server.running.ctx.db;
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const stored = await db
      .selectFrom('recommendations')
      .select(['user_rating', 'origin'])
      .where('user_id', '=', user.id)
      .where('title_id', '=', liked[0].id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ user_rating: 0, origin: 'import' });

    await page.getByRole('link', { name: 'Watchlist' }).first().click();
    await page.waitForURL('**/app/watchlist');
    await page.getByText(tonight, { exact: true }).first().waitFor();
    await screenshot(page, 'import-watchlist');
    expect(errors).toEqual([]);
    await context.close();
  });
});
