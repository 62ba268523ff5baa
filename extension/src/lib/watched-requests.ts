// The background's side of "watched on a streaming site": a content script's message checked, the
// user's choice applied, and the one request built from the title id the fit answered and the event
// (never the page or its address). Pure over the client, so each branch is unit-tested.
import type { ApiClient } from './shared';
import { BADGE_TEXTS, type ActionAnswer } from './badge-requests';

type FailedText = { failed: string };
import { WATCHED_MODES, type EndedAnswer, type WatchedEvent, type WatchedMode } from './watched';

export function parseWatchedMode(value: unknown): WatchedMode {
  return (WATCHED_MODES as readonly unknown[]).includes(value) ? (value as WatchedMode) : 'ask';
}

/** What a content script may send: the title id the fit answered and the event, nothing else. */
export function parseWatchedAsk(payload: unknown): { title_id: string; event: WatchedEvent } | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  if (Object.keys(p).some((k) => k !== 'title_id' && k !== 'event')) return null;
  if (typeof p.title_id !== 'string' || p.title_id.length < 1 || p.title_id.length > 64) return null;
  if (p.event !== 'ended' && p.event !== 'manual') return null;
  return { title_id: p.title_id, event: p.event };
}

export async function markWatched(api: Pick<ApiClient, 'extension'> | null, titleId: string, event: WatchedEvent, texts: FailedText = BADGE_TEXTS): Promise<ActionAnswer> {
  if (!api) return { ok: false, message: texts.failed };
  try {
    return { ok: true, message: (await api.extension.watched({ title_id: titleId, event })).message };
  } catch {
    return { ok: false, message: texts.failed };
  }
}

/** The user's choice applied: only "automatically" sends anything without a click. */
export async function titleEnded(mode: WatchedMode, api: Pick<ApiClient, 'extension'> | null, titleId: string, texts: FailedText = BADGE_TEXTS): Promise<EndedAnswer> {
  if (mode === 'never') return { action: 'none' };
  if (mode === 'ask') return { action: 'ask' };
  return { action: 'marked', ...(await markWatched(api, titleId, 'ended', texts)) };
}
