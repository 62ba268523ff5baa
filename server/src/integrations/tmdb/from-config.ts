import type { Config } from '../../config.js';
import { TmdbClient } from './client.js';

/** The TMDB client of this configuration (TMDB_API_URL, and TMDB_READ_TOKEN or TMDB_API_KEY). */
export function tmdbClientFor(config: Config): TmdbClient {
  return new TmdbClient({ apiUrl: config.tmdb.apiUrl, apiKey: config.tmdb.apiKey, readToken: config.tmdb.readToken });
}
