// A title watched on a streaming site (issue 37): the page's video played to the end, or "Watched
// it" on the badge. What counts as the end, and the user's choice of what happens then (options page).
// No value imports: the badge's content script takes these, and stays small
// (the requests the background makes are watched-requests.ts).

/** "When a title ends on a streaming site": ask (the default), mark it automatically, or never. */
export const WATCHED_MODES = ['ask', 'auto', 'never'] as const;
export type WatchedMode = (typeof WATCHED_MODES)[number];
export const WATCHED_MODE_LABELS: Record<WatchedMode, string> = { ask: 'Ask me', auto: 'Mark it watched automatically', never: 'Never' };

export type WatchedEvent = 'ended' | 'manual';

export const WATCHED_TEXTS = {
  action: 'Watched it',
  done: 'Watched ✓',
  ask: 'Watched it?',
  confirm: 'Yes, mark it watched',
} as const;

/** Shorter than this is a trailer or an autoplay preview, never the title itself. */
export const MIN_TITLE_SECONDS = 5 * 60;
/** Played past this share of its length: the title was watched to the end (the credits may be skipped). */
export const END_SHARE = 0.9;

export interface VideoState {
  currentTime: number;
  duration: number;
  ended: boolean;
}

/** Whether a video is a title played to the end: long enough to be one, and past 90% (or ended). */
export function playedToEnd(v: VideoState): boolean {
  // A live stream or a source still loading has no finite duration: never an end.
  if (!Number.isFinite(v.duration) || v.duration < MIN_TITLE_SECONDS) return false;
  return v.ended || v.currentTime >= v.duration * END_SHARE;
}

/** What the badge does when the page's video ends: nothing, ask, or say it was marked. */
export type EndedAnswer = { action: 'none' } | { action: 'ask' } | { action: 'marked'; ok: boolean; message: string };
