// The badge's requests as the background answers them: only a well-formed name and year from a
// content script become a request, the request carries exactly those two, and every failure
// (not in the catalog, signed out, a network error) is "show nothing".
import { describe, expect, it, vi } from 'vitest';
import { askFit, askWhyNot, BADGE_TEXTS, parseFitAsk, parseTitleId, rateTitle, saveTitle } from './badge-requests';
import { createApiClient, WHY_NOT_TEXTS } from './shared';

function clientAnswering(status: number, body: unknown) {
  const calls: Array<{ method: string; url: URL; body: unknown }> = [];
  const fetchFake = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url: new URL(String(input)), body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const api = createApiClient({ baseUrl: 'http://server.test', fetch: fetchFake, tokenStore: { getToken: () => 'tpx_token', setSession: () => {}, clear: () => {} } });
  return { api, calls };
}

const FIT = { title_id: 't1', title: 'Arrival', year: 2016, score: 0.9, label: 'Strong match for you', reason: 'You liked Dune.', history: null, saved: false };

describe('the badge requests', () => {
  it('accepts only a title of 1-300 characters and a year of 1870-2100, and nothing else', () => {
    expect(parseFitAsk({ title: ' Arrival ', year: 2016 })).toEqual({ title: 'Arrival', year: 2016 });
    expect(parseFitAsk({ title: 'Arrival' })).toEqual({ title: 'Arrival' });
    for (const bad of [null, 'Arrival', {}, { title: '' }, { title: '  ' }, { title: 'x'.repeat(301) }, { title: 'A', year: 1869 }, { title: 'A', year: 2101 }, { title: 'A', year: 2016.5 }, { title: 'A', year: '2016' }, { title: 'A', url: 'https://www.netflix.com/title/1' }]) {
      expect(parseFitAsk(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(parseTitleId({ title_id: 't1' })).toBe('t1');
    expect(parseTitleId({ title_id: '' })).toBeNull();
    expect(parseTitleId({ title_id: 'x'.repeat(65) })).toBeNull();
  });

  it('asks the fit with the title and year only, and answers it', async () => {
    const { api, calls } = clientAnswering(200, FIT);
    expect(await askFit(api, { title: 'Arrival', year: 2016 })).toEqual({ ok: true, fit: FIT });
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('GET');
    expect(calls[0].url.pathname).toBe('/api/recommendations/fit');
    expect([...calls[0].url.searchParams]).toEqual([['title', 'Arrival'], ['year', '2016']]);
  });

  it('shows nothing when signed out, when the title is not in the catalog, or when the server fails', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    expect(await askFit(null, { title: 'Arrival' })).toEqual({ ok: false });
    expect(await askFit(clientAnswering(404, { detail: "This title isn't in our catalog yet.", code: 'not_found' }).api, { title: 'Arrival' })).toEqual({ ok: false });
    expect(debug).not.toHaveBeenCalled();
    expect(await askFit(clientAnswering(500, { detail: 'Internal server error', code: 'internal' }).api, { title: 'Arrival' })).toEqual({ ok: false });
    expect(debug).toHaveBeenCalledTimes(1);
    debug.mockRestore();
  });

  it('Like and Dislike rate the title by id; Save for later adds it to the watchlist, with the server\'s words when it refuses', async () => {
    const liked = clientAnswering(200, { message: 'Thanks!', title_id: 't1', rating: true });
    expect(await rateTitle(liked.api, 't1', true)).toEqual({ ok: true, message: BADGE_TEXTS.liked });
    expect(liked.calls[0]).toMatchObject({ method: 'POST', body: { title_id: 't1', rating: true } });
    expect(await rateTitle(null, 't1', true)).toEqual({ ok: false, message: BADGE_TEXTS.failed });
    const disliked = clientAnswering(200, { message: 'Got it.', title_id: 't1', rating: false });
    expect(await rateTitle(disliked.api, 't1', false)).toEqual({ ok: true, message: BADGE_TEXTS.disliked });
    expect(disliked.calls[0]).toMatchObject({ method: 'POST', body: { title_id: 't1', rating: false } });

    expect(await saveTitle(clientAnswering(200, { message: 'Saved for later.', title_id: 't1', saved: true }).api, 't1')).toEqual({ ok: true, message: 'Saved for later.' });
    expect(await saveTitle(clientAnswering(409, { detail: "You've already watched this.", code: 'conflict' }).api, 't1')).toEqual({ ok: false, message: "You've already watched this." });
    expect(await saveTitle(clientAnswering(500, { detail: 'Internal server error', code: 'internal' }).api, 't1')).toEqual({ ok: false, message: BADGE_TEXTS.failed });
  });

  it('"Why not recommended?" asks by the title id alone, and says when it could not check', async () => {
    const body = { title_id: 't1', title: 'Arrival', reasons: [{ code: 'watched', text: 'You have watched it: picks are always titles you have not seen.' }] };
    const answered = clientAnswering(200, body);
    expect(await askWhyNot(answered.api, 't1')).toEqual({ ok: true, answer: body });
    expect(answered.calls).toHaveLength(1);
    expect(answered.calls[0].method).toBe('GET');
    expect(answered.calls[0].url.pathname).toBe('/api/recommendations/why-not');
    expect([...answered.calls[0].url.searchParams]).toEqual([['title_id', 't1']]);

    expect(await askWhyNot(null, 't1')).toEqual({ ok: false, message: BADGE_TEXTS.failed });
    expect(await askWhyNot(clientAnswering(401, { detail: 'Please sign in again.', code: 'unauthorized' }).api, 't1')).toEqual({ ok: false, message: BADGE_TEXTS.failed });
    expect(await askWhyNot(clientAnswering(404, { detail: 'That title is not in the catalog.', code: 'not_found' }).api, 't1')).toEqual({ ok: false, message: 'That title is not in the catalog.' });
    expect(await askWhyNot(clientAnswering(500, { detail: 'Internal server error', code: 'internal' }).api, 't1')).toEqual({ ok: false, message: WHY_NOT_TEXTS.failed });
  });
});
