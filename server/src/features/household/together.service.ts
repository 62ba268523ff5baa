// The together pick and its ratings (docs/product-decisions.md, "A pick for two"). A pick is
// stored for the household and counted once, for the member who asked, in the same write
// transaction as the pick (after lockUser on the asker, like a solo pick). A rating goes into the
// rating member's own history (lockUser on that member first), so their taste learns from it and
// the title is never picked again for them, alone or together.
import { randomUUID } from 'node:crypto';
import type { TogetherPick, TogetherRequest } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import { writeTransaction, type Tx } from '../../db/transaction.js';
import type { CatalogIndex } from '../../engine/catalog-index.js';
import { recommendTogether } from '../../engine/index.js';
import { conflict, notFound, unauthorized } from '../../http/errors.js';
import { favouriteTitleIds } from '../onboarding/onboarding.repository.js';
import { coLikesFor } from '../recommendations/co-likes.js';
import { engineIndexFor, indexedTitle } from '../recommendations/engine-index.js';
import { lockUser, tasteRows } from '../recommendations/recommendations.repository.js';
import { issueSeed, tasteOf } from '../recommendations/taste.js';
import { buildTasteState, positionsFor, tasteCacheFor, type TasteState } from '../recommendations/taste-state.js';
import { precheckIssue, spendIssue, warningOf } from '../subscription/subscription.service.js';
import { engineTonight, mergeTonight } from '../tonight/tonight.service.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import * as repo from './household.repository.js';
import { displayName, presentTogether } from './together.present.js';

export const TOGETHER_TEXTS = {
  noHousehold: 'You are not in a household yet. Invite someone in Settings to get picks for the two of you.',
  nothingLeft: 'No title is left that fits you both. Add platforms or languages in Settings to widen the choice.',
  notFound: 'Together pick not found',
} as const;

/**
 * Tonight's constraints for a pick for two (docs/product-decisions.md, "A pick for two"): the
 * evening is the asker's, so their remembered time budget, finish tonight and kind apply (a kind
 * sent with the request wins); "Never show me" is each person's own, so both members' exclusions
 * apply, and the lower of their age limits.
 */
export function togetherConstraints(asker: UserRow, partner: UserRow, kind: 'movie' | 'series' | undefined) {
  const mine = engineTonight(asker, mergeTonight(asker, kind ? { kind } : {}));
  const theirs = engineTonight(partner, mergeTonight(partner, {}));
  const both = (a: readonly string[] = [], b: readonly string[] = []) => [...new Set([...a, ...b])];
  const exclusions =
    mine.exclusions || theirs.exclusions
      ? {
          genres: both(mine.exclusions?.genres, theirs.exclusions?.genres),
          keywords: both(mine.exclusions?.keywords, theirs.exclusions?.keywords),
          people: both(mine.exclusions?.people, theirs.exclusions?.people),
        }
      : undefined;
  const ages = [mine.maxAge, theirs.maxAge].filter((a): a is number => a !== undefined);
  return {
    kind: mine.kind,
    constraints: { maxMinutes: mine.maxMinutes, finishTonight: mine.finishTonight, exclusions, maxAge: ages.length ? Math.min(...ages) : undefined },
  };
}

/** A member's history as of revision `rev`: kept in memory (taken out until the caller puts it back), else read on the transaction. */
async function keptOrRead(tx: Tx, index: CatalogIndex, tastes: ReturnType<typeof tasteCacheFor>, userId: string, rev: number): Promise<TasteState> {
  return tastes.take(userId, index, rev) ?? buildTasteState(index, await tasteRows(tx, userId));
}

/** The household and the partner's row; 409 when the user has no household. */
async function householdWithPartner(ctx: AppContext, user: UserRow) {
  const household = await repo.householdOf(ctx.db, user.id);
  const partner = household && (await findUserById(ctx.db, household.owner_id === user.id ? household.partner_id : household.owner_id));
  if (!household || !partner) return null;
  return { household, partner };
}

export async function pickTogether(ctx: AppContext, catalog: CatalogStore, user: UserRow, input: TogetherRequest): Promise<TogetherPick> {
  const found = await householdWithPartner(ctx, user);
  if (!found) throw conflict(TOGETHER_TEXTS.noHousehold);
  const { household, partner } = found;
  // A together pick is never a free replacement: it counts like a new pick, for the asker only.
  await precheckIssue(ctx, user, async () => false);
  // Read before the transaction: nothing inside it may wait for a second pool connection while holding the lock.
  const [titles, favourites, partnerFavourites] = await Promise.all([catalog.titles(), favouriteTitleIds(ctx.db, user.id), favouriteTitleIds(ctx.db, partner.id)]);
  const index = engineIndexFor(titles);
  const neighbours = coLikesFor(ctx, catalog).current();
  const now = ctx.clock.now();
  const tastes = tasteCacheFor(ctx);
  const kept: Array<{ userId: string; rev: number; state: TasteState }> = [];
  const { row, state } = await writeTransaction(ctx.database, async (tx) => {
    const fresh = await lockUser(tx, ctx.database.dialect, user.id);
    if (!fresh) throw unauthorized();
    // Under the asker's lock: the household may have been left meanwhile. The partner's row is
    // read again here: their settings and the revision of their history as of now.
    const [current, partnerNow, before] = await Promise.all([repo.householdOf(tx, user.id), findUserById(tx, partner.id), repo.togetherTitleIds(tx, household.id)]);
    if (!current || current.id !== household.id || !partnerNow) throw conflict(TOGETHER_TEXTS.noHousehold);
    // Each member's history as kept from their last write (taste-state.ts), else read. The asker's
    // lock moved their revision by one; the partner's is theirs as read, and stays.
    const [mine, theirs] = await Promise.all([
      keptOrRead(tx, index, tastes, user.id, fresh.taste_rev - 1),
      keptOrRead(tx, index, tastes, partner.id, partnerNow.taste_rev),
    ]);
    const planState = await spendIssue(ctx, tx, fresh, false);
    const pick = recommendTogether(
      index,
      [
        { name: displayName(fresh), taste: tasteOf(fresh, favourites, [], positionsFor(index, mine, favourites)), region: fresh.country ?? null },
        { name: displayName(partnerNow), taste: tasteOf(partnerNow, partnerFavourites, [], positionsFor(index, theirs, partnerFavourites)), region: partnerNow.country ?? null },
      ],
      // The household's n-th together pick has its own seed, stable across instances.
      { seed: issueSeed(household.id, before.length + 1), exclude: before, ...togetherConstraints(fresh, partnerNow, input.kind) },
      neighbours,
    );
    const title = pick ? indexedTitle(index, pick.titleId) : undefined;
    if (!pick || !title) throw conflict(TOGETHER_TEXTS.nothingLeft);
    const owner = pick.owners.length === 2 ? 'both' : pick.owners.length === 1 ? (pick.owners[0] === 0 ? user.id : partner.id) : null;
    const inserted = await repo.insertTogetherPick(tx, {
      id: randomUUID(),
      household_id: household.id,
      asked_by: user.id,
      title_id: pick.titleId,
      movie_title: title.title,
      platform: pick.platform,
      platform_owner: pick.platform ? owner : null,
      reason: pick.reason,
      score: Number.isFinite(pick.score) ? pick.score : 0,
      created_at: now.toISOString(),
    });
    // Neither history changed: the asker's stands for their new revision, the partner's for theirs.
    kept.push({ userId: user.id, rev: fresh.taste_rev, state: mine }, { userId: partner.id, rev: partnerNow.taste_rev, state: theirs });
    return { row: inserted, state: planState };
  });
  // Only once the transaction has committed (a state found stale later is simply rebuilt).
  for (const k of kept) tastes.put(k.userId, k.rev, k.state);
  ctx.metrics.togetherPickIssued();
  return presentTogether(ctx, catalog, row, user, partner, warningOf(state));
}

/** POST /api/recommendations/together/:id/rate: the member's rating, into their own history too. */
export async function rateTogether(ctx: AppContext, catalog: CatalogStore, user: UserRow, id: string, liked: boolean): Promise<TogetherPick> {
  const found = await householdWithPartner(ctx, user);
  if (!found) throw notFound(TOGETHER_TEXTS.notFound);
  const { household, partner } = found;
  const pick = await repo.findTogetherPick(ctx.db, household.id, id);
  if (!pick) throw notFound(TOGETHER_TEXTS.notFound);
  const now = ctx.clock.now().toISOString();
  const rev = await writeTransaction(ctx.database, async (tx) => {
    const fresh = await lockUser(tx, ctx.database.dialect, user.id);
    if (!fresh) throw unauthorized();
    const rating = liked ? 1 : 0;
    // A title is in a history once: a member who already has it (picked alone since) gets that row rated.
    const existing = await repo.historyRowOf(tx, user.id, pick.title_id);
    let recommendationId: string;
    if (existing) {
      await tx.updateTable('recommendations').set({ user_rating: rating, rated_at: now }).where('id', '=', existing.id).where('user_id', '=', user.id).execute();
      recommendationId = existing.id;
    } else {
      recommendationId = randomUUID();
      await tx
        .insertInto('recommendations')
        .values({
          id: recommendationId,
          user_id: user.id,
          seq: await repo.nextHistorySeq(tx, user.id),
          title_id: pick.title_id,
          movie_title: pick.movie_title,
          // Rated together: watched together, so it is closed in the member's history.
          status: 'watched',
          user_rating: rating,
          rated_at: now,
          mood: null,
          platform: pick.platform,
          reason: pick.reason,
          score: Number(pick.score),
          created_at: now,
          closed_at: now,
          origin: 'together',
          import_id: null,
        })
        .execute();
    }
    await repo.putRating(tx, { pick_id: pick.id, user_id: user.id, rating, rated_at: now, recommendation_id: recommendationId });
    return fresh.taste_rev;
  });
  // The history changed outside a pick: the next pick reads it again.
  tasteCacheFor(ctx).advance(user.id, rev, () => false);
  coLikesFor(ctx, catalog).noteChanges(1);
  return presentTogether(ctx, catalog, pick, user, partner);
}
