// A title watched on a streaming site: what counts as played to the end (a title's length, past
// 90%, never a trailer or a stream), what a content script may send, and what the background sends
// for each of the user's choices: only the title id and the event, and nothing at all unless asked.
import { describe, expect, it } from 'vitest';
import { BADGE_TEXTS } from './badge-requests';
import { createApiClient } from './shared';
import { END_SHARE, MIN_TITLE_SECONDS, playedToEnd } from './watched';
import { markWatched, parseWatchedAsk, parseWatchedMode, titleEnded } from './watched-requests';

function clientAnswering(status: number, body: unknown) {
  const calls: Array<{ method: string; url: URL; body: unknown }> = [];
  const fetchFake = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url: new URL(String(input)), body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const api = createApiClient({ baseUrl: 'http://server.test', fetch: fetchFake, tokenStore: { getToken: () => 'tpx_token', setSession: () => {}, clear: () => {} } });
  return { api, calls };
}

const MARKED = { title_id: 't1', status: 'marked', message: 'Marked watched.' };

describe('watched on a streaming site', () => {
  it('counts a title-length video past 90% (or ended) as played to the end, never a trailer, a preview or a stream', () => {
    const film = 2 * 60 * 60;
    expect(playedToEnd({ duration: film, currentTime: film * END_SHARE, ended: false })).toBe(true);
    expect(playedToEnd({ duration: film, currentTime: film * END_SHARE - 1, ended: false })).toBe(false);
    expect(playedToEnd({ duration: film, currentTime: 10, ended: true })).toBe(true);
    expect(playedToEnd({ duration: MIN_TITLE_SECONDS, currentTime: MIN_TITLE_SECONDS, ended: true })).toBe(true);
    // A trailer or an autoplay preview played through, a stream, a source with no length yet.
    expect(playedToEnd({ duration: MIN_TITLE_SECONDS - 1, currentTime: MIN_TITLE_SECONDS - 1, ended: true })).toBe(false);
    expect(playedToEnd({ duration: 150, currentTime: 150, ended: true })).toBe(false);
    expect(playedToEnd({ duration: Infinity, currentTime: 99_999, ended: false })).toBe(false);
    expect(playedToEnd({ duration: NaN, currentTime: 0, ended: true })).toBe(false);
  });

  it('accepts from a content script only a title id of 1-64 characters and the event ended or manual', () => {
    expect(parseWatchedAsk({ title_id: 't1', event: 'ended' })).toEqual({ title_id: 't1', event: 'ended' });
    expect(parseWatchedAsk({ title_id: 't1', event: 'manual' })).toEqual({ title_id: 't1', event: 'manual' });
    for (const bad of [null, 't1', {}, { title_id: 't1' }, { title_id: '', event: 'ended' }, { title_id: 'x'.repeat(65), event: 'ended' }, { title_id: 't1', event: 'paused' }, { title_id: 1, event: 'ended' }, { title_id: 't1', event: 'ended', url: 'https://www.netflix.com/watch/1' }]) {
      expect(parseWatchedAsk(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(parseWatchedMode('auto')).toBe('auto');
    expect(parseWatchedMode('never')).toBe('never');
    expect(parseWatchedMode(undefined)).toBe('ask');
    expect(parseWatchedMode('always')).toBe('ask');
  });

  it('marks a title watched with its id and the event only, and words a failure', async () => {
    const { api, calls } = clientAnswering(200, MARKED);
    expect(await markWatched(api, 't1', 'manual')).toEqual({ ok: true, message: 'Marked watched.' });
    expect(calls).toEqual([{ method: 'POST', url: new URL('http://server.test/api/extension/watched'), body: { title_id: 't1', event: 'manual' } }]);
    expect(await markWatched(clientAnswering(404, { detail: 'That title is not in our catalog.', code: 'not_found' }).api, 't1', 'ended')).toEqual({ ok: false, message: BADGE_TEXTS.failed });
    expect(await markWatched(null, 't1', 'ended')).toEqual({ ok: false, message: BADGE_TEXTS.failed });
  });

  it('at the end of a title: Ask and Never send nothing, Automatically marks it as played to the end', async () => {
    for (const mode of ['ask', 'never'] as const) {
      const { api, calls } = clientAnswering(200, MARKED);
      expect(await titleEnded(mode, api, 't1')).toEqual({ action: mode === 'ask' ? 'ask' : 'none' });
      expect(calls).toEqual([]);
    }
    const { api, calls } = clientAnswering(200, MARKED);
    expect(await titleEnded('auto', api, 't1')).toEqual({ action: 'marked', ok: true, message: 'Marked watched.' });
    expect(calls.map((c) => c.body)).toEqual([{ title_id: 't1', event: 'ended' }]);
  });
});
