// The dashboard's early reads (src/earlyReads.ts starts them from the page, withEarlyReads hands
// them to the app's client): asked only when the app would ask, taken once, for the same token,
// and asked again on any doubt.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES, STORAGE_KEYS } from '@app/shared';
import { APP_STARTED, EARLY_READS_SLOT, EARLY_READ_MAX_AGE_MS, EARLY_READ_PATHS, withEarlyReads, type EarlyReads } from './earlyReads';

const CURRENT = ROUTES.recommendations_current.path;
const PROFILE = ROUTES.settings_profile.path;
const STATUS = ROUTES.subscription_status.path;
const slot = () => (window as unknown as Record<string, EarlyReads | undefined>)[EARLY_READS_SLOT];
/** The abort signal each early request was sent with, by path. */
const signals = (fetch: ReturnType<typeof vi.fn>) => new Map((fetch.mock.calls as unknown as Array<[string, RequestInit]>).map(([url, init]) => [url, init.signal!]));

function signIn(user: object = { id: 'u1', is_onboarded: true }, token = 'tok-1') {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Runs the page's early script afresh, with `fetch` answering each path with its own JSON. */
async function runEarlyScript(answer: (path: string) => Promise<Response> = (p) => Promise.resolve(Response.json({ early: p }))) {
  const fetch = vi.fn((input: RequestInfo | URL) => answer(String(input)));
  vi.stubGlobal('fetch', fetch);
  vi.resetModules();
  await import('../earlyReads');
  return fetch;
}

const get = (token: string | null): RequestInit => ({ method: 'GET', headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_READS_SLOT];
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the early script', () => {
  it('asks for the pick, the profile and the counters with the stored token, once, and leaves them where the app looks', async () => {
    signIn();
    const fetch = await runEarlyScript();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([...EARLY_READ_PATHS]);
    expect(EARLY_READ_PATHS).toEqual([CURRENT, PROFILE, STATUS]);
    for (const [, init] of fetch.mock.calls as unknown as Array<[string, RequestInit]>) {
      expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok-1');
      expect(init.method ?? 'GET').toBe('GET');
    }
    // Not a property anything enumerating window finds, and the token is not on it.
    expect(Object.keys(window)).not.toContain(EARLY_READS_SLOT);
    expect(JSON.stringify(slot())).not.toContain('tok-1');
    const s = slot()!;
    expect(s.take(CURRENT, 'someone-else')).toBeNull();
    expect(s.take(PROFILE, 'tok-1')).not.toBeNull();
    expect(s.take(PROFILE, 'tok-1')).toBeNull();
    // What is not taken is cancelled, never left open unread: another token's, and on drop.
    const sent = signals(fetch);
    expect(sent.get(CURRENT)!.aborted).toBe(true);
    expect(sent.get(PROFILE)!.aborted).toBe(false);
    expect(sent.get(STATUS)!.aborted).toBe(false);
    s.drop();
    expect(sent.get(STATUS)!.aborted).toBe(true);
    expect(sent.get(PROFILE)!.aborted).toBe(false);
  });

  it(`cancels what the app has not taken ${EARLY_READ_MAX_AGE_MS} ms on`, async () => {
    signIn();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const fetch = await runEarlyScript();
      slot()!.take(CURRENT, 'tok-1');
      vi.advanceTimersByTime(EARLY_READ_MAX_AGE_MS - 1);
      expect([...signals(fetch).values()].some((x) => x.aborted)).toBe(false);
      vi.advanceTimersByTime(1);
      expect([...signals(fetch)].map(([path, x]) => [path, x.aborted])).toEqual([
        [CURRENT, false],
        [PROFILE, true],
        [STATUS, true],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks nothing when the app's code ran first (both came from the cache): the app asks for itself", async () => {
    signIn();
    withEarlyReads(vi.fn() as unknown as typeof fetch, window, () => 0);
    const fetch = await runEarlyScript();
    expect(fetch).not.toHaveBeenCalled();
    expect(slot()).toBe(APP_STARTED);
  });

  it('asks nothing when the app would not show the dashboard: signed out, not onboarded, an invite to accept first', async () => {
    const cases: Array<() => void> = [
      () => undefined,
      () => signIn({ id: 'u1', is_onboarded: false }),
      () => {
        signIn();
        localStorage.setItem(STORAGE_KEYS.pendingHouseholdInvite, 'invite');
      },
      () => {
        localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
        localStorage.setItem(STORAGE_KEYS.user, '{not json');
      },
    ];
    for (const arrange of cases) {
      localStorage.clear();
      arrange();
      const fetch = await runEarlyScript();
      expect(fetch).not.toHaveBeenCalled();
      expect(slot()).toBeUndefined();
    }
  });
});

describe('withEarlyReads', () => {
  async function setup(answer?: (path: string) => Promise<Response>) {
    signIn();
    await runEarlyScript(answer);
    const send = vi.fn((input: RequestInfo | URL) => Promise.resolve(Response.json({ fresh: String(input) })));
    let now = 500;
    const f = withEarlyReads(send as unknown as typeof fetch, window, () => now);
    return { f, send, later: (ms: number) => (now += ms) };
  }
  const body = async (r: Response) => (await r.json()) as unknown;

  it('the first GET of each path with the same token takes the early answer; the next asks the server', async () => {
    const { f, send } = await setup();
    // Taken off window: nothing else can take the answers.
    expect(slot()).toBe(APP_STARTED);
    expect(await body(await f(PROFILE, get('tok-1')))).toEqual({ early: PROFILE });
    expect(await body(await f(CURRENT, get('tok-1')))).toEqual({ early: CURRENT });
    expect(send).not.toHaveBeenCalled();
    expect(await body(await f(CURRENT, get('tok-1')))).toEqual({ fresh: CURRENT });
    expect(await body(await f(PROFILE, get('tok-1')))).toEqual({ fresh: PROFILE });
  });

  it('another token, no token, or a write first: the app asks for itself, and nothing early is used after', async () => {
    for (const first of [
      () => ['other', CURRENT, get('tok-2')] as const,
      () => ['none', CURRENT, get(null)] as const,
      () => ['write', '/api/auth/signout', { method: 'POST', headers: { Authorization: 'Bearer tok-1' } } as RequestInit] as const,
    ]) {
      const { f, send } = await setup();
      const [, path, init] = first();
      await f(path, init);
      expect(send).toHaveBeenCalledTimes(1);
      expect(await body(await f(CURRENT, get('tok-1')))).toEqual({ fresh: CURRENT });
      expect(await body(await f(PROFILE, get('tok-1')))).toEqual({ fresh: PROFILE });
    }
  });

  it('the page-view count does not drop the early answers', async () => {
    const { f } = await setup();
    await f(ROUTES.analytics_events.path, { method: 'POST', body: '{}' });
    expect(await body(await f(CURRENT, get('tok-1')))).toEqual({ early: CURRENT });
  });

  it('a network failure or a 5xx of the early request is asked again', async () => {
    const { f, send } = await setup((p) => (p === CURRENT ? Promise.reject(new TypeError('offline')) : Promise.resolve(new Response('{}', { status: 503 }))));
    expect(await body(await f(CURRENT, get('tok-1')))).toEqual({ fresh: CURRENT });
    expect(await body(await f(PROFILE, get('tok-1')))).toEqual({ fresh: PROFILE });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('an answer the server gave (a 401, a 409) is the answer: the client handles it as its own', async () => {
    const { f, send } = await setup((p) => Promise.resolve(Response.json({ detail: 'no' }, { status: p === CURRENT ? 409 : 401 })));
    expect((await f(CURRENT, get('tok-1'))).status).toBe(409);
    expect((await f(PROFILE, get('tok-1'))).status).toBe(401);
    expect(send).not.toHaveBeenCalled();
  });

  it(`past ${EARLY_READ_MAX_AGE_MS} ms after the page started, the app asks afresh`, async () => {
    const { f, later } = await setup();
    later(EARLY_READ_MAX_AGE_MS);
    expect(await body(await f(CURRENT, get('tok-1')))).toEqual({ fresh: CURRENT });
    expect(await body(await f(PROFILE, get('tok-1')))).toEqual({ fresh: PROFILE });
  });

  it('without the early script (any other page), every request goes out as it is', async () => {
    const send = vi.fn(() => Promise.resolve(Response.json({ fresh: true })));
    const f = withEarlyReads(send as unknown as typeof fetch, window, () => 0);
    await f(CURRENT, get('tok-1'));
    expect(send).toHaveBeenCalledWith(CURRENT, get('tok-1'));
  });
});
