import { describe, expect, it } from 'vitest';
import type { Recommendation } from '@app/shared';
import { ApiError, createApiClient } from './shared';
import { saveButtonLabel, SAVE_TEXTS, toggleSaved } from './save-for-later';

/** A client whose server is a function of the request: records what the popup asked. */
function clientAnswering(answer: (method: string, path: string, body: unknown) => { status: number; body: unknown }) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const fetchFake = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const r = answer(method, url.pathname, body);
    return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const api = createApiClient({ baseUrl: 'http://server.test', fetch: fetchFake, tokenStore: { getToken: () => 'tpx_token', setSession: () => {}, clear: () => {} } });
  return { api, calls };
}

const pick = (saved: boolean) => ({ id: 'r1', title_id: 'tt 1/2', movie_title: 'Arrival', saved }) as Recommendation;

describe('save for later', () => {
  it('labels the button by state', () => {
    expect(saveButtonLabel(false)).toBe('Save for later');
    expect(saveButtonLabel(true)).toBe('Saved ✓');
  });

  it('saves an unsaved pick and removes a saved one, answering the card as it now is', async () => {
    const { api, calls } = clientAnswering((method, _path, body) =>
      method === 'POST'
        ? { status: 200, body: { message: 'Saved for later.', title_id: (body as { title_id: string }).title_id, saved: true } }
        : { status: 200, body: { message: 'Removed from your watchlist.', title_id: 'tt 1/2', saved: false } },
    );
    const saved = await toggleSaved(api, pick(false));
    expect(saved).toEqual({ pick: { ...pick(false), saved: true }, message: 'Saved for later.' });
    const removed = await toggleSaved(api, saved.pick);
    expect(removed).toEqual({ pick: { ...pick(false), saved: false }, message: 'Removed from your watchlist.' });
    expect(calls).toEqual([
      { method: 'POST', path: '/api/watchlist', body: { title_id: 'tt 1/2' } },
      { method: 'DELETE', path: '/api/watchlist/tt%201%2F2', body: undefined },
    ]);
  });

  it("passes a refusal on (the popup shows its detail), leaving the card's state to the caller", async () => {
    const { api } = clientAnswering(() => ({ status: 409, body: { detail: "You've already watched this." } }));
    const err = await toggleSaved(api, pick(false)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).detail).toBe("You've already watched this.");
    expect(SAVE_TEXTS.failed).toMatch(/watchlist/);
  });
});
