// On a player page the badge stays out of the way: no card over the video, only this small note in
// the top corner once the title played to the end, as the user chose (ask: "Watched it?" with its
// button; automatically: what was done). Dismissable, takes no focus (the player keeps its keys),
// in a closed shadow root like the badge (the site's styles and scripts cannot reach it).
import type { FitResponse } from '@app/shared';
import type { ActionAnswer } from '../lib/badge-requests';
import type { EndedAnswer } from '../lib/watched';
import { ENGLISH_BADGE_WORDS, sayer, type BadgeWords } from '../lib/badge-words';
import { el, shadowCard } from './shadow-card';

const HOST_ID = 'tonights-pick-prompt';

const STYLE = `
:host { all: initial; }
aside { position: fixed; top: 16px; right: 16px; z-index: 2147483647; box-sizing: border-box; max-width: min(320px, calc(100vw - 32px));
  padding: 10px 12px; padding-inline-end: 40px; border-radius: 10px; background: rgba(21, 21, 29, .92); color: #f4f4f6; border: 1px solid #34343f;
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; box-shadow: 0 6px 20px rgba(0, 0, 0, .4); }
p { margin: 0; }
.brand { font-size: 12px; color: #b9b9c6; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ask { display: flex; align-items: center; gap: 8px; margin-top: 6px; font-weight: 700; white-space: nowrap; }
.ask:empty, .status:empty { display: none; }
.status { margin-top: 6px; }
button { font: inherit; cursor: pointer; border-radius: 8px; border: 1px solid #5b5b6b; background: #262631; color: #f4f4f6; padding: 4px 10px; }
button:hover:not(:disabled) { background: #33333f; }
button:focus-visible { outline: 2px solid #9ec5ff; outline-offset: 2px; }
button:disabled { cursor: default; opacity: .75; }
.close { position: absolute; top: 6px; inset-inline-end: 6px; width: 26px; height: 26px; padding: 0; border: none; background: transparent; font-size: 18px; line-height: 26px; }
`;

export function removePrompt(): void {
  document.getElementById(HOST_ID)?.remove();
}

/** The note for the title that ended, in the language of `words`: nothing for Never, the ask, or what "automatically" did. */
export function showPlayerPrompt(fit: FitResponse, answer: EndedAnswer, markWatched: (titleId: string) => Promise<ActionAnswer>, words: BadgeWords = ENGLISH_BADGE_WORDS): void {
  removePrompt();
  if (answer.action === 'none') return;
  const t = sayer(words);
  const FAILED = t('extension-badge.tryAgain');
  const { host, root, card, style } = shadowCard(HOST_ID, STYLE, t('extension-badge.cardLabel', { title: fit.title }), words.locale);
  const ask = el('p', { class: 'ask' });
  const status = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' }, answer.action === 'marked' ? answer.message : '');
  const close = el('button', { type: 'button', class: 'close', 'aria-label': t('extension-badge.dismiss') }, '×');
  close.addEventListener('click', () => host.remove());
  if (answer.action === 'ask') {
    const confirm = el('button', { type: 'button', 'data-action': 'watched-confirm' }, t('extension-badge.watched.confirm'));
    confirm.addEventListener('click', () => {
      confirm.disabled = true;
      void markWatched(fit.title_id)
        .catch((): ActionAnswer => ({ ok: false, message: FAILED }))
        .then((done) => {
          status.textContent = done.message;
          if (done.ok) ask.replaceChildren();
          else confirm.disabled = false;
        });
    });
    ask.append(t('extension-badge.watched.ask'), confirm);
  }
  card.append(el('p', { class: 'brand' }, t('extension-badge.promptBrand', { title: fit.title })), ask, status, close);
  card.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') host.remove();
  });
  root.append(style, card);
  document.documentElement.append(host);
}
