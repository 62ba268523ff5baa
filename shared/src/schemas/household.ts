// A pick for two (docs/product-decisions.md, "A pick for two"): a household of two accounts, the
// emailed invite, the together pick and its ratings.
import { z } from 'zod';
import { Email, Kind } from './common.js';
import { Recommendation } from './recommendations.js';

/** POST /api/household/invite: the partner's address (the only one that may accept). */
export const HouseholdInviteRequest = z.object({ email: Email }).strict();
export type HouseholdInviteRequest = z.infer<typeof HouseholdInviteRequest>;

/** POST /api/household/accept: the token of the emailed link. */
export const HouseholdAcceptRequest = z.object({ token: z.string().trim().min(1, 'The invite link is incomplete.').max(200, 'The invite link is not valid.') }).strict();
export type HouseholdAcceptRequest = z.infer<typeof HouseholdAcceptRequest>;

/** POST /api/household/invite/view: who sent the invite the link holds, for its page (no account needed). */
export const HouseholdInviteView = z.object({ inviter: z.string(), expires_at: z.string() }).strict();
export type HouseholdInviteView = z.infer<typeof HouseholdInviteView>;

/** POST /api/recommendations/together: a movie or a series, or either (the asker's choice for tonight). */
export const TogetherRequest = z.object({ kind: Kind.optional() }).strict();
export type TogetherRequest = z.infer<typeof TogetherRequest>;

/** POST /api/recommendations/together/:id/rate: the signed-in member's rating of a together pick. */
export const TogetherRateRequest = z.object({ rating: z.boolean() }).strict();
export type TogetherRateRequest = z.infer<typeof TogetherRateRequest>;

/**
 * A together pick, as the card shows it to one member: the title as a Recommendation (its
 * `user_rating` and `is_rated` are the viewer's own), who asked, whose service it is on, and the
 * partner's rating.
 */
export const TogetherPick = Recommendation.extend({
  asked_by: z.string(),
  asked_by_you: z.boolean(),
  /** Whose service `platform` is, from the viewer's side; null when availability is unknown. */
  platform_owner: z.enum(['both', 'you', 'partner']).nullable(),
  partner_name: z.string(),
  partner_rating: z.boolean().nullable(),
});
export type TogetherPick = z.infer<typeof TogetherPick>;

export const HouseholdMember = z.object({ name: z.string(), you: z.boolean() });
export type HouseholdMember = z.infer<typeof HouseholdMember>;

/** GET /api/household (and the answer of every household change). */
export const HouseholdState = z.object({
  household: z.object({ since: z.string(), members: z.array(HouseholdMember) }).nullable(),
  /** The invite the viewer sent and nobody has accepted yet. */
  invite: z.object({ email: z.string(), expires_at: z.string() }).nullable(),
  /** The household's newest together pick. */
  pick: TogetherPick.nullable(),
});
export type HouseholdState = z.infer<typeof HouseholdState>;

/** The household part of the account export: membership, invites sent and received, together picks. */
export const HouseholdExport = z.object({
  member: z.object({ role: z.enum(['inviter', 'partner']), partner_name: z.string(), since: z.string() }).nullable(),
  invites_sent: z.array(z.object({ email: z.string(), status: z.string(), created_at: z.string(), expires_at: z.string(), closed_at: z.string().nullable() })),
  invites_received: z.array(z.object({ from: z.string(), status: z.string(), created_at: z.string(), expires_at: z.string(), closed_at: z.string().nullable() })),
  together_picks: z.array(
    z.object({
      title_id: z.string(),
      title: z.string(),
      asked_by_you: z.boolean(),
      platform: z.string().nullable(),
      reason: z.string(),
      created_at: z.string(),
      your_rating: z.enum(['liked', 'disliked']).nullable(),
    }),
  ),
});
export type HouseholdExport = z.infer<typeof HouseholdExport>;
