// The badge itself: a small card in the page's bottom-right corner, in a closed shadow root (the
// site's styles cannot reach it, and the site's scripts cannot read the user's taste from it).
// Plain DOM, no framework: it is injected into every title page of the sites the user turned on.
import type { FitResponse } from '@app/shared';
import type { ActionAnswer, WhyNotAnswer } from '../lib/badge-requests';
import type { EndedAnswer, WatchedEvent } from '../lib/watched';
// The badge's own words only (extension-badge), in every language: not the popup's catalog.
import { ENGLISH_BADGE_WORDS, sayer, type BadgeWords } from '../lib/badge-words';
import { el, shadowCard } from './shadow-card';

export interface BadgeActions {
  like(titleId: string): Promise<ActionAnswer>;
  dislike(titleId: string): Promise<ActionAnswer>;
  save(titleId: string): Promise<ActionAnswer>;
  whyNot(titleId: string): Promise<WhyNotAnswer>;
  watched(titleId: string, event: WatchedEvent): Promise<ActionAnswer>;
}

/** The shown badge, told when the page's video played to the end (what the user chose then). */
export interface BadgeHandle {
  ended(answer: EndedAnswer): void;
}

const HOST_ID = 'tonights-pick-badge';

const STYLE = `
:host { all: initial; }
aside { position: fixed; right: 20px; bottom: 20px; z-index: 2147483647; box-sizing: border-box; width: 300px; max-width: calc(100vw - 40px);
  padding: 14px 16px; border-radius: 12px; background: #15151d; color: #f4f4f6; box-shadow: 0 8px 28px rgba(0, 0, 0, .45);
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; border: 1px solid #34343f;
  max-height: calc(100vh - 40px); overflow-y: auto; }
.brand { margin: 0 0 4px; margin-inline-end: 28px; font-size: 12px; color: #b9b9c6; }
.label { margin: 0 0 4px; margin-inline-end: 28px; font-size: 16px; font-weight: 700; }
.label[data-strength="strong"] { color: #7ee2a8; }
.label[data-strength="good"] { color: #ffd27a; }
.label[data-strength="weak"] { color: #d0d0da; }
.reason { margin: 0 0 10px; }
.actions { display: flex; gap: 8px; flex-wrap: wrap; }
button { font: inherit; cursor: pointer; border-radius: 8px; border: 1px solid #5b5b6b; background: #262631; color: #f4f4f6; padding: 6px 12px; }
button:hover:not(:disabled) { background: #33333f; }
button:focus-visible { outline: 2px solid #9ec5ff; outline-offset: 2px; }
button:disabled { cursor: default; opacity: .75; }
.close { position: absolute; top: 8px; inset-inline-end: 8px; width: 28px; height: 28px; padding: 0; border: none; background: transparent; font-size: 18px; line-height: 28px; }
.status { margin: 8px 0 0; font-size: 13px; color: #d0d0da; }
.status:empty { display: none; }
button.why-not-toggle { margin-top: 8px; padding: 2px 0; border: none; background: transparent; color: #9ec5ff; text-decoration: underline; }
button.why-not-toggle:hover:not(:disabled) { background: transparent; color: #c4dcff; }
.why-not { margin: 6px 0 0; font-size: 13px; }
.why-not[hidden] { display: none; }
.why-not p { margin: 0 0 4px; }
.why-not .heading { font-weight: 700; }
.why-not ul { margin: 0; padding-inline-start: 18px; }
.why-not li + li { margin-top: 2px; }
.why-not .failed { color: #ffb4a8; }
.ask { display: flex; align-items: center; gap: 8px; margin: 10px 0 0; font-weight: 700; }
.ask[hidden] { display: none; }
`;

// i18n-dynamic: extension-badge.label.
function strength(label: FitResponse['label']): 'strong' | 'good' | 'weak' {
  return label === 'Strong match for you' ? 'strong' : label === 'Good match for you' ? 'good' : 'weak';
}

export function removeBadge(): void {
  document.getElementById(HOST_ID)?.remove();
}

/** Shows the fit for the title the page shows (replacing any earlier badge), in the language of `words`. */
export function showBadge(fit: FitResponse, actions: BadgeActions, words: BadgeWords = ENGLISH_BADGE_WORDS): BadgeHandle {
  removeBadge();
  const t = sayer(words);
  const FAILED = t('extension-badge.tryAgain');
  const { host, root, card, style } = shadowCard(HOST_ID, STYLE, t('extension-badge.cardLabel', { title: fit.title }), words.locale);
  const status = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  // Like and Dislike: the one that holds is pressed and done; the other stays, to change one's mind.
  const like = el('button', { type: 'button', 'data-action': 'like' });
  const dislike = el('button', { type: 'button', 'data-action': 'dislike' });
  function showRating(rating: 'liked' | 'disliked' | null): void {
    like.textContent = rating === 'liked' ? t('extension-badge.liked') : t('extension-badge.like');
    dislike.textContent = rating === 'disliked' ? t('extension-badge.disliked') : t('extension-badge.dislike');
    like.disabled = rating === 'liked';
    dislike.disabled = rating === 'disliked';
    like.setAttribute('aria-pressed', String(rating === 'liked'));
    dislike.setAttribute('aria-pressed', String(rating === 'disliked'));
  }
  showRating(fit.history === 'liked' || fit.history === 'disliked' ? fit.history : null);
  const save = el('button', { type: 'button', 'data-action': 'save' }, fit.saved ? t('extension-badge.saved') : t('extension-badge.save'));
  save.disabled = fit.saved;
  // "Watched it" at any time; "Watched it?" when the page's video ended and the user asked to be asked.
  const watched = el('button', { type: 'button', 'data-action': 'watched' }, fit.history === 'watched' ? t('extension-badge.watched.done') : t('extension-badge.watched.action'));
  watched.disabled = fit.history === 'watched';
  const confirm = el('button', { type: 'button', 'data-action': 'watched-confirm' }, t('extension-badge.watched.confirm'));
  // Filled only when asked, so the card holds no words it does not show.
  const ask = el('p', { class: 'ask' });
  ask.hidden = true;
  const close = el('button', { type: 'button', class: 'close', 'aria-label': t('extension-badge.dismiss') }, '×');
  // "Why not recommended?": a disclosure (the page's ids cannot clash: this is the shadow root's own).
  const whyNot = el('button', { type: 'button', class: 'why-not-toggle', 'data-action': 'why-not', 'aria-expanded': 'false', 'aria-controls': 'why-not' }, t('extension-badge.whyNot.action'));
  const panel = el('div', { id: 'why-not', class: 'why-not', role: 'status' });
  panel.hidden = true;
  let asked = 0;

  async function act(button: HTMLButtonElement, run: () => Promise<ActionAnswer>, done: string): Promise<void> {
    button.disabled = true;
    const answer = await run().catch((): ActionAnswer => ({ ok: false, message: FAILED }));
    status.textContent = answer.message;
    if (answer.ok) button.textContent = done;
    else button.disabled = false;
  }
  async function rate(rating: 'liked' | 'disliked'): Promise<void> {
    const before = like.disabled ? 'liked' : dislike.disabled ? 'disliked' : null;
    like.disabled = dislike.disabled = true;
    const answer = await (rating === 'liked' ? actions.like : actions.dislike)(fit.title_id).catch((): ActionAnswer => ({ ok: false, message: FAILED }));
    status.textContent = answer.message;
    showRating(answer.ok ? rating : before);
  }
  like.addEventListener('click', () => void rate('liked'));
  dislike.addEventListener('click', () => void rate('disliked'));
  save.addEventListener('click', () => void act(save, () => actions.save(fit.title_id), t('extension-badge.saved')));
  function markedWatched(answer: ActionAnswer): void {
    status.textContent = answer.message;
    if (!answer.ok) return;
    ask.hidden = true;
    ask.replaceChildren();
    watched.textContent = t('extension-badge.watched.done');
    watched.disabled = true;
  }
  async function markWatched(event: WatchedEvent): Promise<void> {
    watched.disabled = confirm.disabled = true;
    const answer = await actions.watched(fit.title_id, event).catch((): ActionAnswer => ({ ok: false, message: FAILED }));
    confirm.disabled = false;
    if (!answer.ok) watched.disabled = false;
    markedWatched(answer);
  }
  watched.addEventListener('click', () => void markWatched('manual'));
  confirm.addEventListener('click', () => void markWatched('ended'));
  close.addEventListener('click', () => host.remove());
  // Asked again each time it opens (a rating since may change the answer); an answer that comes
  // back after the panel was closed, or opened again, is dropped.
  whyNot.addEventListener('click', () => {
    const mine = ++asked;
    const open = whyNot.getAttribute('aria-expanded') !== 'true';
    whyNot.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    panel.replaceChildren();
    if (!open) return;
    panel.append(el('p', {}, t('extension-badge.whyNot.loading')));
    void actions
      .whyNot(fit.title_id)
      .catch((): WhyNotAnswer => ({ ok: false, message: t('extension-badge.whyNot.failed') }))
      .then((answer) => {
        if (mine !== asked) return;
        if (!answer.ok) return panel.replaceChildren(el('p', { class: 'failed' }, answer.message));
        const list = el('ul', {});
        list.append(...answer.answer.reasons.map((r) => el('li', { 'data-code': r.code }, r.text)));
        panel.replaceChildren(el('p', { class: 'heading' }, t('extension-badge.whyNot.heading', { title: answer.answer.title })), list);
      });
  });
  card.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') host.remove();
  });

  const actionsRow = el('div', { class: 'actions' });
  actionsRow.append(like, dislike, save, watched);
  card.append(
    el('p', { class: 'brand' }, t('extension-badge.brand')),
    el('p', { class: 'label', 'data-strength': strength(fit.label) }, t(`extension-badge.label.${strength(fit.label)}`)),
    el('p', { class: 'reason' }, fit.reason),
    actionsRow,
    ask,
    status,
    whyNot,
    panel,
    close,
  );
  root.append(style, card);
  document.documentElement.append(host);
  return {
    ended(answer) {
      if (answer.action === 'none') return;
      // Back in the corner if it was dismissed: the title just ended, the answer is about it.
      if (!host.isConnected) document.documentElement.append(host);
      // The prompt takes no focus: the site's player keeps its keys.
      if (answer.action === 'ask') {
        ask.replaceChildren(t('extension-badge.watched.ask'), confirm);
        ask.hidden = false;
      } else markedWatched(answer);
    },
  };
}
