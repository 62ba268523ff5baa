// A together pick as one member's card: the title as a Recommendation (the rating on it is the
// viewer's own), who asked, whose service, and the partner's rating.
import type { SubscriptionWarning, TogetherPick } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import { presentRecommendation } from '../recommendations/present.js';
import { viewerOf } from '../users/user-fields.js';
import { userLocale } from '../../i18n/messages.js';
import type { UserRow } from '../users/users.repository.js';
import { ratingsOf, type TogetherPickRow } from './household.repository.js';

/**
 * The name a reason and the household card use: the first word of the full name, else the first
 * part of the address ("ben.smith@..." is "Ben").
 */
export function displayName(user: Pick<UserRow, 'full_name' | 'email'>): string {
  const first = user.full_name?.trim().split(/\s+/)[0];
  if (first) return first;
  const part = user.email.split('@')[0].split(/[._+-]/).find((p) => p.length > 0) ?? user.email;
  return part.charAt(0).toUpperCase() + part.slice(1);
}

export async function presentTogether(
  ctx: AppContext,
  catalog: CatalogStore,
  pick: TogetherPickRow,
  viewer: UserRow,
  partner: UserRow,
  warning: SubscriptionWarning | null = null,
): Promise<TogetherPick> {
  const [title, description, ratings] = await Promise.all([catalog.title(pick.title_id), catalog.text(pick.title_id, userLocale(viewer)), ratingsOf(ctx.db, pick.id)]);
  const mine = ratings.find((r) => r.user_id === viewer.id);
  const theirs = ratings.find((r) => r.user_id === partner.id);
  const v = viewerOf(viewer);
  const card = presentRecommendation(
    {
      id: pick.id,
      user_id: viewer.id,
      seq: 0,
      title_id: pick.title_id,
      movie_title: pick.movie_title,
      status: 'active',
      user_rating: mine ? Number(mine.rating) : null,
      rated_at: mine?.rated_at ?? null,
      mood: null,
      platform: pick.platform,
      reason: pick.reason,
      score: Number(pick.score),
      created_at: pick.created_at,
      closed_at: null,
      origin: 'together',
      import_id: null,
    },
    title ? catalog.toDisplay(title, description, pick.platform, v) : null,
    warning,
    v.country,
  );
  const owner = pick.platform_owner;
  // Object.assign, not a spread and more fields: see presentRecommendation.
  return Object.assign(card, {
    asked_by: pick.asked_by === viewer.id ? displayName(viewer) : displayName(partner),
    asked_by_you: pick.asked_by === viewer.id,
    platform_owner: owner === null ? null : owner === 'both' ? ('both' as const) : owner === viewer.id ? ('you' as const) : ('partner' as const),
    partner_name: displayName(partner),
    partner_rating: theirs ? Number(theirs.rating) === 1 : null,
  });
}
