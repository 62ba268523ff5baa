// Issuing a recommendation: the quota, closing the previous one, the engine's pick and the new
// row happen in one write transaction, so a refused or failed request changes nothing and
// concurrent requests (on any instance) are served one after the other per user.
import { randomUUID } from 'node:crypto';
import { WATCHLIST_MAX, type Mood } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import { writeTransaction } from '../../db/transaction.js';
import { recommend } from '../../engine/index.js';
import { conflict, HttpError, unauthorized } from '../../http/errors.js';
import { favouriteTitleIds } from '../onboarding/onboarding.repository.js';
import { precheckIssue, spendIssue, type PlanState } from '../subscription/subscription.service.js';
import { updateUser, type UserRow } from '../users/users.repository.js';
import { engineTonight, mergeTonight, nothingLeftDetail, tonightPatch, type TonightInput } from '../tonight/tonight.service.js';
import { deleteSaved, savedTitleIds } from '../watchlist/watchlist.repository.js';
import { coLikesFor } from './co-likes.js';
import { engineIndexFor, indexedTitle } from './engine-index.js';
import { noticesOf } from './present.js';
import {
  activeRecommendation,
  closeActive,
  insertRecommendation,
  lockUser,
  tasteRows,
  type RecommendationRow,
} from './recommendations.repository.js';
import { issueSeed, tasteOf } from './taste.js';
import { applyClosed, applyIssued, buildTasteState, nextSeq, positionsFor, tasteCacheFor, type TasteState } from './taste-state.js';
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
  state: PlanState | null;
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

export async function issueRecommendation(ctx: AppContext, catalog: CatalogStore, user: UserRow, req: IssueRequest): Promise<Issued> {
  try {
    const issued = await issue(ctx, catalog, user, req);
    if (issued.state) ctx.metrics.pickIssued(issued.issue, req.scheduled ? 'scheduled' : 'api');
    return issued;
  } catch (err) {
    // Every plan refusal (402) of a pick comes from here: precheckIssue or spendIssue.
    if (err instanceof HttpError && err.status === 402) ctx.metrics.quotaRefused(err.extra?.expired === true);
    throw err;
  }
}

async function issue(ctx: AppContext, catalog: CatalogStore, user: UserRow, req: IssueRequest): Promise<Issued & { issue: PickIssue }> {
  await precheckIssue(ctx, user, async () => replacesUnusablePick(await activeRecommendation(ctx.db, user.id), req.previous));
  // Catalog and favourites are read before the transaction: nothing inside it may wait for a
  // second pool connection while holding the user's lock.
  const [titles, favourites] = await Promise.all([catalog.titles(), favouriteTitleIds(ctx.db, user.id)]);
  const index = engineIndexFor(titles);
  // The instance's co-likes as of the last rebuild (a rebuild never holds up a request).
  const neighbours = coLikesFor(ctx, catalog).current();
  const now = ctx.clock.now();

  const tastes = tasteCacheFor(ctx);
  let kept = null as { rev: number; state: TasteState } | null;
  const issued = await writeTransaction(ctx.database, async (tx) => {
    // Locks the user row and bumps taste_rev: this transaction's own revision is fresh.taste_rev.
    const fresh = await lockUser(tx, ctx.database.dialect, user.id);
    if (!fresh) throw unauthorized();
    // Read under the user's lock: whether this replaces an unusable pick is decided here.
    const active = await activeRecommendation(tx, user.id);
    const before = tastes.take(user.id, index, fresh.taste_rev - 1);
    if (req.onlyIfNoneActive && active) {
      // Nothing written but the revision: a kept history still stands for it.
      if (before) kept = { rev: fresh.taste_rev, state: before };
      return { row: active, state: null, issue: 'next' as const };
    }
    // The history as of the revision before this one: kept from the last write, else read (on the
    // transaction's own connection: no second pool connection while holding the lock).
    const state = before ?? buildTasteState(index, await tasteRows(tx, user.id));
    const planState = await spendIssue(ctx, tx, fresh, replacesUnusablePick(active, req.previous));
    await closeActive(tx, user.id, req.previous === 'watched' ? 'watched' : 'skipped', now);
    const current = !active || applyClosed(state, active, req.previous === 'watched') ? state : buildTasteState(index, await tasteRows(tx, user.id));
    // A saved title the user has now watched leaves the watchlist.
    if (active && req.previous === 'watched') await deleteSaved(tx, user.id, active.title_id);
    const saved = await savedTitleIds(tx, user.id, WATCHLIST_MAX);
    // Tonight's constraints: what the request sends is remembered (null clears), what it leaves out
    // is the remembered value; a refused pick rolls the change back with everything else.
    const patch = tonightPatch(req);
    const withTonight = Object.keys(patch).length ? await updateUser(tx, user.id, patch, now) : fresh;
    const tonight = engineTonight(withTonight, mergeTonight(withTonight, {}));
    const seq = nextSeq(current);
    const pick = recommend(
      index,
      tasteOf(fresh, favourites, saved, positionsFor(index, current, favourites)),
      // The user's country decides where a platform counts; null (not chosen yet): any region (docs/product-decisions.md).
      { mood: req.mood, platform: req.platform, ...tonight, region: fresh.country ?? null, seed: issueSeed(user.id, seq) },
      neighbours,
    );
    const title = pick ? indexedTitle(index, pick.titleId) : undefined;
    if (!pick || !title) throw conflict(nothingLeftDetail({ ...tonight, mood: req.mood, platform: req.platform }));
    const row = await insertRecommendation(tx, {
      id: randomUUID(),
      user_id: user.id,
      seq,
      title_id: pick.titleId,
      movie_title: title.title,
      status: 'active',
      user_rating: null,
      rated_at: null,
      mood: req.mood ?? null,
      platform: pick.platform,
      reason: pick.reason,
      notices: noticesOf(pick.factors),
      score: Number.isFinite(pick.score) ? pick.score : 0,
      created_at: now.toISOString(),
      closed_at: null,
    });
    applyIssued(index, current, row);
    kept = { rev: fresh.taste_rev, state: current };
    return { row, state: planState, issue: !active ? ('first' as const) : planState.cost === 'free_replacement' ? ('free_replacement' as const) : ('next' as const) };
  });
  // Only now that the transaction has committed does the state stand for its revision.
  if (kept) tastes.put(user.id, kept.rev, kept.state);
  return issued;
}
