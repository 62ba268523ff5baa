// @vitest-environment jsdom
// The title page's video played to the end: each <video> gets its listeners once, a video the page
// adds later is found, the first end is told once, a trailer's end is not, and stopping (the page
// moved to another title) takes the listeners off. jsdom plays nothing, so a video's time and length
// are set on the element, as a playing one reports them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchVideoEnd } from './video-end';
import { playTo, video } from './test-support';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('the video of a title page', () => {
  it('tells the first end once, past 90% of a title-length video', () => {
    const v = video(3600);
    const onEnd = vi.fn();
    const stop = watchVideoEnd(document, onEnd);
    playTo(v, 1800);
    expect(onEnd).not.toHaveBeenCalled();
    playTo(v, 3300);
    playTo(v, 3500);
    v.dispatchEvent(new Event('ended'));
    expect(onEnd).toHaveBeenCalledTimes(1);
    stop();
  });

  it("ignores a trailer's end, and finds the title's video the page adds afterwards", () => {
    const trailer = video(120);
    const onEnd = vi.fn();
    const stop = watchVideoEnd(document, onEnd);
    playTo(trailer, 120);
    trailer.dispatchEvent(new Event('ended'));
    expect(onEnd).not.toHaveBeenCalled();
    const film = video(5400);
    playTo(film, 5300);
    expect(onEnd).not.toHaveBeenCalled(); // not yet looked at
    vi.advanceTimersToNextTimer();
    playTo(film, 5300);
    expect(onEnd).toHaveBeenCalledTimes(1);
    stop();
  });

  it('adds its listeners once per video, and stopping takes them off', () => {
    const v = video(3600);
    const add = vi.spyOn(v, 'addEventListener');
    const remove = vi.spyOn(v, 'removeEventListener');
    const onEnd = vi.fn();
    const stop = watchVideoEnd(document, onEnd);
    for (let i = 0; i < 5; i++) vi.advanceTimersToNextTimer();
    expect(add.mock.calls.map((c) => c[0]).sort()).toEqual(['ended', 'timeupdate']);
    stop();
    expect(remove.mock.calls.map((c) => c[0]).sort()).toEqual(['ended', 'timeupdate']);
    playTo(v, 3599);
    expect(onEnd).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('listens to a bounded number of videos, however many the page makes', () => {
    const many = Array.from({ length: 100 }, () => video(3600));
    const spies = many.map((v) => vi.spyOn(v, 'addEventListener'));
    const stop = watchVideoEnd(document, vi.fn());
    vi.advanceTimersToNextTimer();
    expect(spies.filter((s) => s.mock.calls.length > 0)).toHaveLength(32);
    stop();
  });
});
