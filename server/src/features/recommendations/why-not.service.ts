// "Why not recommended?" for one title: the user's taste and tonight's options as a pick would use
// them, handed to the engine's whyNot (engine/why-not.ts), which answers from its own checks.
// Read-only: nothing is written, so no lock and no quota.
import { WATCHLIST_MAX, type WhyNotQuery, type WhyNotReason, type WhyNotResponse } from '@app/shared';
import type { AppContext } from '../../context.js';
import { whyNot, type RecommendOptions } from '../../engine/index.js';
import { notFound } from '../../http/errors.js';
import { translate, userLocale } from '../../i18n/messages.js';
import type { UserRow } from '../users/users.repository.js';
import { engineTonight, mergeTonight } from '../tonight/tonight.service.js';
import type { History } from '../history/history.js';
import { activeRecommendation, tasteInputs, tasteRows } from '../history/history.repository.js';
import { buildTaste } from '../history/taste-state.js';


/**
 * The options of the user's next pick: their country decides where a platform counts, as in
 * issue.ts, with the constraints remembered for tonight (the kind, time budget, finish tonight,
 * exploration, exclusions and age limit), as a pick that sends none of its own would use them.
 * No seed matters: whyNot draws nothing.
 */
function nextPickOptions(user: UserRow): RecommendOptions {
  return { region: user.country ?? null, seed: 0, ...engineTonight(user, mergeTonight(user, {})), locale: userLocale(user) };
}

export async function whyNotRecommended(ctx: AppContext, history: History, user: UserRow, query: WhyNotQuery): Promise<WhyNotResponse> {
  const titleId = query.title_id.trim();
  const [index, { favourites, saved }, rows, active] = await Promise.all([
    history.index(),
    tasteInputs(ctx.db, user.id, WATCHLIST_MAX),
    tasteRows(ctx.db, user.id),
    activeRecommendation(ctx.db, user.id),
  ]);
  const answer = whyNot(index, buildTaste(user, favourites, rows, saved), titleId, nextPickOptions(user), history.coLikes.current());
  if (!answer) throw notFound({ key: 'server-picks.whyNot.notInCatalog' });
  const title = index.titles[index.idToIdx.get(answer.titleId)!];
  const reasons: WhyNotReason[] = answer.reasons.map(({ code, text }) => ({ code, text }));
  // Tonight's pick is in the history as issued, but "already one of your picks" would be wrong
  // about the title on the user's card right now (asked from the watchlist, say): it is the pick.
  // A rating of it stays the reason given.
  if (active?.title_id === answer.titleId && reasons[0]?.code === 'issued') reasons[0] = { code: 'current_pick', text: translate(userLocale(user), 'server-reasons.whyNot.currentPick') };
  return { title_id: answer.titleId, title: title.title, reasons };
}
