// Households: two accounts asking for picks together.
// Shapes as stored: booleans 0/1, times ISO-8601 UTC text (see ../schema.ts).

/** Two accounts that ask for picks together (migration 0026). */
export interface HouseholdsTable {
  id: string;
  /** The member who invited. */
  owner_id: string;
  partner_id: string;
  created_at: string;
}

export interface HouseholdInvitesTable {
  id: string;
  inviter_id: string;
  /** Lower-case address the invite was sent to. */
  email: string;
  /** SHA-256 (hex) of the emailed token; never the token. */
  token_hash: string;
  /** pending | accepted | revoked */
  status: string;
  created_at: string;
  expires_at: string;
  closed_at: string | null;
}

export interface TogetherPicksTable {
  id: string;
  household_id: string;
  asked_by: string;
  title_id: string;
  movie_title: string;
  platform: string | null;
  /** 'both' or the member's user id whose service `platform` is; null: availability unknown. */
  platform_owner: string | null;
  reason: string;
  score: number;
  created_at: string;
}

export interface TogetherRatingsTable {
  pick_id: string;
  user_id: string;
  /** 1 liked, 0 disliked */
  rating: number;
  rated_at: string;
  recommendation_id: string;
}
