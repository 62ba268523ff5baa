import { z } from 'zod';
import { CountryCode, Kind } from './common.js';
import { ONBOARDING_LIMITS } from '../constants.js';
import { User } from './user.js';

export const GenresResponse = z.object({ genres: z.array(z.string()) });
export type GenresResponse = z.infer<typeof GenresResponse>;

export const LanguagesResponse = z.object({ languages: z.array(z.string()) });
export type LanguagesResponse = z.infer<typeof LanguagesResponse>;

export const Platform = z.object({
  name: z.string(),
  color: z.string(),
  logo_url: z.string(),
  search_url: z.string(),
  hosts: z.array(z.string()),
  /** Where the service operates (ISO country codes); null: nearly everywhere, or not known. */
  countries: z.array(z.string()).nullable(),
  title_count: z.number().int(),
});
export type Platform = z.infer<typeof Platform>;

export const PlatformsResponse = z.object({ platforms: z.array(Platform) });
export type PlatformsResponse = z.infer<typeof PlatformsResponse>;

/** An onboarding movie option: title, year, genre, language (plus what the picker shows). */
export const OnboardingMovie = z.object({
  id: z.string(),
  title: z.string(),
  year: z.number().int(),
  genre: z.string(),
  language: z.string(),
  kind: Kind,
  poster_url: z.string(),
  /** Our generated poster: what to show when poster_url fails to load. */
  poster_fallback_url: z.string(),
});
export type OnboardingMovie = z.infer<typeof OnboardingMovie>;

export const MoviesResponse = z.object({ movies: z.array(OnboardingMovie), message: z.string().optional() });
export type MoviesResponse = z.infer<typeof MoviesResponse>;

const commaList = z
  .string()
  .max(1000)
  .optional()
  .transform((s) => (s ? s.split(',').map((x) => x.trim()).filter(Boolean) : []));
export const FilteredMoviesQuery = z.object({ genres: commaList, languages: commaList, q: z.string().max(100).optional() });
export type FilteredMoviesQuery = z.input<typeof FilteredMoviesQuery>;

export const PreferencesRequest = z.object({
  selected_genres: z
    .array(z.string().min(1).max(40))
    .min(ONBOARDING_LIMITS.genresMin, `Pick at least ${ONBOARDING_LIMITS.genresMin} genres`)
    .max(ONBOARDING_LIMITS.genresMax, `Pick at most ${ONBOARDING_LIMITS.genresMax} genres`),
  // At least favouritesMin, unless the user imported their history (the server checks: it knows).
  initial_movies: z
    .array(z.string().min(1).max(200))
    .max(ONBOARDING_LIMITS.favouritesMax, `Pick at most ${ONBOARDING_LIMITS.favouritesMax} favourite titles`),
  preferred_languages: z
    .array(z.string().min(1).max(40))
    .min(ONBOARDING_LIMITS.languagesMin, 'Pick at least one language')
    .max(30),
  ott_subscriptions: z.array(z.string().min(1).max(60)).max(30).default([]),
  /** Where the platforms are counted (ISO 3166-1 alpha-2); older clients leave it out. */
  country: CountryCode.optional(),
  subscription_tier: z.literal('free_trial').default('free_trial'),
});
export type PreferencesRequest = z.input<typeof PreferencesRequest>;

export const PreferencesResponse = z.object({
  selected_genres: z.array(z.string()),
  initial_movies: z.array(z.string()),
  preferred_languages: z.array(z.string()),
  ott_subscriptions: z.array(z.string()),
  country: z.string().nullable().default(null),
  subscription_tier: z.string(),
  is_onboarded: z.boolean(),
});
export type PreferencesResponse = z.infer<typeof PreferencesResponse>;

export const SavePreferencesResponse = z.object({ message: z.string(), user: User });
export type SavePreferencesResponse = z.infer<typeof SavePreferencesResponse>;
