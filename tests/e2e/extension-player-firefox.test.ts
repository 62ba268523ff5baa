// A title played to the end on a streaming site's player page, in the Firefox build: Debian's
// firefox-esr, headless, the add-on loaded as a temporary add-on over Marionette (as in
// extension-watched-firefox.test.ts), the mimic Netflix /watch/<id> page (HTTPS, reached through a
// local CONNECT proxy so the real hostname and match pattern apply) with a real <video>, no title
// element and "Netflix" alone as its document title: the page's script names the title in its
// media session, which the content script reads through Firefox's wrappers. With "Mark it watched
// automatically" chosen, the end puts the title in the user's history as watched on a streaming
// site (read through the API), no badge covers the video, and the requests held the name, then the
// title id and the event only. The Ask note and its button are the Chromium journey's
// (extension-player.test.ts). Skipped when firefox-esr is not installed.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { watchedOnLabel } from '@app/shared';
import { FIREFOX, inPage, waitUntil } from './support/firefox-harness.js';
import { historyEntriesOnceThere, markWatchedAutomaticallyOnNetflix, useFirefoxVideoWorld } from './support/firefox-video-world.js';
import { MEDIA_SECONDS, MEDIA_SESSION_PLAYER_URL, PLAY_TO_END } from './support/mimic-video.js';

describe.skipIf(!existsSync(FIREFOX))('a title played to the end on a player page (firefox-esr, temporary add-on)', () => {
  const world = useFirefoxVideoWorld('Firefox Player Tester', { nonce: 'firefox-player-nonce-0123456789', browser_name: 'Firefox (player test)' });

  it('with "Mark it watched automatically" chosen, a title played to the end on a player page named by its media session is in the history as watched', async () => {
    const { marionette, seen, user } = world();
    await markWatchedAutomaticallyOnNetflix(marionette);

    const fit = await user.api.fit.title({ title: 'Stranger Things' });
    const fits = () => seen.filter((r) => r.url.startsWith('/api/recommendations/fit'));
    const fitsBefore = fits().length;
    await marionette.send('WebDriver:Navigate', { url: MEDIA_SESSION_PLAYER_URL });
    // The lookup is the state to wait for: the content script read the media session's title.
    await waitUntil(async () => fits().length, (n) => n > fitsBefore, 'the lookup by name');
    expect(await inPage<string>(marionette, 'return win.document.title;')).toBe('Netflix');
    expect(await inPage<number>(marionette, `return await ${PLAY_TO_END};`)).toBeCloseTo(MEDIA_SECONDS, 0);
    await waitUntil(() => inPage<boolean>(marionette, "return win.document.getElementById('player').ended;"), (v) => v === true, 'the video played to its end');
    await waitUntil(() => inPage<boolean>(marionette, "return win.document.getElementById('tonights-pick-prompt') !== null;"), (v) => v === true, 'the note');
    expect(await inPage<boolean>(marionette, "return win.document.getElementById('tonights-pick-badge') === null;")).toBe(true);

    expect(await historyEntriesOnceThere(user, fit.title_id)).toEqual([
      expect.objectContaining({ movie_title: 'Stranger Things', status: 'watched', origin: 'extension', reason: watchedOnLabel('extension') }),
    ]);
    // A CORS preflight (OPTIONS) may come first: the GET and the POST are the requests that carry anything.
    expect(fits().slice(fitsBefore).filter((r) => r.method === 'GET').map((r) => r.url)).toEqual(['/api/recommendations/fit?title=Stranger+Things']);
    const sent = seen.filter((r) => r.url === '/api/extension/watched' && r.method === 'POST');
    expect(sent.map((r) => JSON.parse(r.body))).toEqual([{ title_id: fit.title_id, event: 'ended' }]);
  });
});
