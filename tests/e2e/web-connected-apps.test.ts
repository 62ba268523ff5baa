// Connected apps in real Chromium against the real server (built app, real database) and a local
// server answering like Jellyfin's API: a new user connects their Jellyfin in Settings (the API
// key, then whose plays count); Jellyfin's webhook plugin posts tonight's pick played to the end;
// the dashboard moves on to another title and the history says "Watched on Jellyfin".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../../server/test/support/test-server.js';
import { JELLYFIN_WEBHOOK_TEMPLATE } from '../../server/src/features/connections/jellyfin/webhook.js';
import { dashed, renderTemplate, startFakeJellyfin, type FakeJellyfin } from '../../server/test/support/fake-jellyfin.js';
import { journeyUser, screenshot, seriousViolations, signedInPage, useWebApp } from './support/web-harness.js';

describe('connected apps in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let jellyfin: FakeJellyfin;
  useWebApp((s, b) => ((server = s), (browser = b)));
  beforeAll(async () => {
    jellyfin = await startFakeJellyfin('jellyfin');
  });
  afterAll(async () => {
    await jellyfin?.close();
  });

  it("connects Jellyfin in Settings; a webhook for tonight's pick moves the dashboard on and the history says where it was watched", async () => {
    const user = await journeyUser(server, 'Asha Rao');
    const page = await signedInPage(browser, server, user, 'desktop', '/app/settings?section=connected-apps');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    const card = page.locator('#connected-apps').getByRole('listitem', { name: 'Jellyfin' });
    await card.getByLabel('Server address').fill(jellyfin.url);
    await card.getByLabel('API key', { exact: true }).fill(jellyfin.apiKey);
    await card.getByRole('button', { name: 'Find users' }).click();
    await card.getByLabel('Whose plays count').selectOption({ label: jellyfin.users.alice.Name });
    await card.getByRole('button', { name: 'Connect Jellyfin' }).click();
    await card.getByText(`${jellyfin.users.alice.Name} on ${jellyfin.serverName}`).waitFor();
    await card.getByText('Hear of plays at once (webhook)').click();
    const hook = await card.getByLabel('Webhook address').inputValue();
    expect(await card.getByLabel('Template').inputValue()).toBe(JELLYFIN_WEBHOOK_TEMPLATE);
    await screenshot(page, 'connected-apps-jellyfin');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/app/dashboard');
    const pick = await user.api.recommendations.current();
    const heading = page.getByRole('article').getByRole('heading', { level: 2 }).first();
    await expect.poll(() => heading.textContent()).toBe(pick.movie_title);

    // Jellyfin's Webhook plugin: the pick played to the end (a series: an episode of it).
    const res = await fetch(hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: renderTemplate(JELLYFIN_WEBHOOK_TEMPLATE, {
        NotificationType: 'PlaybackStop',
        UtcTimestamp: new Date().toISOString(),
        UserId: dashed(jellyfin.users.alice.Id),
        ItemId: dashed('a1'.repeat(16)),
        ...(pick.kind === 'series' ? { ItemType: 'Episode', Name: 'Episode 1', SeriesName: pick.movie_title } : { ItemType: 'Movie', Name: pick.movie_title, Year: pick.year }),
        PlayedToCompletion: true,
      }),
    });
    expect(res.status).toBe(204);

    // Back at the dashboard later: another title, and the history says where the pick was watched.
    await page.reload();
    await expect.poll(() => heading.textContent()).not.toBe(pick.movie_title);
    const row = page.locator('.history-item', { has: page.getByText(pick.movie_title, { exact: true }) });
    await row.getByText('Watched on Jellyfin').waitFor();
    await screenshot(page, 'connected-apps-dashboard-after-webhook');
    expect(errors).toEqual([]);
  });
});
