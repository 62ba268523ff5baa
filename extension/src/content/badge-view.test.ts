// @vitest-environment jsdom
// The badge as a user meets it: the label and the reason, Like, Dislike and Save for later (with
// the answer in a live status line), the already-rated and already-saved states, "Why not
// recommended?" as a disclosure, and dismissal by the close button or Escape. The shadow root is closed to the page; the test keeps a handle on it
// by wrapping attachShadow, as only the badge's own code otherwise has.
import type { FitResponse } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WHY_NOT_TEXTS } from '../lib/shared';
import type { WhyNotAnswer } from '../lib/badge-requests';
import { removeBadge, showBadge } from './badge-view';
import { badgeWords } from '../lib/badge-i18n';

const FIT: FitResponse = { title_id: 't1', title: 'Arrival', year: 2016, score: 0.91, label: 'Strong match for you', reason: 'You liked Dune.', history: null, saved: false };

let root: ShadowRoot | null = null;
const original = Element.prototype.attachShadow;
beforeEach(() => {
  vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (this: Element, init: ShadowRootInit) {
    root = original.call(this, init);
    return root;
  });
});
afterEach(() => {
  removeBadge();
  vi.restoreAllMocks();
  root = null;
});

const button = (action: string) => root!.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)!;
const status = () => root!.querySelector('.status[role="status"]')!.textContent;
const host = () => document.getElementById('tonights-pick-badge');

describe('the badge', () => {
  it('shows the label and the reason in a labelled region, in a closed shadow root', () => {
    showBadge(FIT, { like: vi.fn(), dislike: vi.fn(), save: vi.fn(), whyNot: vi.fn(), watched: vi.fn() });
    expect(Element.prototype.attachShadow).toHaveBeenCalledWith({ mode: 'closed' });
    expect(host()!.shadowRoot).toBeNull();
    const card = root!.querySelector('aside')!;
    expect(card.getAttribute('aria-label')).toBe("Tonight's Pick: Arrival");
    expect(root!.querySelector('.label')!.textContent).toBe('Strong match for you');
    expect(root!.querySelector('.reason')!.textContent).toBe('You liked Dune.');
    expect(button('like').textContent).toBe('Like');
    expect(button('dislike').textContent).toBe('Dislike');
    expect(button('save').textContent).toBe('Save for later');
  });

  it('Dislike after Like changes the rating: the pressed one is done, the other one stays; a failure puts back what held', async () => {
    const like = vi.fn().mockResolvedValue({ ok: true, message: 'Liked. We’ll find more like this.' });
    const dislike = vi
      .fn()
      .mockResolvedValueOnce({ ok: true, message: 'Disliked. We’ll steer away from titles like this.' })
      .mockResolvedValueOnce({ ok: false, message: 'That didn’t work. Open the toolbar button to check you are signed in.' });
    showBadge(FIT, { like, dislike, save: vi.fn(), whyNot: vi.fn(), watched: vi.fn() });
    button('like').click();
    await vi.waitFor(() => expect(button('like').textContent).toBe('Liked ✓'));
    expect(button('dislike').disabled).toBe(false);
    expect(button('like').getAttribute('aria-pressed')).toBe('true');

    button('dislike').click();
    await vi.waitFor(() => expect(status()).toBe('Disliked. We’ll steer away from titles like this.'));
    expect(dislike).toHaveBeenCalledWith('t1');
    expect([button('like').textContent, button('like').disabled]).toEqual(['Like', false]);
    expect([button('dislike').textContent, button('dislike').disabled]).toEqual(['Disliked ✓', true]);
    expect(button('dislike').getAttribute('aria-pressed')).toBe('true');

    // Back to Like, and then a Dislike that fails: the like still holds.
    button('like').click();
    await vi.waitFor(() => expect(button('like').textContent).toBe('Liked ✓'));
    button('dislike').click();
    await vi.waitFor(() => expect(status()).toBe('That didn’t work. Open the toolbar button to check you are signed in.'));
    expect([button('like').textContent, button('like').disabled, button('dislike').disabled]).toEqual(['Liked ✓', true, false]);
  });

  it('Like and Save for later act once, say what happened, and allow a retry after a failure', async () => {
    const like = vi.fn().mockResolvedValue({ ok: true, message: 'Liked. We’ll find more like this.' });
    const save = vi.fn().mockResolvedValueOnce({ ok: false, message: "You've already watched this." }).mockResolvedValueOnce({ ok: true, message: 'Saved for later.' });
    showBadge(FIT, { like, dislike: vi.fn(), save, whyNot: vi.fn(), watched: vi.fn() });
    button('like').click();
    await vi.waitFor(() => expect(status()).toBe('Liked. We’ll find more like this.'));
    expect(like).toHaveBeenCalledWith('t1');
    expect(button('like').disabled).toBe(true);
    expect(button('like').textContent).toBe('Liked ✓');

    button('save').click();
    await vi.waitFor(() => expect(status()).toBe("You've already watched this."));
    expect(button('save').disabled).toBe(false);
    button('save').click();
    await vi.waitFor(() => expect(button('save').textContent).toBe('Saved ✓'));
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('a title already disliked shows it', () => {
    showBadge({ ...FIT, history: 'disliked', label: 'Maybe not for you', reason: 'You disliked this.' }, { like: vi.fn(), dislike: vi.fn(), save: vi.fn(), whyNot: vi.fn(), watched: vi.fn() });
    expect([button('dislike').textContent, button('dislike').disabled, button('like').disabled]).toEqual(['Disliked ✓', true, false]);
  });

  it('a title already liked or saved shows it, with the buttons done', () => {
    showBadge({ ...FIT, history: 'liked', reason: 'You liked this.', saved: true }, { like: vi.fn(), dislike: vi.fn(), save: vi.fn(), whyNot: vi.fn(), watched: vi.fn() });
    expect(button('like').disabled).toBe(true);
    expect(button('like').textContent).toBe('Liked ✓');
    expect(button('save').disabled).toBe(true);
    expect(button('save').textContent).toBe('Saved ✓');
  });

  it('closes with its × button or with Escape, and one badge replaces another', () => {
    showBadge(FIT, { like: vi.fn(), dislike: vi.fn(), save: vi.fn(), whyNot: vi.fn(), watched: vi.fn() });
    showBadge({ ...FIT, title: 'Dune' }, { like: vi.fn(), dislike: vi.fn(), save: vi.fn(), whyNot: vi.fn(), watched: vi.fn() });
    expect(document.querySelectorAll('#tonights-pick-badge')).toHaveLength(1);
    root!.querySelector<HTMLButtonElement>(`button[aria-label="Dismiss Tonight's Pick"]`)!.click();
    expect(host()).toBeNull();

    showBadge(FIT, { like: vi.fn(), dislike: vi.fn(), save: vi.fn(), whyNot: vi.fn(), watched: vi.fn() });
    button('save').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(host()).toBeNull();
  });

  it('"Why not recommended?" opens a disclosure with the engine\'s reasons for this title, asked again each time it opens', async () => {
    const answer: WhyNotAnswer = {
      ok: true,
      answer: {
        title_id: 't1',
        title: 'Arrival',
        reasons: [
          { code: 'not_on_services', text: 'It is not on your services in India: it streams on Prime Video.' },
          { code: 'disliked_similar', text: 'It is a lot like Interstellar, which you disliked.' },
        ],
      },
    };
    let answerNow: (a: WhyNotAnswer) => void = () => {};
    const whyNot = vi.fn(() => new Promise<WhyNotAnswer>((ok) => (answerNow = ok)));
    showBadge(FIT, { like: vi.fn(), dislike: vi.fn(), save: vi.fn(), whyNot, watched: vi.fn() });
    const toggle = button('why-not');
    expect(toggle.textContent).toBe('Why not recommended?');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = root!.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    expect(panel.getAttribute('role')).toBe('status');

    toggle.click();
    expect(whyNot).toHaveBeenCalledWith('t1');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(panel.textContent).toBe(WHY_NOT_TEXTS.loading);
    answerNow(answer);
    await vi.waitFor(() => expect(panel.querySelector('.heading')?.textContent).toBe('Why Arrival is not your pick'));
    expect([...panel.querySelectorAll('li')].map((li) => [li.dataset.code, li.textContent])).toEqual([
      ['not_on_services', 'It is not on your services in India: it streams on Prime Video.'],
      ['disliked_similar', 'It is a lot like Interstellar, which you disliked.'],
    ]);

    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    toggle.click();
    expect(whyNot).toHaveBeenCalledTimes(2);
    expect(panel.textContent).toBe(WHY_NOT_TEXTS.loading);
  });

  it('"Why not recommended?" says when it could not check, and drops an answer that arrives after it closed', async () => {
    const late: Array<(a: WhyNotAnswer) => void> = [];
    const whyNot = vi.fn(() => new Promise<WhyNotAnswer>((ok) => late.push(ok)));
    showBadge(FIT, { like: vi.fn(), dislike: vi.fn(), save: vi.fn(), whyNot, watched: vi.fn() });
    const toggle = button('why-not');
    const panel = root!.getElementById(toggle.getAttribute('aria-controls')!)!;
    toggle.click();
    toggle.click();
    toggle.click();
    late[1]({ ok: false, message: WHY_NOT_TEXTS.failed });
    await vi.waitFor(() => expect(panel.textContent).toBe(WHY_NOT_TEXTS.failed));
    // The first ask's answer, for the panel as it was before it closed, comes last: it is dropped.
    late[0]({ ok: true, answer: { title_id: 't1', title: 'Arrival', reasons: [{ code: 'watched', text: 'You have watched it.' }] } });
    await new Promise((r) => setTimeout(r, 0));
    expect(panel.textContent).toBe(WHY_NOT_TEXTS.failed);
    expect(panel.querySelector('li')).toBeNull();

    // A message that never arrives (the extension was reloaded under the page) reads the same.
    removeBadge();
    showBadge(FIT, { like: vi.fn(), dislike: vi.fn(), save: vi.fn(), whyNot: vi.fn().mockRejectedValue(new Error('Extension context invalidated.')), watched: vi.fn() });
    button('why-not').click();
    await vi.waitFor(() => expect(root!.getElementById('why-not')!.textContent).toBe(WHY_NOT_TEXTS.failed));
  });
});

describe("the badge's Watched it", () => {
  const actions = (watched = vi.fn().mockResolvedValue({ ok: true, message: 'Marked watched.' })) => ({ like: vi.fn(), dislike: vi.fn(), save: vi.fn(), whyNot: vi.fn(), watched });
  const prompt = () => root!.querySelector<HTMLElement>('.ask')!;

  it('marks the title watched at any time, as the user said so; a title already watched says so', async () => {
    const a = actions();
    showBadge(FIT, a);
    expect(button('watched').textContent).toBe('Watched it');
    expect(prompt().hidden).toBe(true);
    button('watched').click();
    await vi.waitFor(() => expect(status()).toBe('Marked watched.'));
    expect(a.watched).toHaveBeenCalledWith('t1', 'manual');
    expect([button('watched').textContent, button('watched').disabled]).toEqual(['Watched ✓', true]);
    removeBadge();
    showBadge({ ...FIT, history: 'watched' }, actions());
    expect([button('watched').textContent, button('watched').disabled]).toEqual(['Watched ✓', true]);
  });

  it('Ask: the end of the video shows "Watched it?", back in the corner if dismissed; its button marks it as played to the end', async () => {
    const a = actions(vi.fn().mockResolvedValueOnce({ ok: false, message: 'That didn’t work. Open the toolbar button to check you are signed in.' }).mockResolvedValueOnce({ ok: true, message: 'Marked watched.' }));
    const badge = showBadge(FIT, a);
    root!.querySelector<HTMLButtonElement>('.close')!.click();
    expect(host()).toBeNull();
    badge.ended({ action: 'ask' });
    expect(host()).not.toBeNull();
    expect(prompt().hidden).toBe(false);
    expect(prompt().textContent).toBe('Watched it?Yes, mark it watched');
    button('watched-confirm').click();
    await vi.waitFor(() => expect(status()).toBe('That didn’t work. Open the toolbar button to check you are signed in.'));
    expect(prompt().hidden).toBe(false);
    expect(button('watched').disabled).toBe(false);
    button('watched-confirm').click();
    await vi.waitFor(() => expect(status()).toBe('Marked watched.'));
    expect(a.watched.mock.calls).toEqual([['t1', 'ended'], ['t1', 'ended']]);
    expect(prompt().hidden).toBe(true);
    expect(button('watched').textContent).toBe('Watched ✓');
  });

  it('Automatically: the badge says it was marked; Never: nothing changes', () => {
    const a = actions();
    const badge = showBadge(FIT, a);
    badge.ended({ action: 'none' });
    expect([prompt().hidden, status(), button('watched').textContent]).toEqual([true, '', 'Watched it']);
    badge.ended({ action: 'marked', ok: true, message: 'Marked watched.' });
    expect([prompt().hidden, status(), button('watched').textContent]).toEqual([true, 'Marked watched.', 'Watched ✓']);
    expect(a.watched).not.toHaveBeenCalled();
  });
});

describe('the badge in the viewer\'s language', () => {
  const actions = () => ({ like: vi.fn(), dislike: vi.fn(), save: vi.fn(), whyNot: vi.fn<(id: string) => Promise<WhyNotAnswer>>(), watched: vi.fn() });

  it('speaks Japanese with the words the background sent: the label, every button and the why-not heading', async () => {
    const a = actions();
    a.whyNot.mockResolvedValueOnce({ ok: true, answer: { title_id: 't1', title: 'Arrival', reasons: [{ code: 'genre', text: '…' }] } } as unknown as WhyNotAnswer);
    showBadge(FIT, a, badgeWords('ja'));
    expect(host()!.lang).toBe('ja');
    expect(root!.querySelector('.label')!.textContent).toBe('あなたにぴったり');
    expect([button('like').textContent, button('dislike').textContent, button('save').textContent, button('watched').textContent]).toEqual(['好き', '好きじゃない', 'あとで見る', '視聴済みにする']);
    expect(root!.querySelector('aside')!.getAttribute('aria-label')).toBe("Tonight's Pick：Arrival");
    expect(root!.querySelector('.close')!.getAttribute('aria-label')).toBe("Tonight's Pickを閉じる");
    button('why-not').click();
    await vi.waitFor(() => expect(root!.querySelector('.why-not .heading')?.textContent).toBe('Arrivalがおすすめにならない理由'));
  });

  it('is right to left in Arabic', () => {
    showBadge(FIT, actions(), badgeWords('ar'));
    expect(root!.querySelector('aside')!.dir).toBe('rtl');
    expect(button('save').textContent).toBe('حفظ لوقت لاحق');
  });
});
