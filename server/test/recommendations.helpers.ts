// Shared steps of the recommendation tests: a signed-up user onboarded through the real API,
// and the few plan facts no endpoint may change (tier, end date) set in the database, as the
// payment webhook or support would.
import { expect } from 'vitest';
import { PlanLimitError, type ApiError } from '@app/shared';
import { signUp, type TestClient, type TestServer } from './support/test-server.js';

export type Onboarded = TestClient & { email: string; userId: string };

export interface OnboardOptions {
  genres?: string[];
  languages?: string[];
  platforms?: string[];
  favourites?: number;
  timezone?: string;
}

export async function onboardedUser(server: TestServer, opts: OnboardOptions = {}): Promise<Onboarded> {
  const c = await signUp(server);
  const genres = opts.genres ?? ['Drama', 'Thriller'];
  const languages = opts.languages ?? ['English'];
  const { movies } = await c.api.onboarding.filteredMovies({ genres, languages });
  expect(movies.length).toBeGreaterThanOrEqual(opts.favourites ?? 3);
  await c.api.onboarding.savePreferences({
    selected_genres: genres,
    preferred_languages: languages,
    initial_movies: movies.slice(0, opts.favourites ?? 3).map((m) => m.title),
    ott_subscriptions: opts.platforms ?? [],
    subscription_tier: 'free_trial',
  });
  if (opts.timezone) await c.api.settings.updateProfile({ timezone: opts.timezone });
  const profile = await c.api.settings.profile();
  expect(profile.is_onboarded).toBe(true);
  return Object.assign(c, { userId: profile.id });
}

export async function setPlan(server: TestServer, userId: string, tier: string, endDate: string | null = null): Promise<void> {
  await server.running.ctx.db
    .updateTable('users')
    .set({ subscription_tier: tier, subscription_end_date: endDate })
    .where('id', '=', userId)
    .execute();
}

export async function recommendationRows(server: TestServer, userId: string) {
  return server.running.ctx.db.selectFrom('recommendations').selectAll().where('user_id', '=', userId).orderBy('seq').execute();
}

export async function quotaRows(server: TestServer, userId: string) {
  return server.running.ctx.db.selectFrom('recommendation_quota').selectAll().where('user_id', '=', userId).execute();
}

/** The error a call rejects with (fails the test when it resolves). */
export async function failure<E extends ApiError = ApiError>(p: Promise<unknown>): Promise<E> {
  try {
    await p;
  } catch (err) {
    return err as E;
  }
  throw new Error('expected the call to fail');
}

export async function planLimit(p: Promise<unknown>): Promise<PlanLimitError> {
  const err = await failure<PlanLimitError>(p);
  expect(err).toBeInstanceOf(PlanLimitError);
  return err;
}
