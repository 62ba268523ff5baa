// The app's side of the dashboard's early reads (src/earlyReads.ts, started from the pre-rendered
// dashboard page before the app's code arrives): the app's first GET /api/recommendations/current,
// GET /api/settings/profile and GET /api/subscription/status get those requests' answers instead of
// sending their own. The shared client still reads each answer as its own (a 401 signs out, a 402 is
// a plan limit), so only the moment it was asked changes.
import { ROUTES } from '@app/shared';

/**
 * Where src/earlyReads.ts leaves its requests, on window (not enumerable, taken once); the app puts
 * APP_STARTED there when it starts, so an early script that runs after it asks nothing.
 */
export const EARLY_READS_SLOT = '__tonightsPickEarlyReads';
export const APP_STARTED = 'app';

/** The paths src/earlyReads.ts asks for. */
export const EARLY_READ_PATHS: readonly string[] = [ROUTES.recommendations_current.path, ROUTES.settings_profile.path, ROUTES.subscription_status.path];

export interface EarlyReads {
  /** The early answer of a path, if it was asked with this token and not taken yet; null otherwise (and cancelled). Either way it is gone after. */
  take(path: string, token: string): Promise<Response> | null;
  /** Cancels every answer not taken. */
  drop(): void;
}

/**
 * How long after the page started an early answer may stand in for a fresh read. The dashboard
 * asks within a second or two of its code arriving; past this the page has been in use (another
 * route, another tab, the extension may have changed the pick), so the app asks afresh.
 */
export const EARLY_READ_MAX_AGE_MS = 10_000;

const PAGE_VIEW = ROUTES.analytics_events.path;

function pathOf(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(url, 'http://origin.invalid').pathname;
}

function bearer(init: RequestInit | undefined): string | null {
  const auth = new Headers(init?.headers).get('Authorization');
  return auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : null;
}

/**
 * `fetch` for the app's API client, taking an early answer (if the page started them) for the first
 * GET of its path only: for the same token, within EARLY_READ_MAX_AGE_MS, and before any request
 * that may change what it says (any other method than GET, bar the page-view count) or a request
 * with another token or none (a sign-out, someone else signed in): those drop every answer not
 * taken. A network failure or a 5xx of the early request is asked again as usual. Every other
 * request goes straight to `send`.
 */
export function withEarlyReads(send: typeof fetch, win: Window, now: () => number = () => win.performance.now()): typeof fetch {
  const found = (win as unknown as Record<string, unknown>)[EARLY_READS_SLOT];
  let early = typeof found === 'object' && found !== null ? (found as EarlyReads) : null;
  // The app has started: an early script that runs after this (both from the cache) asks nothing.
  Object.defineProperty(win, EARLY_READS_SLOT, { value: APP_STARTED, configurable: true });
  const pending = new Set(EARLY_READ_PATHS);
  function dropAll() {
    early?.drop();
    early = null;
  }
  return (input, init) => {
    if (!early) return send(input, init);
    const path = pathOf(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const token = bearer(init);
    if (method !== 'GET') {
      if (path !== PAGE_VIEW) dropAll();
      return send(input, init);
    }
    if (!pending.has(path)) return send(input, init);
    pending.delete(path);
    const answer = token !== null && now() <= EARLY_READ_MAX_AGE_MS ? early.take(path, token) : null;
    if (!answer) dropAll();
    else if (pending.size === 0) early = null;
    if (!answer) return send(input, init);
    return answer.then((res) => (res.status >= 500 ? send(input, init) : res), () => send(input, init));
  };
}
