// Everything about the catalog that does not depend on the user, computed once so that scoring a
// user is a few linear passes over typed arrays. Per-title lists (genres, tokens, platforms) are
// stored CSR-style: entries of title i are [off[i], off[i + 1]).
// The shape only: build-index.ts builds it.
import type { EngineTitle } from './types.js';

/** Per-request working memory, reused so a request allocates nothing proportional to the catalog. */
export interface Scratch {
  tokenProfile: Float32Array;
  /** 1 while the token is listed in the current profile's touchedTokens. */
  tokenTouched: Uint8Array;
  /** Per title: dot product of its tokens with the profile (filled through the postings). */
  tokenScore: Float32Array;
  score: Float32Array;
  collaborative: Float32Array;
  comboScore: Float32Array;
  cellScore: Float32Array;
  /** The last quality + popularity prior (weights and neighbours as key); rebuilt when they change. */
  prior: { key: string; neighbours: object | undefined; values: Float32Array } | null;
  /** Titles of unknown availability, kept while classifying in case the fallback is needed. */
  unknownList: Int32Array;
  candidateList: Int32Array;
  /** The candidates a turn narrows the draw to (turns.ts). */
  turnList: Int32Array;
  excludedStamp: Uint32Array;
  epoch: number;
  /** Per region set: 1 when the current request's country may use it (filled by scoring.ts). */
  allowedRegion: Uint8Array;
}

export interface CatalogIndex {
  readonly size: number;
  readonly titles: readonly EngineTitle[];
  /** Title id -> position in `titles` (only .get: the catalog may hand over its own id map). */
  readonly idToIdx: Pick<ReadonlyMap<string, number>, 'get'>;
  /** 1 for series. */
  readonly series: Uint8Array;
  readonly genreNames: readonly string[];
  /** genreKey(name) -> genre id. */
  readonly genreIdx: ReadonlyMap<string, number>;
  readonly genreOff: Uint32Array;
  readonly genreIds: Uint16Array;
  /** Unit-length per title; earlier (more defining) genres weigh more. */
  readonly genreW: Float32Array;
  /** "k:<keyword>" or "p:<person>"; only tokens shared by at least two titles. */
  readonly tokens: readonly string[];
  readonly keywordToken: ReadonlyMap<string, number>;
  readonly personToken: ReadonlyMap<string, number>;
  readonly tokOff: Uint32Array;
  readonly tokIds: Uint32Array;
  /** IDF weights, each block unit-length and scaled by sqrt(its BLOCK share). */
  readonly tokW: Float32Array;
  /** Postings (the transpose): token t's titles and weights are [postOff[t], postOff[t + 1]). */
  readonly postOff: Uint32Array;
  readonly postTitle: Uint32Array;
  readonly postW: Float32Array;
  /** Each title's genre list (ids in order) as one id: scoring computes a genre list's part once. */
  readonly genreCombo: Uint32Array;
  readonly comboOff: Uint32Array;
  readonly comboIds: Uint16Array;
  readonly comboW: Float32Array;
  /** Each title's (decade, language) pair as one id: (decade + 1) x (languages + 1) + (lang + 1). */
  readonly cell: Uint32Array;
  /** Decade index from the earliest decade; -1 unknown. */
  readonly decade: Int16Array;
  readonly decadeCount: number;
  readonly languages: readonly string[];
  /** lower-case language name -> id. */
  readonly langIdx: ReadonlyMap<string, number>;
  /** -1 unknown. */
  readonly lang: Int16Array;
  readonly platforms: readonly string[];
  /** lower-case platform name -> id. */
  readonly platformIdx: ReadonlyMap<string, number>;
  readonly platOff: Uint32Array;
  readonly platIds: Uint16Array;
  /** Bit p set: on platform p (p < 31); bit 31: on a platform with a higher id (check platIds). */
  readonly platMask: Uint32Array;
  /** Parallel to platIds: the region set (an id into regionSets) where the title streams on that platform. */
  readonly platRegion: Uint32Array;
  /** Per title: the union of its platforms' region sets, so "streams anywhere in this country" is one lookup. */
  readonly titleRegion: Uint32Array;
  /**
   * The transpose of platIds: platform p's titles in catalog order are
   * platTitles[platTitleOff[p] .. platTitleOff[p + 1]), each with its entry's region set in
   * platTitleRegion. A user on two services reads their lists instead of the whole catalog.
   */
  readonly platTitleOff: Uint32Array;
  readonly platTitles: Uint32Array;
  readonly platTitleRegion: Uint32Array;
  /** Region set id -> its upper-case regions; set 0 is "any region" (null: no region information). */
  readonly regionSets: ReadonlyArray<readonly string[] | null>;
  /** Upper-case region (IN, GLOBAL) -> the ids of the region sets that contain it. */
  readonly setsWithRegion: ReadonlyMap<string, Uint32Array>;
  /** Bayesian-shrunk quality z-score; 0 when unrated. */
  readonly quality: Float32Array;
  /** Editorial fame in [-1, 1]. */
  readonly fame: Float32Array;
  /**
   * At least half the titles share keywords or people with another title. Without them (e.g.
   * MovieLens: genres and a year) content similarity is weak evidence and weighs less by default.
   */
  readonly richFeatures: boolean;
  /** @internal */
  readonly scratch: Scratch;
  /** @internal caches keyed by a Neighbours object (alignment, popularity). */
  readonly neighbourCache: WeakMap<object, unknown>;
  /** @internal mood -> per-title mood score, filled on first use. */
  readonly moodCache: Map<string, Float32Array>;
}
