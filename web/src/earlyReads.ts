// The reads the dashboard's card waits for, GET /api/recommendations/current and GET
// /api/settings/profile, started from the dashboard's HTML while the app's JavaScript is still on
// its way: without this they were asked only once the app, its layout and the dashboard's code had
// loaded and rendered, one request after the other (docs/performance.md, "Web").
// web/finish-build.mjs puts this script in the pre-rendered /app/dashboard page only. The app takes
// each answer for its own first request of that path, for the same token only, once
// (src/api/earlyReads.ts); anything else and the app asks as usual.
//
// Its own module with no imports, so the browser runs it as soon as its few hundred bytes arrive.
// The names below are the app's (STORAGE_KEYS, the route table, EARLY_READS_SLOT):
// src/api/earlyReads.test.ts holds them to each other.
import type { EarlyReads } from './api/earlyReads';

const PATHS = ['/api/recommendations/current', '/api/settings/profile', '/api/subscription/status'];

function start(): EarlyReads | null {
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
  const answers = new Map<string, Promise<Response>>();
  for (const path of PATHS) {
    const answer = fetch(path, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
    // A failure is the app's to handle (it asks again); it is not an unhandled rejection here.
    answer.catch(() => {});
    answers.set(path, answer);
  }
  return {
    take(path, t) {
      const a = answers.get(path) ?? null;
      answers.delete(path);
      return t === asked ? a : null;
    },
    drop: () => answers.clear(),
  };
}

const early = start();
if (early) Object.defineProperty(window, '__tonightsPickEarlyReads', { value: early, configurable: true });
