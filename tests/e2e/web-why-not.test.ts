// "Why not recommended?" in the built web app against the real server: on a history row the
// engine's answer for a title the user disliked, on a watchlist card the answer for a title that is
// not on their service in their country; both open from the keyboard, with no serious axe
// violation, on a phone and a desktop screen (screenshots in test-artifacts/web).
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { WHY_NOT_TEXTS } from '@app/shared';
import type { CatalogEntry } from '../../server/src/catalog/catalog.store.js';
import { STREAMABLE } from '../../server/src/catalog/snapshot.js';
import { servesCountry } from '../../server/src/catalog/where-to-watch.js';
import type { TestServer } from '../../server/test/support/test-server.js';
import { journeyUser, screenshot, seriousViolations, signedInPage, useWebApp, VIEWPORTS } from './support/web-harness.js';

describe('why not recommended, in the web app', () => {
  let server: TestServer;
  let browser: Browser;
  useWebApp((s, b) => ((server = s), (browser = b)));

  it('answers on a history row and a watchlist card, from the keyboard, on a phone and a desktop', async () => {
    const user = await journeyUser(server, 'Wendy Whynot', ['English']);
    await user.api.settings.updateProfile({ country: 'US' });
    const first = await user.api.recommendations.current();
    await user.api.recommendations.rate({ movie_title: first.movie_title, rating: false, recommendation_id: first.id });
    await user.api.recommendations.next({ previous: 'skip' });
    const titles: CatalogEntry[] = await server.running.services.catalog.titles();
    const issued = new Set([first.title_id, (await user.api.recommendations.current()).title_id]);
    const elsewhere = titles.find(
      (t) =>
        !issued.has(t.id) &&
        !['Arrival', 'Parasite', 'Dark'].includes(t.title) &&
        !t.availability.some((o) => o.platform === 'Netflix' && STREAMABLE.has(o.kind) && servesCountry(o.region, 'US')) &&
        t.availability.some((o) => STREAMABLE.has(o.kind) && servesCountry(o.region, 'US')),
    )!;
    await user.api.watchlist.add({ title_id: elsewhere.id });
    for (const viewport of Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>) {
      const page = await signedInPage(browser, server, user, viewport);
      const row = page.getByRole('listitem', { name: first.movie_title });
      const toggle = row.getByRole('button', { name: `${WHY_NOT_TEXTS.action} ${first.movie_title}` });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await row.getByText('You disliked it, so it is never picked for you.').waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, 'why-not-history', { fullPage: false });
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/app/watchlist');
      const card = page.getByRole('listitem', { name: elsewhere.title });
      await card.getByRole('button', { name: `${WHY_NOT_TEXTS.action} ${elsewhere.title}` }).click();
      const answer = card.getByText(/^Not on your services in the United States \(Netflix\)\./);
      await answer.waitFor();
      expect(await answer.textContent()).toMatch(/It streams on .+\.|We do not know of any service that streams it\./);
      await screenshot(page, 'why-not-watchlist');
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    }
  });
});
