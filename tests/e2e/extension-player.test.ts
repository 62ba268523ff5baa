// A title played to the end on a streaming site's player page, in headless Chromium with the built
// extension: the mimic Netflix /watch/<id> page (served over HTTPS under its real hostname, as in
// extension-watched.test.ts) plays a real <video>, with the series' name in the player's title
// element and "Netflix" alone as the document title. No badge shows over the video; the title is
// looked up once, by its name only; at the end, Ask me (the default) brings the small "Watched it?"
// note, whose button marks it. A player page with no title element is named by the page's media
// session, and "automatically" marks it at the end. Either way the title is in the user's history
// as watched on a streaming site (read through the API), and the requests held the name, then the
// title id and the event: never the page's address.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchedOnLabel } from '@app/shared';
import { OPTIONS, useChromiumVideoWorld } from './support/chromium-video-world.js';
import { focusShadowButton, shadowText } from './support/closed-shadow.js';
import { artifact } from './support/extension-harness.js';
import { MEDIA_SESSION_PLAYER_URL, PLAY_TO_END, PLAYER_URL } from './support/mimic-video.js';

const PROMPT = 'tonights-pick-prompt';
const BADGE = 'tonights-pick-badge';

describe('a title played to the end on a player page (Chromium)', () => {
  const { world, signedInUser } = useChromiumVideoWorld((name) => ({ nonce: `player-${name.replace(/\W/g, '')}-nonce-0123456789`, browser_name: 'Chromium (player test)' }));

  /** The text of our element with id `hostId`, or null when the page has none. */
  const textOf = (page: Page, hostId: string) => shadowText(world().context, page, hostId);

  const fitRequests = () => world().seen.filter((r) => r.url.startsWith('/api/recommendations/fit'));
  const watchedRequests = () => world().seen.filter((r) => r.url === '/api/extension/watched');

  it('Ask me: no badge over the video, one lookup by name; the end brings "Watched it?", whose button marks the series watched', async () => {
    const user = await signedInUser('Player Asker');
    const fit = await user.api.fit.title({ title: 'Stranger Things' });
    const fitsBefore = fitRequests().length;
    const tab = await world().context.newPage();
    await tab.goto(PLAYER_URL);
    // The lookup is the state to wait for: the content script read the player's title.
    await expect.poll(() => fitRequests().length, { timeout: 15_000 }).toBe(fitsBefore + 1);
    expect(fitRequests().slice(fitsBefore).map((r) => r.url)).toEqual(['/api/recommendations/fit?title=Stranger+Things']);
    expect(await textOf(tab, BADGE)).toBeNull();
    expect(await textOf(tab, PROMPT)).toBeNull();

    await tab.evaluate(PLAY_TO_END);
    await expect.poll(() => textOf(tab, PROMPT), { timeout: 15_000 }).toBe('Tonight’s Pick · Stranger Things | Watched it? | Yes, mark it watched | ×');
    await expect.poll(() => tab.evaluate(() => (document.getElementById('player') as HTMLVideoElement).ended), { timeout: 15_000 }).toBe(true);
    await tab.screenshot({ path: artifact('player-ask.png') });
    expect(watchedRequests()).toEqual([]);
    expect(await textOf(tab, BADGE)).toBeNull();
    // One lookup for the title, none for its end.
    expect(fitRequests().length).toBe(fitsBefore + 1);

    expect(await focusShadowButton(world().context, tab, 'watched-confirm')).toBe(true);
    await tab.keyboard.press('Enter');
    await expect.poll(() => textOf(tab, PROMPT)).toBe('Tonight’s Pick · Stranger Things | Marked watched. | ×');
    expect(watchedRequests().map((r) => [r.method, JSON.parse(r.body)])).toEqual([['POST', { title_id: fit.title_id, event: 'ended' }]]);
    const history = await user.api.recommendations.history();
    expect(history.recommendations.filter((r) => r.title_id === fit.title_id)).toEqual([
      expect.objectContaining({ movie_title: 'Stranger Things', status: 'watched', origin: 'extension', reason: watchedOnLabel('extension') }),
    ]);
    await tab.close();
  });

  it('automatically: a player named only by its media session is marked at the end, and the note says so', async () => {
    const user = await signedInUser('Player Auto');
    const options = await world().context.newPage();
    await options.goto(OPTIONS);
    await options.getByRole('radio', { name: 'Mark it watched automatically' }).check();
    await expect.poll(() => options.getByText('Saved: Mark it watched automatically.').isVisible()).toBe(true);
    await options.close();

    const fit = await user.api.fit.title({ title: 'Stranger Things' });
    const before = watchedRequests().length;
    const fitsBefore = fitRequests().length;
    const tab = await world().context.newPage();
    await tab.goto(MEDIA_SESSION_PLAYER_URL);
    expect(await tab.title()).toBe('Netflix');
    await expect.poll(() => fitRequests().length, { timeout: 15_000 }).toBe(fitsBefore + 1);
    await tab.evaluate(PLAY_TO_END);
    await expect.poll(() => textOf(tab, PROMPT), { timeout: 15_000 }).toBe('Tonight’s Pick · Stranger Things | Marked watched. | ×');
    expect(watchedRequests().slice(before).map((r) => JSON.parse(r.body))).toEqual([{ title_id: fit.title_id, event: 'ended' }]);
    expect(fitRequests().slice(fitsBefore).map((r) => r.url)).toEqual(['/api/recommendations/fit?title=Stranger+Things']);
    const history = await user.api.recommendations.history();
    expect(history.recommendations.filter((r) => r.title_id === fit.title_id)).toEqual([expect.objectContaining({ status: 'watched', origin: 'extension' })]);
    await tab.close();
  });
});
