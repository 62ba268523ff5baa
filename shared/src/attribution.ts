// Credits our data sources require wherever their data is shown (web footer, About page, card,
// extension popup). TMDB: posters, backdrops, trailers; JustWatch: where to watch (via TMDB).
export const ATTRIBUTION = {
  /** TMDB's required notice, verbatim. */
  tmdbNotice: 'This product uses the TMDB API but is not endorsed or certified by TMDB.',
  tmdbUrl: 'https://www.themoviedb.org/',
  /** Beside where-to-watch, whose data JustWatch provides. */
  streamingData: 'Streaming data: JustWatch',
  justWatchUrl: 'https://www.justwatch.com/',
} as const;
