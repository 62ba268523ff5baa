// The together pick and its ratings (docs/product-decisions.md, "A pick for two"). A pick is
// stored for the household and counted once, for the member who asked, in the same History.write
// as the pick (the asker's lock, like a solo pick). A rating goes into the rating member's own
// history (a History.write of that member), so their taste learns from it and the title is never
// picked again for them, alone or together.
import { randomUUID } from 'node:crypto';
import type { TogetherPick, TogetherRequest } from '@app/shared';
import type { AppContext } from '../../context.js';
import { recommendTogether } from '../../engine/index.js';
import { conflict, notFound } from '../../http/errors.js';
import { userLocale, type Message } from '../../i18n/messages.js';
import { indexedTitle } from '../history/engine-index.js';
import type { History } from '../history/history.js';
import { issueSeed, positionsFor, tasteOf } from '../history/taste-state.js';
import { favouriteTitleIds } from '../onboarding/onboarding.repository.js';
import { spendIssue } from '../subscription/subscription.service.js';
import { engineTonight, mergeTonight } from '../tonight/tonight.service.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import * as repo from './household.repository.js';
import { displayName, presentTogether } from './together.present.js';

export const TOGETHER_TEXTS = {
  noHousehold: 'You are not in a household yet. Invite someone in Settings to get picks for the two of you.',
  nothingLeft: 'No title is left that fits you both. Add platforms or languages in Settings to widen the choice.',
  notFound: 'Together pick not found',
} as const;

/** The same texts as catalog Messages (shared/locales/server-picks), said in the reader's language; English is TOGETHER_TEXTS. */
// i18n-dynamic: server-picks.together.
const TOGETHER_MESSAGES = Object.fromEntries(Object.keys(TOGETHER_TEXTS).map((k) => [k, { key: `server-picks.together.${k}` }])) as Record<keyof typeof TOGETHER_TEXTS, Message>;

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

/** The household and the partner's row; 409 when the user has no household. */
async function householdWithPartner(ctx: AppContext, user: UserRow) {
  const household = await repo.householdOf(ctx.db, user.id);
  const partner = household && (await findUserById(ctx.db, household.owner_id === user.id ? household.partner_id : household.owner_id));
  if (!household || !partner) return null;
  return { household, partner };
}

export async function pickTogether(ctx: AppContext, history: History, user: UserRow, input: TogetherRequest): Promise<TogetherPick> {
  const found = await householdWithPartner(ctx, user);
  if (!found) throw conflict(TOGETHER_MESSAGES.noHousehold);
  const { household, partner } = found;
  // Read before the transaction: nothing inside it may wait for a second pool connection while holding the lock.
  const [index, favourites, partnerFavourites] = await Promise.all([history.index(), favouriteTitleIds(ctx.db, user.id), favouriteTitleIds(ctx.db, partner.id)]);
  const neighbours = history.coLikes.current();
  const now = ctx.clock.now();
  const { row, state } = await history.write(user.id, async (h) => {
    const { tx, user: fresh } = h;
    // Under the asker's lock: the household may have been left meanwhile. The partner's row is
    // read again here: their settings and the revision of their history as of now.
    const [current, partnerNow, before] = await Promise.all([repo.householdOf(tx, user.id), findUserById(tx, partner.id), repo.togetherTitleIds(tx, household.id)]);
    if (!current || current.id !== household.id || !partnerNow) throw conflict(TOGETHER_MESSAGES.noHousehold);
    // Each member's history as kept from their last write (taste-state.ts), else read. The asker's
    // lock moved their revision by one; the partner's is theirs as read, and stays.
    const [mine, theirs] = await Promise.all([h.state(index), h.peerState(index, partner.id, partnerNow.taste_rev)]);
    // A together pick is never a free replacement: it counts like a new pick, for the asker only.
    const planState = await spendIssue(ctx, tx, fresh, false);
    const pick = recommendTogether(
      index,
      [
        { name: displayName(fresh), taste: tasteOf(fresh, favourites, [], positionsFor(index, mine, favourites)), region: fresh.country ?? null },
        { name: displayName(partnerNow), taste: tasteOf(partnerNow, partnerFavourites, [], positionsFor(index, theirs, partnerFavourites)), region: partnerNow.country ?? null },
      ],
      // The household's n-th together pick has its own seed, stable across instances.
      { seed: issueSeed(household.id, before.length + 1), exclude: before, ...togetherConstraints(fresh, partnerNow, input.kind), locale: userLocale(fresh) },
      neighbours,
    );
    const title = pick ? indexedTitle(index, pick.titleId) : undefined;
    if (!pick || !title) throw conflict(TOGETHER_MESSAGES.nothingLeft);
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
    // Neither history changed: the asker's stands for their new revision, the partner's for
    // theirs, once the write has committed (history.ts).
    return { row: inserted, state: planState };
  });
  ctx.metrics.togetherPickIssued();
  return presentTogether(ctx, history.catalog, row, user, partner, state.warning);
}

/** POST /api/recommendations/together/:id/rate: the member's rating, into their own history too. */
export async function rateTogether(ctx: AppContext, history: History, user: UserRow, id: string, liked: boolean): Promise<TogetherPick> {
  const found = await householdWithPartner(ctx, user);
  if (!found) throw notFound(TOGETHER_MESSAGES.notFound);
  const { household, partner } = found;
  const pick = await repo.findTogetherPick(ctx.db, household.id, id);
  if (!pick) throw notFound(TOGETHER_MESSAGES.notFound);
  const now = ctx.clock.now();
  const index = await history.index();
  await history.write(user.id, async (h) => {
    // A title is in a history once: a member who already has it (picked alone since) gets that row rated.
    const existing = await h.rowOfTitle(pick.title_id);
    if (existing) await h.edit(existing, { rating: liked, status: undefined, now });
    const at = now.toISOString();
    const [recommendationId] = existing
      ? [existing.id]
      : await h.add(
          // Rated together: watched together, so it is closed in the member's history.
          [{ seq: await h.nextSeq(), titleId: pick.title_id, movieTitle: pick.movie_title, status: 'watched', rating: liked, platform: pick.platform, reason: pick.reason, score: Number(pick.score), createdAt: at, origin: 'together' }],
          index,
        );
    await repo.putRating(h.tx, { pick_id: pick.id, user_id: user.id, rating: liked ? 1 : 0, rated_at: at, recommendation_id: recommendationId });
  });
  return presentTogether(ctx, history.catalog, pick, user, partner);
}
