// The reads the dashboard's card waits for, GET /api/recommendations/current, GET
// /api/settings/profile and GET /api/subscription/status (the week's counters on its buttons),
// started from the dashboard's HTML while the app's JavaScript is still on its way: without this
// they were asked only once the app, its layout and the dashboard's code had loaded and rendered
// (docs/performance.md, "Web").
// web/finish-build.mjs puts this script in the pre-rendered /app/dashboard page only. The app takes
// each answer for its own first request of that path, for the same token only, once
// (src/api/earlyReads.ts); anything else and the app asks as usual.
//
// Its own module with no imports, so the browser runs it as soon as its few hundred bytes arrive.
// The names below are the app's (STORAGE_KEYS, the route table, EARLY_READS_SLOT,
// EARLY_READ_MAX_AGE_MS): src/api/earlyReads.test.ts holds them to each other. Either script may
// run first (both may come from the cache): whichever comes second finds the other's mark on window.
import type { EarlyReads } from './api/earlyReads';

const PATHS = ['/api/recommendations/current', '/api/settings/profile', '/api/subscription/status'];

const SLOT = '__tonightsPickEarlyReads';
/** How long an answer waits to be taken (EARLY_READ_MAX_AGE_MS): the app asks afresh after that. */
const MAX_AGE_MS = 10_000;

function start(): EarlyReads | null {
  // The app's code ran first (it came from the cache): it asks for itself, so this asks nothing.
  if (SLOT in window) return null;
  let token: string | null;
  let onboarded = false;
  try {
    token = localStorage.getItem('token');
    onboarded = (JSON.parse(localStorage.getItem('user') ?? 'null') as { is_onboarded?: unknown } | null)?.is_onboarded === true;
    // The signed-in layout sends a kept household invite to its accept page before the dashboard shows.
    if (localStorage.getItem('pending_household_invite') !== null) return null;
  } catch {
    return null; // storage off or a user that does not parse: the app decides as usual
  }
  // Exactly when the app would render the dashboard and read these itself (RequireAuth,
  // RequireOnboarded), so this asks nothing the page would not ask anyway.
  if (!token || !onboarded) return null;
  const asked = token;
  const answers = new Map<string, { answer: Promise<Response>; cancel: AbortController }>();
  for (const path of PATHS) {
    const cancel = new AbortController();
    const answer = fetch(path, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` }, signal: cancel.signal });
    // A failure is the app's to handle (it asks again); it is not an unhandled rejection here.
    answer.catch(() => {});
    answers.set(path, { answer, cancel });
  }
  // An answer the app does not take is cancelled, never left unread (an unread answer stays open).
  const drop = () => {
    for (const { cancel } of answers.values()) cancel.abort();
    answers.clear();
  };
  setTimeout(drop, MAX_AGE_MS);
  return {
    take(path, t) {
      const a = answers.get(path);
      if (!a) return null;
      answers.delete(path);
      if (t === asked) return a.answer;
      a.cancel.abort();
      return null;
    },
    drop,
  };
}

const early = start();
if (early) Object.defineProperty(window, SLOT, { value: early, configurable: true });
