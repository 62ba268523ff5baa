// The pick (POST /api/recommendations/new, GET /current's first pick, the scheduler's): the
// quota, closing the previous one, the engine's pick and the new row happen in one History.write,
// so a refused or failed request changes nothing and concurrent requests (on any instance) are
// served one after the other per user. One straight path: the plan is computed once (spendIssue,
// on the locked row), the user row is read once (the locked row, which also remembers tonight's
// constraints), and the card is presented from what the write returned.
import type { Mood, NewRecommendationRequest, Recommendation, SubscriptionWarning } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { recommend } from '../../engine/index.js';
import { conflict, fieldError, HttpError } from '../../http/errors.js';
import { userLocale } from '../../i18n/messages.js';
import type { History } from '../history/history.js';
import { indexedTitle } from '../history/engine-index.js';
import type { RecommendationRow } from '../history/history.repository.js';
import { spendIssue, type SpentIssue } from '../subscription/subscription.service.js';
import { engineTonight, mergeTonight, nothingLeftDetail, tonightPatch, type TonightInput } from '../tonight/tonight.service.js';
import type { UserRow } from '../users/users.repository.js';
import { noticesOf, present } from './present.js';
import { readCopies, readLibrary } from './own-library.js';
import type { OwnCopy } from '../../catalog/where-to-watch.js';
import type { PickIssue } from '../../metrics/metrics.js';

export interface IssueRequest extends TonightInput {
  /** What happens to the active recommendation: "watched" marks it watched, anything else skipped. */
  previous?: 'skip' | 'watched';
  mood?: Mood;
  platform?: string;
  /** GET /current: issue only when the user has no active recommendation (else return it). */
  onlyIfNoneActive?: boolean;
  /** Issued by the scheduler for a delivery (counted apart in /metrics). */
  scheduled?: boolean;
}

export interface Issued {
  row: RecommendationRow;
  /** The plan after this request; null when an existing active recommendation was returned. */
  state: SpentIssue | null;
  /** Whether the row's title is on the user's watchlist (read in the write). */
  saved: boolean;
  /** The user row as locked by the write. */
  user: UserRow;
  /** The user's copies of the row's title on their own media servers (read with the pick). */
  own: OwnCopy[];
}

/**
 * docs/product-decisions.md: the next pick replaces one the user could not use, and so may be
 * free, when the active pick is closed as already watched, or is rated disliked. The first pick
 * (nothing active) never is.
 */
export function replacesUnusablePick(active: Pick<RecommendationRow, 'user_rating'> | undefined, previous: IssueRequest['previous']): boolean {
  if (!active) return false;
  return previous === 'watched' || (active.user_rating !== null && Number(active.user_rating) === 0);
}

export async function newRecommendation(ctx: AppContext, history: History, user: UserRow, input: z.output<typeof NewRecommendationRequest>): Promise<Recommendation> {
  if (input.platform !== undefined && !(await history.catalog.platformNames()).has(input.platform)) {
    throw fieldError('platform', { key: 'server-picks.recommendations.unknownPlatform', values: { platform: input.platform } });
  }
  const issued = await issueRecommendation(ctx, history, user, input);
  return present(history.catalog, issued.row, issued.state?.warning ?? null, issued.user, issued.saved, undefined, issued.own);
}

/** The card of a pick just issued (`warning` for one returned as it was: the caller's). */
export function presentIssued(history: History, issued: Issued, warning: SubscriptionWarning | null): Promise<Recommendation> {
  return present(history.catalog, issued.row, issued.state ? issued.state.warning : warning, issued.user, issued.saved, undefined, issued.own);
}

export async function issueRecommendation(ctx: AppContext, history: History, user: UserRow, req: IssueRequest): Promise<Issued> {
  try {
    const issued = await issue(ctx, history, user, req);
    if (issued.state) ctx.metrics.pickIssued(issued.issue, req.scheduled ? 'scheduled' : 'api');
    return issued;
  } catch (err) {
    // Every plan refusal (402) of a pick comes from here: spendIssue.
    if (err instanceof HttpError && err.status === 402) ctx.metrics.quotaRefused(err.extra?.expired === true);
    throw err;
  }
}

async function issue(ctx: AppContext, history: History, user: UserRow, req: IssueRequest): Promise<Issued & { issue: PickIssue }> {
  // The index is read before the transaction: nothing inside it may wait for a second pool
  // connection while holding the user's lock.
  const index = await history.index();
  // The instance's co-likes as of the last rebuild (a rebuild never holds up a request).
  const neighbours = history.coLikes.current();
  const now = ctx.clock.now();
  // Tonight's constraints: what the request sends is remembered by the lock's own statement (null
  // clears), what it leaves out is the remembered value; a refused pick rolls it back with the rest.
  const patch = tonightPatch(req);
  const lockPatch = Object.keys(patch).length ? { ...patch, updated_at: now.toISOString() } : undefined;
  return history.write(
    user.id,
    async (h) => {
      const fresh = h.user;
      // Read under the user's lock: whether this replaces an unusable pick is decided here.
      const active = await h.active();
      if (req.onlyIfNoneActive && active) {
        const saved = (await h.inputs()).saved.includes(active.title_id);
        return { row: active, state: null, saved, user: fresh, own: await readCopies(h.tx, user.id, active.title_id), issue: 'next' as const };
      }
      // The user's own library, once per pick: candidates for the engine, the card's "On your Jellyfin".
      const library = await readLibrary(h.tx, user.id);
      // The history as of the revision before this one: kept from the last write, else read.
      await h.state(index);
      // A pick watched on a connected app or a streaming site was closed there: its replacement is free too.
      const replaces = replacesUnusablePick(active, req.previous) || (!active && (await h.newestPickWatchedElsewhere()));
      const planState = await spendIssue(ctx, h.tx, fresh, replaces);
      await h.closeActive(active, req.previous === 'watched', now);
      const { taste, saved, seq, seed } = await h.taste(index);
      const tonight = engineTonight(fresh, mergeTonight(fresh, {}));
      const pick = recommend(
        index,
        { ...taste, library: library.owned },
        // The user's country decides where a platform counts; null (not chosen yet): any region (docs/product-decisions.md).
        // The reason is written in the user's language (issue 39); it never changes what is picked.
        { mood: req.mood, platform: req.platform, ...tonight, region: fresh.country ?? null, seed, locale: userLocale(fresh) },
        neighbours,
      );
      const title = pick ? indexedTitle(index, pick.titleId) : undefined;
      if (!pick || !title) throw conflict(nothingLeftDetail({ ...tonight, mood: req.mood, platform: req.platform }, userLocale(fresh)));
      const row = await h.issue(index, {
        seq,
        titleId: pick.titleId,
        movieTitle: title.title,
        mood: req.mood ?? null,
        platform: pick.platform,
        reason: pick.reason,
        notices: noticesOf(pick.factors),
        score: pick.score,
        createdAt: now.toISOString(),
      });
      const issue = planState.cost === 'free_replacement' ? ('free_replacement' as const) : !active ? ('first' as const) : ('next' as const);
      return { row, state: planState, saved: saved.includes(row.title_id), user: fresh, own: library.copiesOf(row.title_id), issue };
    },
    { patch: lockPatch },
  );
}
