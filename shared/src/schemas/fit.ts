// The pick where you browse: the extension's badge on a streaming site's title page asks how well
// that title fits the user (GET /api/recommendations/fit), and its Like / Dislike rate a title
// by id (POST /api/recommendations/rate-title). Only the title's name and year leave the page.
import { z } from 'zod';

/**
 * The badge's words, from the fit score (the share of the user's unseen titles the engine ranks
 * below this one): at least `strong` is a strong match, at least `good` a good one, anything
 * lower "maybe not". Fixed, so the badge never invents a grade of its own.
 */
export const FIT_THRESHOLDS = { strong: 0.85, good: 0.6 } as const;
export const FIT_LABELS = ['Strong match for you', 'Good match for you', 'Maybe not for you'] as const;
export type FitLabel = (typeof FIT_LABELS)[number];

export function fitLabel(score: number): FitLabel {
  if (score >= FIT_THRESHOLDS.strong) return FIT_LABELS[0];
  if (score >= FIT_THRESHOLDS.good) return FIT_LABELS[1];
  return FIT_LABELS[2];
}

/** The oldest and newest year a title page may give (the catalog's films start in the 1870s). */
export const FIT_YEAR_MIN = 1870;
export const FIT_YEAR_MAX = 2100;
export const FIT_TITLE_MAX = 300;

/** GET /api/recommendations/fit?title=&year=: the page's title name, and its year when the page shows one. */
export const FitQuery = z
  .object({
    title: z
      .string({ error: 'title is required' })
      .trim()
      .min(1, 'title is required')
      .max(FIT_TITLE_MAX, `title must be at most ${FIT_TITLE_MAX} characters`),
    year: z.coerce
      .number({ error: 'year must be a number' })
      .int('year must be a whole number')
      .min(FIT_YEAR_MIN, `year must be ${FIT_YEAR_MIN} or later`)
      .max(FIT_YEAR_MAX, `year must be ${FIT_YEAR_MAX} or earlier`)
      .optional(),
  });
export type FitQuery = z.input<typeof FitQuery>;

/** Where the title already is in the user's history; null when it is not. */
export const FitHistory = z.enum(['liked', 'disliked', 'watched', 'favourite', 'recommended']);

export const FitResponse = z.object({
  title_id: z.string(),
  /** The catalog's own name and year of the title found (the page may spell it differently). */
  title: z.string(),
  year: z.number().int(),
  /** In [0, 1]: the share of the user's unseen titles the engine ranks below this one. */
  score: z.number().min(0).max(1),
  label: z.enum(FIT_LABELS),
  /** One sentence: "You liked Parasite.", "You've seen this." */
  reason: z.string(),
  history: FitHistory.nullable(),
  /** On the user's watchlist already. */
  saved: z.boolean(),
});
export type FitResponse = z.infer<typeof FitResponse>;

/** POST /api/recommendations/rate-title: like or dislike a catalog title that may not be in the history yet. */
export const RateTitleRequest = z
  .object({
    title_id: z.string().trim().min(1, 'title_id is required').max(64),
    rating: z.boolean({ error: 'rating must be true (like) or false (dislike)' }),
  })
  .strict();
export type RateTitleRequest = z.input<typeof RateTitleRequest>;

export const RateTitleResponse = z.object({ message: z.string(), title_id: z.string(), rating: z.boolean() });
export type RateTitleResponse = z.infer<typeof RateTitleResponse>;
