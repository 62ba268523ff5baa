// "Why not recommended?" (GET /api/recommendations/why-not): the engine's own reasons for one
// title, most decisive first (server/src/engine/why-not.ts).
import { z } from 'zod';

export const WhyNotQuery = z
  .object({ title_id: z.string().trim().min(1, 'title_id is required').max(64, 'title_id is at most 64 characters') })
  .strict();
export type WhyNotQuery = z.input<typeof WhyNotQuery>;

/**
 * `code` says which check decided (current_pick: it is tonight's pick; disliked, liked, favourite, watched, issued; kind, time_budget,
 * finish_tonight, excluded_genre, excluded_keyword, excluded_person, age_rating; not_on_services;
 * language, disliked_similar, top_match, ranked, in_its_favour); `text` says it to the user.
 */
export const WhyNotReason = z.object({ code: z.string(), text: z.string() });
export type WhyNotReason = z.infer<typeof WhyNotReason>;

export const WhyNotResponse = z.object({
  title_id: z.string(),
  title: z.string(),
  reasons: z.array(WhyNotReason),
});
export type WhyNotResponse = z.infer<typeof WhyNotResponse>;
