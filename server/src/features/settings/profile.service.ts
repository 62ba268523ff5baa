import type { User, UpdateProfileRequest } from '@app/shared';
import { LANGUAGE_NAMES } from '@app/shared';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { UsersTable } from '../../db/schema.js';
import { fieldError } from '../../http/errors.js';
import { toUser, updateUser, type UserRow } from '../users/users.repository.js';
import { exclusionsPatch, tonightPatch } from '../tonight/tonight.service.js';
import type { z } from 'zod';

const LANGUAGES = new Set<string>(Object.values(LANGUAGE_NAMES));

/** Platform names a user may list; the catalog supplies them once it is loaded. */
export type PlatformNames = () => Promise<Set<string>>;

export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  input: z.output<typeof UpdateProfileRequest>,
  platformNames: PlatformNames,
): Promise<User> {
  const patch: Updateable<UsersTable> = {};
  if (input.full_name !== undefined) patch.full_name = input.full_name?.trim() || null;
  if (input.selected_days) patch.selected_days = JSON.stringify([...input.selected_days].sort((a, b) => a - b));
  if (input.recommendation_time) patch.recommendation_time = input.recommendation_time;
  if (input.timezone) patch.timezone = input.timezone;
  if (input.country) patch.country = input.country;
  if (input.email_delivery !== undefined) patch.email_delivery = input.email_delivery ? 1 : 0;
  if (input.delivery_channel) patch.delivery_channel = input.delivery_channel;
  if (input.ui_language) patch.ui_language = input.ui_language;
  if (input.preferred_languages) {
    const unknown = input.preferred_languages.find((l) => !LANGUAGES.has(l));
    if (unknown) throw fieldError('preferred_languages', `Unknown language: ${unknown}`);
    patch.preferred_languages = JSON.stringify([...new Set(input.preferred_languages)]);
  }
  if (input.ott_subscriptions) {
    const known = await platformNames();
    const unknown = input.ott_subscriptions.find((p) => !known.has(p));
    if (unknown) throw fieldError('ott_subscriptions', `Unknown platform: ${unknown}`);
    patch.ott_subscriptions = JSON.stringify([...new Set(input.ott_subscriptions)]);
  }
  // Tonight's constraints and "Never show me" (issue 19): not history, so no lockUser; a list left out stays.
  if (input.tonight) Object.assign(patch, tonightPatch(input.tonight));
  if (input.exclusions) Object.assign(patch, exclusionsPatch(user, input.exclusions));
  if (input.max_age_rating !== undefined) patch.max_age_rating = input.max_age_rating;
  if (Object.keys(patch).length === 0) return toUser(user);
  return toUser(await updateUser(ctx.db, user.id, patch, ctx.clock.now()));
}
