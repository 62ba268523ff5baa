// The engine's inputs and outputs. The engine is pure: it gets everything it needs as plain
// data and returns a choice with the factors that drove it; it never does I/O.
import type { Locale, Mood } from '@app/shared';

export interface EngineTitle {
  id: string;
  kind: 'movie' | 'series';
  title: string;
  /** 0 or NaN when unknown. */
  year: number;
  genres: string[];
  /** Language name, e.g. "Korean"; '' when unknown (e.g. MovieLens items). */
  language: string;
  runtime: number | null;
  seasons: number | null;
  /**
   * A series' total episode count (null or absent: unknown). Only "finish tonight" reads it: a
   * series fits then when episodes x runtime is within the time budget.
   */
  episodes?: number | null;
  /**
   * The youngest age the title's certification allows (PG-13 -> 13, TV-MA -> 17, FSK 16 -> 16;
   * catalog/age-ratings.ts); null or absent when the catalog has no rating it can map.
   */
  minAge?: number | null;
  imdb: number | null;
  rt: number | null;
  /** Editorial 1-5 (3 when nothing is known). */
  fame: number;
  keywords: string[];
  director: string | null;
  cast: string[];
  /** Platform names where the title is durably available; empty: availability unknown. */
  platforms: string[];
  /**
   * Parallel to `platforms`: the regions (ISO 3166-1 alpha-2, or GLOBAL) where the title streams
   * on that platform. Absent (or an entry undefined): any region, as for catalogs without
   * regions (MovieLens). Rent and buy offers are never listed: they do not make a title "on" a
   * platform.
   */
  platformRegions?: ReadonlyArray<readonly string[] | undefined>;
}

/**
 * What we know about one user. All ids are title ids; ids not in the catalog are ignored.
 * `favourites` and `liked` are in the order the user chose them (oldest first): with
 * `recencyHalfLife` set, later likes weigh more; the favourites, chosen together at onboarding,
 * all weigh as much as the last of them.
 */
export interface UserTaste {
  genres: string[];
  languages: string[];
  platforms: string[];
  favourites: string[];
  liked: string[];
  disliked: string[];
  watched: string[];
  /** Every title ever issued to the user (never issued again). */
  recommended: string[];
  /**
   * The user's watchlist ("saved for later"), in any order; absent: nothing saved. A saved title
   * that is a candidate on one of the target platforms (in the user's country) gets `saved` added
   * to its score; saving never makes a title eligible that the hard rules exclude.
   */
  saved?: readonly string[];
  /**
   * The user's own media-server library (Jellyfin, Emby, Plex): candidates beside the titles on
   * their services whatever their platforms and country (not under a requested platform). Absent: none.
   */
  library?: readonly OwnedTitle[];
  /**
   * The history lists already resolved against the index (`resolvePositions`), which the server
   * keeps per user so a pick never resolves a long history again. When given, the engine reads
   * `favourites`, `liked`, `disliked`, `watched` and `recommended` from here, not from the id lists.
   */
  positions?: TastePositions;
}

/** A title of the user's own library and the service it is on ("Jellyfin"). */
export interface OwnedTitle {
  id: string;
  service: string;
}

/**
 * A taste's history lists as catalog positions of one index (`indexSerial`). `favourites`,
 * `liked`, `disliked` and `watched` hold only the ids the catalog has, in their order;
 * `recommended` holds one entry per issued id, -1 when the catalog lacks it (the turns count the
 * last issued ids, found or not).
 */
export interface TastePositions {
  serial: number;
  favourites: readonly number[];
  liked: readonly number[];
  disliked: readonly number[];
  watched: readonly number[];
  recommended: readonly number[];
}

/** The knobs of the score; `DEFAULT_WEIGHTS` holds the tuned values. */
export interface EngineWeights {
  /** Cosine between the title's genres and the onboarding genres. */
  onboardingGenre: number;
  /** Content similarity (genres, keywords, people, era, language) to the positives. */
  content: number;
  /** Item-item neighbours (co-likes across users) of the positives. */
  collaborative: number;
  /** How hard a dislike pushes its similar titles away, relative to a like. */
  dislike: number;
  /** Bayesian-shrunk IMDb / Rotten Tomatoes quality, as a z-score. */
  quality: number;
  /** Fame and instance-wide like counts. */
  popularity: number;
  mood: number;
  favouriteWeight: number;
  likedWeight: number;
  watchedWeight: number;
  /** Positives this many places older than the newest weigh half; 0 turns recency off. */
  recencyHalfLife: number;
  /** Personal terms are divided by (sum of positive weights) ^ this. */
  profileNormalization: number;
  /** The pick is drawn from at most this many top titles (and never outside the top 5%). */
  exploreTop: number;
  /** Softness of the draw, in score units: larger spreads picks further down the pool. */
  exploreTemperature: number;
  /** Added to a saved title that streams on a target platform in the user's country (and fits the mood, when one is asked). */
  saved: number;
}

export interface RecommendOptions {
  mood?: Mood;
  /** Prefer (hard filter when possible) this platform, e.g. the streaming site the user is on. */
  platform?: string;
  kind?: 'movie' | 'series';
  /**
   * The user's country (ISO 3166-1 alpha-2): a title is on a platform only where that platform
   * streams it in this country or GLOBAL. Unset or null: any region counts (a user who has not
   * chosen a country yet).
   */
  region?: string | null;
  /** Same seed and inputs, same result. */
  seed: number;
  /** Overrides of DEFAULT_WEIGHTS (benchmarks tune these on validation data). */
  weights?: Partial<EngineWeights>;
  /** rankAll only: return at most this many titles (partial sort; all when unset). */
  limit?: number;
  /**
   * Tonight's time budget in minutes (30-600), a hard rule (constraints.ts): a movie whose runtime
   * is known and within it, a series whose episode runtime is. An unknown runtime never fits.
   */
  maxMinutes?: number;
  /** With maxMinutes: a series fits only when all its episodes do (episodes x runtime); without it, nothing changes. */
  finishTonight?: boolean;
  /**
   * 0 "safe crowd-pleaser" (quality and fame count more, the draw stays at the very top) to 1
   * "deep cut" (fame counts against, the draw reaches further down). Soft: it only reorders the
   * candidates. Undefined: the scoring and the draw are exactly as without it.
   */
  exploration?: number;
  /** Titles the user never wants: a hard rule (constraints.ts). At most 30 of each, 60 characters each. */
  exclusions?: Exclusions;
  /** A title whose certification needs an older viewer (minAge > maxAge) is never a candidate; unknown ratings pass. */
  maxAge?: number;
  /** The language the reason (and a why-not answer) is written in; English when unset. Never changes what is picked. */
  locale?: Locale;
}

/** What a user excluded in Settings: genre names, keywords ("superhero", "gore") and people (director or cast). */
export interface Exclusions {
  genres: string[];
  keywords: string[];
  people: string[];
}

/**
 * The first of tonight's hard rules a title breaks (constraintVerdict), for "Why not
 * recommended?": each names what the user set and what the title has.
 */
export type ConstraintBreak =
  | { rule: 'kind'; kind: 'movie' | 'series' }
  /** `runtime`: the movie's runtime or the series' episode runtime; null when unknown. */
  | { rule: 'time_budget'; minutes: number; runtime: number | null }
  /** `episodes` or `runtime` null: unknown, so the series cannot be promised to fit. */
  | { rule: 'finish_tonight'; minutes: number; episodes: number | null; runtime: number | null }
  | { rule: 'excluded_genre'; genre: string }
  /** `exclusion`: the user's word; `keyword`: the title's keyword it matched. */
  | { rule: 'excluded_keyword'; exclusion: string; keyword: string }
  /** `person`: the title's spelling; `role`: director or cast. */
  | { rule: 'excluded_person'; person: string; role: 'director' | 'cast' }
  | { rule: 'age_rating'; minAge: number; maxAge: number };

/** Item-item neighbours learned across users (co-likes); empty on a new instance. */
export interface Neighbours {
  of(titleId: string): ReadonlyArray<{ id: string; weight: number }>;
  /** Instance-wide number (or weight) of positive interactions with the title, when known. */
  support?(titleId: string): number;
}

export type Factor =
  | { kind: 'similar_to'; titleIds: string[] }
  | { kind: 'co_liked'; titleId: string }
  | { kind: 'genre'; genres: string[] }
  | { kind: 'language'; language: string }
  | { kind: 'quality'; imdb: number | null; rt: number | null }
  | { kind: 'mood'; mood: Mood }
  | { kind: 'platform'; platform: string }
  | { kind: 'availability_unknown' }
  /** On none of the user's services but in their own library on `service` (the reason says "on your Jellyfin"). */
  | { kind: 'library'; service: string }
  | { kind: 'keywords'; keywords: string[] }
  /** `titleId`: the liked or favourite title that shares this person. */
  | { kind: 'person'; name: string; role: 'director' | 'cast'; titleId: string }
  | { kind: 'exploration' }
  /** The pick fits the time budget: `runtime` is the movie's runtime or the series' episode runtime. */
  | { kind: 'time_budget'; minutes: number; runtime: number }
  /** Finish tonight: all `episodes` of the series fit the budget of `minutes`. */
  | { kind: 'finish_tonight'; episodes: number; minutes: number }
  /** The user saved the title for later, and it is on `platform` (one of theirs, or the requested one). */
  | { kind: 'saved'; platform: string }
  /** No candidate fits the mood asked for; `nearest`: the closest mood that has one (null: none has). */
  | { kind: 'mood_unmet'; mood: Mood; nearest: Mood | null }
  /** Little on the user's services fits their taste: the pick's taste fit is below LOW_FIT (honesty.ts). */
  | { kind: 'low_fit' };

export interface Recommendation {
  titleId: string;
  score: number;
  /**
   * The platform to show: one of the user's (or the requested one); when the user has no
   * platforms, the title's first known one; null when availability is unknown.
   */
  platform: string | null;
  factors: Factor[];
  reason: string;
}

/** One entry of rankAll's answer, best first. */
export interface RankedTitle {
  titleId: string;
  score: number;
  /** In one of the user's languages (always ranked before titles that are not). */
  preferredLanguage: boolean;
  /** Shown because none of the user's (or the requested) platforms had a candidate left. */
  availabilityUnknown: boolean;
}

// A pick for two (together.ts).

export interface TogetherMember {
  /** The name the reason uses ("Asha"). */
  name: string;
  taste: UserTaste;
  /** The member's country: their services count where they stream there (or GLOBAL). */
  region?: string | null;
}

/**
 * least_misery: min(zA, zB), the mean breaking ties (the product's rule). sum: zA + zB. raw_sum:
 * the two personal scores' plain sum. The last two are only measured against (together.test.ts).
 */
export type BlendRule = 'least_misery' | 'sum' | 'raw_sum';

export interface TogetherOptions {
  /** Same seed and inputs, same pick. */
  seed: number;
  /** The language of the reason (the asker's); English when unset. Never changes what is picked. */
  locale?: Locale;
  kind?: 'movie' | 'series';
  /** Titles the household was picked together before: never again. */
  exclude?: readonly string[];
  /**
   * Tonight's hard constraints for the pair (constraints.ts), exactly as for a solo pick: the
   * service gives the asker's time, both members' exclusions and the lower age limit.
   */
  constraints?: Pick<RecommendOptions, 'maxMinutes' | 'finishTonight' | 'exclusions' | 'maxAge'>;
  weights?: Partial<EngineWeights>;
  blend?: BlendRule;
}

export interface TogetherPick {
  titleId: string;
  /** The blended score (z-score units for least_misery). */
  score: number;
  /** Each member's z-score for the title within the candidate set, in member order. */
  memberScores: [number, number];
  /** The service to show; null when availability is unknown (no candidate on either's services). */
  platform: string | null;
  /** The members (0, 1) who have `platform` in their country; both when they share it. */
  owners: number[];
  reason: string;
}

/** One entry of rankTogether: a candidate with each member's z-score and the blend. */
export interface TogetherRanked {
  titleId: string;
  z: [number, number];
  blend: number;
  /** Members who do not have the title's language among theirs (0 is the best tier). */
  tier: number;
}
