// The badge's content script: registered only on the sites the user turned on (options page),
// it reads the title name and year of a title page with that site's reader, asks the background
// for the fit (only those two values leave the page) and shows the badge. A page it cannot read
// shows nothing: no error, one debug line. The sites are single-page apps, so it follows the
// address and reads each new title page again, a bounded number of times while the page loads.
// Where the badge shows, the page's video played to the end (video-end.ts) is told to the
// background, which does what the user chose in the options (ask, mark it, nothing). On a player
// page no badge shows: the title playing is watched (player-watch.ts) and only its end may bring
// a small note (player-prompt.ts).
import { browseSiteOf, type BrowseSite } from '../lib/browse-sites';
import { isPlayerPage } from '../lib/detect';
import type { MessageName, MessageRequest, MessageResponse } from '../lib/messages';
import { PLAYER_READERS, READERS } from './sites/index';
import { removeBadge, showBadge } from './badge-view';
import { removePrompt, showPlayerPrompt } from './player-prompt';
import { watchPlayer } from './player-watch';
import { watchVideoEnd } from './video-end';
import type { BadgeWords } from '../lib/badge-words';

/** How often the address is checked, how long to wait between reads, and how many reads a page gets. */
const WATCH_MS = 1000;
const RETRY_MS = 500;
const MAX_READS = 12;

// Chrome and Firefox both answer chrome.runtime.sendMessage with a promise in MV3 (no polyfill: this
// script runs on every title page and stays small).
function send<K extends MessageName>(name: K, payload: MessageRequest<K>): Promise<MessageResponse<K>> {
  try {
    return chrome.runtime.sendMessage({ name, payload }) as Promise<MessageResponse<K>>;
  } catch (err) {
    // The extension was updated or removed while this page stayed open: its context is gone.
    return Promise.reject(err);
  }
}

function watch(site: BrowseSite): void {
  let current = '';
  let generation = 0;
  let stopVideos: (() => void) | null = null;

  function read(url: URL, attempt: number, mine: number): void {
    if (mine !== generation) return;
    const found = READERS[site.id](document, url);
    if (!found) {
      if (attempt + 1 < MAX_READS) setTimeout(() => read(url, attempt + 1, mine), RETRY_MS);
      else console.debug(`Tonight's Pick: no title found on this ${site.name} page`);
      return;
    }
    void send('badge/fit', found.year === undefined ? { title: found.title } : { title: found.title, year: found.year })
      .then((answer) => {
        if (mine !== generation || !answer?.ok) return;
        const badge = showBadge(
          answer.fit,
          {
          like: (titleId) => send('badge/like', { title_id: titleId }),
          dislike: (titleId) => send('badge/dislike', { title_id: titleId }),
          save: (titleId) => send('badge/save', { title_id: titleId }),
          whyNot: (titleId) => send('badge/why-not', { title_id: titleId }),
          watched: (titleId, event) => send('badge/watched', { title_id: titleId, event }),
          },
          answer.words,
        );
        const titleId = answer.fit.title_id;
        stopVideos = watchVideoEnd(document, () => {
          if (mine !== generation) return;
          void send('badge/ended', { title_id: titleId })
            .then((ended) => {
              if (mine === generation && ended) badge.ended(ended);
            })
            .catch(() => console.debug("Tonight's Pick: the extension did not answer"));
        });
      })
      .catch(() => console.debug("Tonight's Pick: the extension did not answer"));
  }

  function check(): void {
    if (location.href === current) return;
    current = location.href;
    const mine = ++generation;
    stopVideos?.();
    stopVideos = null;
    removeBadge();
    removePrompt();
    const url = new URL(current);
    const player = PLAYER_READERS[site.id];
    if (site.isTitlePage(url)) read(url, 0, mine);
    else if (player && isPlayerPage(site.id, url)) {
      // The words come with the fit, in the viewer's language (the background knows the person's choice).
      let words: BadgeWords | undefined;
      stopVideos = watchPlayer(document, {
        read: () => player(document, url, { title: navigator.mediaSession?.metadata?.title }),
        fit: (ask) =>
          send('badge/fit', ask).then((answer) => {
            if (answer?.ok) words = answer.words;
            return answer;
          }),
        ended: (titleId) => send('badge/ended', { title_id: titleId }),
        show: (fit, answer) => showPlayerPrompt(fit, answer, (titleId) => send('badge/watched', { title_id: titleId, event: 'ended' }), words),
      });
    }
  }

  check();
  setInterval(check, WATCH_MS);
}

const site = browseSiteOf(location.href);
if (site) watch(site);
