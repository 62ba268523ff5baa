// The card's "Save for later": a toggle on the user's watchlist (POST / DELETE /api/watchlist).
// Pure over the client, so its branches are unit-tested; the popup only renders its answer.
import type { Recommendation } from '@app/shared';
import type { ApiClient } from './shared';

export const SAVE_TEXTS = {
  save: 'Save for later',
  saved: 'Saved ✓',
  /** The button's tooltip once saved: a second click removes it. */
  remove: 'Remove from your watchlist',
  failed: "Couldn't update your watchlist. Try again.",
} as const;

export function saveButtonLabel(saved: boolean): string {
  return saved ? SAVE_TEXTS.saved : SAVE_TEXTS.save;
}

/** Saves the pick's title, or removes it when saved; answers the card as it now is and the server's short message. */
export async function toggleSaved(api: Pick<ApiClient, 'watchlist'>, pick: Recommendation): Promise<{ pick: Recommendation; message: string }> {
  const change = pick.saved ? await api.watchlist.remove(pick.title_id) : await api.watchlist.add({ title_id: pick.title_id });
  return { pick: { ...pick, saved: change.saved }, message: change.message };
}
