// A title's name and overview in the product's languages (issue 39), from the `translations` the
// details call appends (GET /movie/{id} and /tv/{id} with append_to_response=translations:
// `translations.translations[]`, each with iso_639_1, iso_3166_1 and `data.title` for a movie,
// `data.name` for a series, and `data.overview`; an empty string where that language has none).
// Pure: a details response in, a row per locale out.
import { LOCALES, type Locale } from '@app/shared';
import type { TmdbMovieDetails, TmdbTranslation, TmdbTvDetails } from '../../integrations/tmdb/types.js';

/** The region TMDB writes each of our languages for (its language codes: es-ES, pt-BR, ...): preferred among several of one language. */
export const TMDB_REGION: Record<Exclude<Locale, 'en'>, string> = {
  es: 'ES',
  fr: 'FR',
  de: 'DE',
  'pt-BR': 'BR',
  hi: 'IN',
  ja: 'JP',
  ko: 'KR',
  ar: 'SA',
};

/** Entries read at most (TMDB lists about 40 for a famous title). */
const MAX_ENTRIES = 200;
const MAX_TITLE = 300;
const MAX_OVERVIEW = 4000;

export interface TitleTranslation {
  locale: Exclude<Locale, 'en'>;
  /** Null: none in this language (the English name is shown). */
  title: string | null;
  overview: string | null;
}

const text = (s: unknown, max: number): string | null => (typeof s === 'string' && s.trim() ? s.trim().slice(0, max) : null);

/**
 * Our locales' texts from TMDB's list: matched by language, the locale's region first (pt-BR before
 * pt-PT, es-ES before es-MX), each field from the first entry that has it. A language that is the
 * title's original one takes the original title when no entry names it (TMDB often leaves the
 * original language's name empty). A locale with neither text is left out.
 */
export function translationsOf(kind: 'movie' | 'series', d: TmdbMovieDetails | TmdbTvDetails): TitleTranslation[] {
  const list = d.translations?.translations;
  const entries: TmdbTranslation[] = Array.isArray(list) ? list.slice(0, MAX_ENTRIES).filter((e) => e && typeof e.iso_639_1 === 'string') : [];
  const originalLanguage = typeof d.original_language === 'string' ? d.original_language.toLowerCase() : null;
  const originalTitle = text(kind === 'movie' ? (d as TmdbMovieDetails).original_title : (d as TmdbTvDetails).original_name, MAX_TITLE);
  const out: TitleTranslation[] = [];
  for (const locale of LOCALES.filter((l): l is Exclude<Locale, 'en'> => l !== 'en')) {
    const language = locale.split('-')[0];
    const region = TMDB_REGION[locale];
    const ofLanguage = entries.filter((e) => e.iso_639_1.toLowerCase() === language);
    ofLanguage.sort((a, b) => Number(b.iso_3166_1 === region) - Number(a.iso_3166_1 === region));
    const first = (read: (e: TmdbTranslation) => unknown, max: number) => {
      for (const e of ofLanguage) {
        const v = text(read(e), max);
        if (v) return v;
      }
      return null;
    };
    let title = first((e) => (kind === 'movie' ? e.data?.title : e.data?.name), MAX_TITLE);
    if (!title && language === originalLanguage) title = originalTitle;
    const overview = first((e) => e.data?.overview, MAX_OVERVIEW);
    if (title || overview) out.push({ locale, title, overview });
  }
  return out;
}
