// Recording a rating (the card's buttons, an email's link): a write to the user's history, so it
// takes the user row (bumping taste_rev) and then updates the server's kept history, which a
// rating of the newest pick extends in place (taste-state.ts).
import type { AppContext } from '../../context.js';
import { writeTransaction } from '../../db/transaction.js';
import { unauthorized } from '../../http/errors.js';
import { lockUser, rateOnce, type RecommendationRow } from './recommendations.repository.js';
import { applyRated, tasteCacheFor } from './taste-state.js';

/** Records a first rating; undefined when the row was already rated (nothing changes). */
export async function rateInHistory(ctx: AppContext, userId: string, id: string, liked: boolean): Promise<RecommendationRow | undefined> {
  const { rated, rev } = await writeTransaction(ctx.database, async (tx) => {
    const fresh = await lockUser(tx, ctx.database.dialect, userId);
    if (!fresh) throw unauthorized();
    return { rated: await rateOnce(tx, userId, id, liked, ctx.clock.now()), rev: fresh.taste_rev };
  });
  tasteCacheFor(ctx).advance(userId, rev, (state) => (rated ? applyRated(state, rated) : true));
  return rated;
}
