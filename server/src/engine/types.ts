// The engine's inputs and outputs. The engine is pure: it gets everything it needs as plain
// data and returns a choice with the factors that drove it; it never does I/O.
import type { Mood } from '@app/shared';

export interface EngineTitle {
  id: string;
  kind: 'movie' | 'series';
  title: string;
  year: number;
  genres: string[];
  /** Language name, e.g. "Korean". */
  language: string;
  runtime: number | null;
  seasons: number | null;
  imdb: number | null;
  rt: number | null;
  /** Editorial 1-5. */
  fame: number;
  keywords: string[];
  director: string | null;
  cast: string[];
  /** Platform names where the title is durably available; empty: availability unknown. */
  platforms: string[];
}

/** What we know about one user. All ids are title ids. */
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
}

export interface RecommendOptions {
  mood?: Mood;
  /** Prefer (hard filter when possible) this platform, e.g. the streaming site the user is on. */
  platform?: string;
  kind?: 'movie' | 'series';
  /** Same seed and inputs, same result. */
  seed: number;
}

/** Item-item neighbours learned across users (co-likes); empty on a new instance. */
export interface Neighbours {
  of(titleId: string): ReadonlyArray<{ id: string; weight: number }>;
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
  | { kind: 'keywords'; keywords: string[] }
  | { kind: 'person'; name: string; role: 'director' | 'cast' }
  | { kind: 'exploration' };

export interface Recommendation {
  titleId: string;
  score: number;
  /** The platform to show: one of the user's (or the requested one), or null (unknown). */
  platform: string | null;
  factors: Factor[];
  reason: string;
}
