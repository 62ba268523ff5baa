// A title watched on a streaming site, in the Firefox build: Debian's firefox-esr, headless, the
// add-on loaded as a temporary add-on over Marionette, the mimic Netflix title page (HTTPS, reached
// through a local CONNECT proxy so the real hostname and match pattern apply) with a real <video>
// element playing a generated media file. Netflix is turned on and "Mark it watched automatically"
// chosen in the options page; the video played to its end puts the title in the user's history as
// watched on a streaming site (read through the API), and the one request carried the title id and
// the event only. The Ask prompt and its button are the Chromium journey's
// (extension-watched.test.ts). Skipped when firefox-esr is not installed.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { watchedOnLabel } from '@app/shared';
import { FIREFOX, inPage, waitUntil } from './support/firefox-harness.js';
import { historyEntriesOnceThere, markWatchedAutomaticallyOnNetflix, useFirefoxVideoWorld } from './support/firefox-video-world.js';
import { MEDIA_SECONDS, PLAY_TO_END, TITLE_URL } from './support/mimic-video.js';

describe.skipIf(!existsSync(FIREFOX))('a title watched on a streaming site (firefox-esr, temporary add-on)', () => {
  const world = useFirefoxVideoWorld('Firefox Watched Tester', { nonce: 'firefox-watched-nonce-0123456789', browser_name: 'Firefox (watched test)' });

  it('with "Mark it watched automatically" chosen, a title played to the end on the site is in the history as watched', async () => {
    const { marionette, seen, user } = world();
    await markWatchedAutomaticallyOnNetflix(marionette);

    const fit = await user.api.fit.title({ title: 'Stranger Things', year: 2016 });
    await marionette.send('WebDriver:Navigate', { url: TITLE_URL });
    await waitUntil(() => inPage<boolean>(marionette, "return win.document.getElementById('tonights-pick-badge') !== null;"), (v) => v === true, 'the badge');
    // The page's own player, played from near its end, as the site's script would.
    expect(await inPage<number>(marionette, `return await ${PLAY_TO_END};`)).toBeCloseTo(MEDIA_SECONDS, 0);
    await waitUntil(() => inPage<boolean>(marionette, "return win.document.getElementById('player').ended;"), (v) => v === true, 'the video played to its end');

    expect(await historyEntriesOnceThere(user, fit.title_id)).toEqual([
      expect.objectContaining({ movie_title: 'Stranger Things', status: 'watched', origin: 'extension', reason: watchedOnLabel('extension') }),
    ]);
    // A CORS preflight (OPTIONS) may come first: the POST is the request that carries anything.
    const sent = seen.filter((r) => r.url === '/api/extension/watched' && r.method === 'POST');
    expect(sent.map((r) => JSON.parse(r.body))).toEqual([{ title_id: fit.title_id, event: 'ended' }]);
  });
});
