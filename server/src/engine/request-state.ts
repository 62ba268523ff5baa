// The state of one request, shared by scoring.ts (which builds it) and score-pass.ts, explain.ts
// (which read it); its own module so neither imports the other for the type.
import type { CatalogIndex } from './catalog-index.js';
import type { UserProfile } from './profile.js';
import type { EngineWeights, Neighbours, RecommendOptions, TastePositions, UserTaste } from './types.js';

export interface RequestState {
  index: CatalogIndex;
  taste: UserTaste;
  /** The taste's history lists as positions of `index` (read these, never the id lists). */
  history: TastePositions;
  opts: RecommendOptions;
  neighbours: Neighbours | undefined;
  weights: EngineWeights;
  profile: UserProfile;
  mood: Float32Array | null;
  /**
   * A mood is asked and some candidate fits it (a mood score of at least MOOD_FIT): then the pick
   * fits it too, every title that fits ranking above every title that does not (drawTier).
   */
  moodMet: boolean;
  popularity: Float32Array | null;
  collaborativeTouched: number[];
  /** Platform ids the pick must be on (requested one, else the user's), in preference order. */
  targetPlatforms: number[];
  /** The user (or the request) limits platforms. */
  restricted: boolean;
  /** No candidate on the target platforms: candidates are titles of unknown availability. */
  fallback: boolean;
  /**
   * The user's country limits where a platform counts (index.scratch.allowedRegion says which
   * region sets it may use). False when any region counts: no country, or a catalog without regions.
   */
  regional: boolean;
  preferredLanguage: Uint8Array;
  hasLanguagePreference: boolean;
  /** Eligible positions in catalog order (a view of scratch memory: valid until the next request). */
  candidates: Int32Array;
  /**
   * The titles of the user's own library that may be picked (position -> its service, "Jellyfin"):
   * candidates whatever the platforms; empty under a requested platform.
   */
  owned: ReadonlyMap<number, string>;
  /**
   * Saved titles (UserTaste.saved) that get the `saved` boost: candidates on a target platform in
   * the user's country (never in the unknown-availability fallback, never for a user without
   * platforms), fitting the mood when one is asked. Positions, distinct, in the taste's order.
   */
  saved: number[];
}
