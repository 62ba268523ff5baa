// Tonight's constraints (issue 19): the time the user has, movie or series, how adventurous the
// pick may be, and what they never want to see. All optional; the server remembers them per user.
import { z } from 'zod';
import { GENRES } from '../constants.js';
import { EXCLUSION_LIMITS, MAX_AGE_RATINGS, MAX_MINUTES_RANGE } from '../tonight.js';
import { Kind } from './common.js';

export const MaxMinutes = z
  .number({ error: 'max_minutes must be a whole number of minutes' })
  .int('max_minutes must be a whole number of minutes')
  .min(MAX_MINUTES_RANGE.min, `max_minutes must be at least ${MAX_MINUTES_RANGE.min}`)
  .max(MAX_MINUTES_RANGE.max, `max_minutes must be at most ${MAX_MINUTES_RANGE.max} (10 hours)`);

/** 0: a safe crowd-pleaser; 1: a deep cut. */
export const Exploration = z
  .number({ error: 'exploration must be a number from 0 to 1' })
  .min(0, 'exploration must be from 0 to 1')
  .max(1, 'exploration must be from 0 to 1');

export const MaxAgeRating = z.enum(MAX_AGE_RATINGS, {
  error: `max_age_rating must be one of ${MAX_AGE_RATINGS.join(', ')}, or null for no limit`,
});
export type MaxAgeRating = z.infer<typeof MaxAgeRating>;

/** Trimmed, 1-60 characters each, at most 30, repeats (ignoring case) dropped: the first spelling stays. */
function exclusionList(field: string) {
  return z
    .array(
      z
        .string({ error: `${field} entries must be text` })
        .trim()
        .min(1, `${field} entries must not be empty`)
        .max(EXCLUSION_LIMITS.length, `${field} entries are at most ${EXCLUSION_LIMITS.length} characters`),
    )
    .max(EXCLUSION_LIMITS.entries, `At most ${EXCLUSION_LIMITS.entries} ${field}`)
    .transform((list) => {
      const seen = new Set<string>();
      return list.filter((v) => {
        const key = v.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    });
}

const GENRE_BY_LOWER = new Map<string, string>(GENRES.map((g) => [g.toLowerCase(), g]));

export const Exclusions = z
  .object({
    /** Names of the catalog's genres (GENRES), any case: stored as the catalog spells them. */
    genres: exclusionList('genres').pipe(
      z
        .array(z.string())
        .refine((l) => l.every((g) => GENRE_BY_LOWER.has(g.toLowerCase())), { message: `genres must be among: ${GENRES.join(', ')}` })
        .transform((l) => l.map((g) => GENRE_BY_LOWER.get(g.toLowerCase()) ?? g)),
    ),
    /** Words matched against a title's keywords (e.g. superhero, gore). */
    keywords: exclusionList('keywords'),
    /** Directors or cast members. */
    people: exclusionList('people'),
  })
  .strict();
export type Exclusions = z.output<typeof Exclusions>;
export const NO_EXCLUSIONS: Exclusions = { genres: [], keywords: [], people: [] };

/** The remembered constraints of "Another pick"; every field null (or false) when unset. */
export const TonightConstraints = z.object({
  max_minutes: MaxMinutes.nullable(),
  finish_tonight: z.boolean({ error: 'finish_tonight must be true or false' }),
  /** null: either. */
  kind: Kind.nullable(),
  /** null: the engine's default. */
  exploration: Exploration.nullable(),
});
export type TonightConstraints = z.infer<typeof TonightConstraints>;

/** PUT /api/settings/profile: any of the three fields; a field of `tonight` left out stays as it was. */
export const TonightProfileUpdate = {
  exclusions: Exclusions.partial(),
  max_age_rating: MaxAgeRating.nullable(),
  tonight: TonightConstraints.partial().strict(),
};
