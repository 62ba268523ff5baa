// A title watched on a streaming site, as the extension tells it (issue 37): played to the end
// ('ended') or "Watched it" on the badge ('manual'). It goes in through the one way in for synced
// events, so the history, the taste state and tonight's pick hear of it as of any other source.
import type { z } from 'zod';
import type { ExtensionWatchedRequest, ExtensionWatchedResponse } from '@app/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import type { History } from '../history/history.js';
import type { SyncEvent } from '../sync/sync-event.js';
import { recordEvents } from '../sync/sync.service.js';
import type { UserRow } from '../users/users.repository.js';

export const WATCHED_TEXTS = {
  unknown: 'That title is not in our catalog.',
  marked: 'Marked watched.',
  already: 'Already marked watched today.',
} as const;

/** The event of one title on one UTC day: the same title ended twice that day is one event. */
export function watchedEvent(titleId: string, event: 'ended' | 'manual', now: Date): SyncEvent {
  return {
    key: `extension:${titleId}:${now.toISOString().slice(0, 10)}`,
    title: { titleId, kind: null, name: '', year: null },
    at: now,
    watched: true,
    playedToEnd: event === 'ended',
  };
}

export async function markWatched(ctx: AppContext, history: History, user: UserRow, input: z.output<typeof ExtensionWatchedRequest>): Promise<ExtensionWatchedResponse> {
  const title = await history.catalog.title(input.title_id);
  if (!title) throw notFound(WATCHED_TEXTS.unknown);
  const now = ctx.clock.now();
  const counts = await recordEvents(history, user.id, 'extension', [watchedEvent(title.id, input.event, now)], now);
  const already = counts.duplicates > 0;
  return { title_id: title.id, status: already ? 'already_marked' : 'marked', message: already ? WATCHED_TEXTS.already : WATCHED_TEXTS.marked };
}
