// @vitest-environment jsdom
// The badge as a user meets it: the label and the reason, Like and Save for later (each once, with
// the answer in a live status line), the already-liked and already-saved states, and dismissal by
// the close button or Escape. The shadow root is closed to the page; the test keeps a handle on it
// by wrapping attachShadow, as only the badge's own code otherwise has.
import type { FitResponse } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeBadge, showBadge } from './badge-view';

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
const status = () => root!.querySelector('[role="status"]')!.textContent;
const host = () => document.getElementById('tonights-pick-badge');

describe('the badge', () => {
  it('shows the label and the reason in a labelled region, in a closed shadow root', () => {
    showBadge(FIT, { like: vi.fn(), save: vi.fn() });
    expect(Element.prototype.attachShadow).toHaveBeenCalledWith({ mode: 'closed' });
    expect(host()!.shadowRoot).toBeNull();
    const card = root!.querySelector('aside')!;
    expect(card.getAttribute('aria-label')).toBe("Tonight's Pick: Arrival");
    expect(root!.querySelector('.label')!.textContent).toBe('Strong match for you');
    expect(root!.querySelector('.reason')!.textContent).toBe('You liked Dune.');
    expect(button('like').textContent).toBe('Like');
    expect(button('save').textContent).toBe('Save for later');
  });

  it('Like and Save for later act once, say what happened, and allow a retry after a failure', async () => {
    const like = vi.fn().mockResolvedValue({ ok: true, message: 'Liked. We’ll find more like this.' });
    const save = vi.fn().mockResolvedValueOnce({ ok: false, message: "You've already watched this." }).mockResolvedValueOnce({ ok: true, message: 'Saved for later.' });
    showBadge(FIT, { like, save });
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

  it('a title already liked or saved shows it, with the buttons done', () => {
    showBadge({ ...FIT, history: 'liked', reason: 'You liked this.', saved: true }, { like: vi.fn(), save: vi.fn() });
    expect(button('like').disabled).toBe(true);
    expect(button('like').textContent).toBe('Liked ✓');
    expect(button('save').disabled).toBe(true);
    expect(button('save').textContent).toBe('Saved ✓');
  });

  it('closes with its × button or with Escape, and one badge replaces another', () => {
    showBadge(FIT, { like: vi.fn(), save: vi.fn() });
    showBadge({ ...FIT, title: 'Dune' }, { like: vi.fn(), save: vi.fn() });
    expect(document.querySelectorAll('#tonights-pick-badge')).toHaveLength(1);
    root!.querySelector<HTMLButtonElement>(`button[aria-label="Dismiss Tonight's Pick"]`)!.click();
    expect(host()).toBeNull();

    showBadge(FIT, { like: vi.fn(), save: vi.fn() });
    button('save').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(host()).toBeNull();
  });
});
