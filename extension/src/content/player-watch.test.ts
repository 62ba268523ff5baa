// @vitest-environment jsdom
// A title played to the end on a player page: the name read from the player is looked up once
// (reading the same name again, or the end, asks no second time; a new name asks once), nothing
// shows while it plays, and the end brings the small note for the title that ended: the ask with
// its button, or what "automatically" did; Never shows nothing. The background's answers are
// plain functions here (the message boundary); the page's video is real to the DOM, its time set
// on the element as a playing one reports it. The prompt's closed shadow root is kept by wrapping
// attachShadow, as in badge-view.test.ts.
import type { FitResponse } from '@app/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FitAsk } from '../lib/badge-requests';
import type { EndedAnswer } from '../lib/watched';
import type { PageTitle } from './sites/common';
import { removePrompt, showPlayerPrompt } from './player-prompt';
import { watchPlayer } from './player-watch';
import { playTo, video } from './test-support';

const FIT: FitResponse = { title_id: 't1', title: 'Stranger Things', year: 2016, score: 0.8, label: 'Good match for you', reason: 'You liked Dark.', history: null, saved: false };

let root: ShadowRoot | null = null;
const original = Element.prototype.attachShadow;
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (this: Element, init: ShadowRootInit) {
    root = original.call(this, init);
    return root;
  });
});
afterEach(() => {
  removePrompt();
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.replaceChildren();
  root = null;
});

const prompt = () => document.getElementById('tonights-pick-prompt');
const text = () => root?.querySelector('aside')?.textContent ?? null;

/** A player whose title is `name()` (null: not shown yet), with the background answering `ended`. */
function player(name: () => PageTitle | null, ended: EndedAnswer) {
  const asks: FitAsk[] = [];
  const ends: string[] = [];
  const marked: string[] = [];
  const stop = watchPlayer(document, {
    read: name,
    fit: async (ask) => (asks.push(ask), { ok: true, fit: { ...FIT, title: ask.title } }),
    ended: async (id) => (ends.push(id), ended),
    show: (fit, answer) => showPlayerPrompt(fit, answer, async (id) => (marked.push(id), { ok: true, message: 'Marked watched.' })),
  });
  return { asks, ends, marked, stop };
}

describe('a player page', () => {
  it('looks the title up once while it plays, shows nothing, and asks "Watched it?" at its end; the button marks it', async () => {
    const v = video(3000);
    let shown: PageTitle | null = null;
    const p = player(() => shown, { action: 'ask' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(p.asks).toEqual([]);
    shown = { title: 'Stranger Things' };
    await vi.advanceTimersByTimeAsync(5000);
    expect(p.asks).toEqual([{ title: 'Stranger Things' }]);
    for (let t = 60; t < 2600; t += 60) playTo(v, t);
    await vi.advanceTimersByTimeAsync(0);
    expect(prompt()).toBeNull();
    expect(p.asks).toHaveLength(1);

    playTo(v, 2750);
    await vi.advanceTimersByTimeAsync(0);
    expect(p.asks).toHaveLength(1);
    expect(p.ends).toEqual(['t1']);
    expect(text()).toBe('Tonight’s Pick · Stranger ThingsWatched it?Yes, mark it watched×');
    // No focus taken from the player; no card of the badge over the video.
    expect(document.activeElement).toBe(document.body);
    expect(document.getElementById('tonights-pick-badge')).toBeNull();

    root!.querySelector<HTMLButtonElement>('[data-action="watched-confirm"]')!.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.marked).toEqual(['t1']);
    expect(root!.querySelector('[role="status"]')!.textContent).toBe('Marked watched.');
    expect(root!.querySelector('[data-action="watched-confirm"]')).toBeNull();
    root!.querySelector<HTMLButtonElement>('.close')!.click();
    expect(prompt()).toBeNull();
    p.stop();
  });

  it('a different title by the end (the player moved on) is looked up once more and is the one told', async () => {
    const v = video(3000);
    let shown: PageTitle | null = { title: 'Stranger Things' };
    const p = player(() => shown, { action: 'marked', ok: true, message: 'Marked watched.' });
    await vi.advanceTimersByTimeAsync(0);
    shown = { title: 'Dark' };
    playTo(v, 2900);
    await vi.advanceTimersByTimeAsync(0);
    expect(p.asks.map((a) => a.title)).toEqual(['Stranger Things', 'Dark']);
    expect(text()).toBe('Tonight’s Pick · DarkMarked watched.×');
    root!.querySelector('aside')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(prompt()).toBeNull();
    p.stop();
  });

  it('the title hidden by the end (the controls faded) is the one read before; Never shows nothing', async () => {
    const v = video(3000);
    let shown: PageTitle | null = { title: 'Stranger Things' };
    const p = player(() => shown, { action: 'none' });
    await vi.advanceTimersByTimeAsync(0);
    shown = null;
    playTo(v, 2900);
    await vi.advanceTimersByTimeAsync(0);
    expect(p.asks).toHaveLength(1);
    expect(p.ends).toEqual(['t1']);
    expect(prompt()).toBeNull();
    p.stop();
  });

  it('a player that never names its title is read a bounded number of times and tells no end', async () => {
    const v = video(3000);
    const read = vi.fn(() => null);
    const p = player(read, { action: 'ask' });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(read).toHaveBeenCalledTimes(30);
    playTo(v, 2900);
    await vi.advanceTimersByTimeAsync(0);
    expect(p.asks).toEqual([]);
    expect(p.ends).toEqual([]);
    p.stop();
  });

  it('stopped (the address changed): no more reads, and a later end tells nothing', async () => {
    const v = video(3000);
    const read = vi.fn(() => null);
    const p = player(read, { action: 'ask' });
    p.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(1);
    playTo(v, 2900);
    await vi.advanceTimersByTimeAsync(0);
    expect(p.ends).toEqual([]);
  });
});
