// Mapping what the datasets say to our vocabularies (server/catalog/FORMAT.md): genres, ISO 639-1
// language codes, platform names. docs/catalog.md ("Offline importers") lists the choices.
import { GENRES, LANGUAGE_NAMES } from '@app/shared';
import { searchText } from '../search-text.js';

type Genre = (typeof GENRES)[number];

/** At most this many genres per title, most defining first (FORMAT.md). */
export const MAX_GENRES = 3;

/**
 * IMDb's genre names. Biography is dropped: a biopic is not a history film, and IMDb nearly always
 * lists Drama (or Documentary) beside it. Sport, News, Reality-TV, Talk-Show, Game-Show and Adult
 * have no equivalent and are dropped too.
 */
/** A table's own entry: a file's "valueOf" or "constructor" is not a key of ours. */
export function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

const IMDB_GENRES: Record<string, Genre[]> = {
  Action: ['Action'],
  Adventure: ['Adventure'],
  Animation: ['Animation'],
  Comedy: ['Comedy'],
  Crime: ['Crime'],
  Documentary: ['Documentary'],
  Drama: ['Drama'],
  Family: ['Family'],
  Fantasy: ['Fantasy'],
  'Film-Noir': ['Crime'],
  History: ['History'],
  Horror: ['Horror'],
  Music: ['Music'],
  Musical: ['Music'],
  Mystery: ['Mystery'],
  News: ['Documentary'],
  Romance: ['Romance'],
  'Sci-Fi': ['Science Fiction'],
  Thriller: ['Thriller'],
  War: ['War'],
  Western: ['Western'],
};

function capped(list: Iterable<Genre>): Genre[] {
  const out: Genre[] = [];
  for (const g of list) if (!out.includes(g) && out.length < MAX_GENRES) out.push(g);
  return out;
}

/** IMDb / "movies on streaming platforms" genre names ("Action,Sci-Fi") -> ours. */
export function imdbGenres(names: Iterable<string>): Genre[] {
  const out: Genre[] = [];
  for (const n of names) for (const g of own(IMDB_GENRES, n.trim()) ?? []) out.push(g);
  return capped(out);
}

/**
 * Streaming services' category labels ("Dramas", "TV Sci-Fi & Fantasy", "Action-Adventure",
 * "Kids' TV", "Military and War") by the words in them; labels that only say where a title is
 * from or who it is for ("International Movies", "Independent Movies", "TV Shows") map to nothing.
 */
const CATEGORY_WORDS: Array<[RegExp, Genre[]]> = [
  [/\bsci-?fi\b|science fiction/i, ['Science Fiction']],
  [/\baction\b/i, ['Action']],
  [/\badventure/i, ['Adventure']],
  [/\banim(e|ation|ated)\b/i, ['Animation']],
  [/\bcomed(y|ies)\b|\bsitcom|\bparody\b/i, ['Comedy']],
  [/\bcrime\b|\bpolice\b|\bcop\b/i, ['Crime']],
  [/\bdocumentar|\bdocuseries\b/i, ['Documentary']],
  [/\bdramas?\b|\bmelodrama\b|soap opera/i, ['Drama']],
  [/\bchildren\b|\bkids'?\b|\bfamily\b/i, ['Family']],
  [/\bfantasy\b|\bsuperhero\b/i, ['Fantasy']],
  [/\bhistor(y|ical)\b/i, ['History']],
  [/\bhorror\b/i, ['Horror']],
  [/\bmusic(al|als)?\b|\bconcert/i, ['Music']],
  [/\bmyster(y|ies)\b/i, ['Mystery']],
  [/\broman(ce|tic)\b/i, ['Romance']],
  [/\bthrillers?\b|\bsuspense\b|\bspy\b|\bespionage\b/i, ['Thriller']],
  [/\bwar\b|\bmilitary\b/i, ['War']],
  [/\bwesterns?\b/i, ['Western']],
];

export function categoryGenres(labels: Iterable<string>): Genre[] {
  const out: Genre[] = [];
  for (const label of labels) {
    const hits: Array<[number, Genre]> = [];
    for (const [re, genres] of CATEGORY_WORDS) {
      const m = re.exec(label);
      if (m) for (const g of genres) hits.push([m.index, g]);
    }
    // "Romantic Comedy" is a comedy first: words in the order the label says them.
    hits.sort((a, b) => a[0] - b[0]);
    for (const [, g] of hits) out.push(g);
  }
  return capped(out);
}

const LANGUAGE_BY_NAME = new Map<string, string>([
  ...Object.entries(LANGUAGE_NAMES).map(([code, name]) => [name.toLowerCase(), code] as [string, string]),
  ['chinese', 'zh'], ['yue', 'cn'], ['norwegian bokmal', 'no'], ['farsi', 'fa'],
]);

/** "English" -> "en"; null for a language outside our list (FORMAT.md). */
export function languageCode(name: string): string | null {
  return LANGUAGE_BY_NAME.get(name.trim().toLowerCase()) ?? null;
}

/**
 * Countries whose productions are nearly all in one of our languages, by ISO 3166-1 code and by
 * the English name the streaming CSVs use. India, Canada, Switzerland, Belgium, Hong Kong and
 * others with several common languages are left out on purpose: a wrong language is worse than
 * an unknown one.
 */
const COUNTRY_LANGUAGE: Array<[string, string, string]> = [
  ['US', 'United States', 'en'], ['GB', 'United Kingdom', 'en'], ['AU', 'Australia', 'en'], ['NZ', 'New Zealand', 'en'], ['IE', 'Ireland', 'en'],
  ['FR', 'France', 'fr'], ['DE', 'Germany', 'de'], ['AT', 'Austria', 'de'], ['ES', 'Spain', 'es'], ['MX', 'Mexico', 'es'],
  ['AR', 'Argentina', 'es'], ['CO', 'Colombia', 'es'], ['CL', 'Chile', 'es'], ['PE', 'Peru', 'es'], ['IT', 'Italy', 'it'],
  ['BR', 'Brazil', 'pt'], ['PT', 'Portugal', 'pt'], ['JP', 'Japan', 'ja'], ['KR', 'South Korea', 'ko'], ['TR', 'Turkey', 'tr'],
  ['DK', 'Denmark', 'da'], ['SE', 'Sweden', 'sv'], ['NO', 'Norway', 'no'], ['PL', 'Poland', 'pl'], ['TH', 'Thailand', 'th'],
  ['CN', 'China', 'zh'], ['TW', 'Taiwan', 'zh'], ['IR', 'Iran', 'fa'],
];
const LANGUAGE_OF_REGION = new Map(COUNTRY_LANGUAGE.map(([code, , lang]) => [code, lang]));
const LANGUAGE_OF_COUNTRY = new Map(COUNTRY_LANGUAGE.map(([, name, lang]) => [name.toLowerCase(), lang]));

export const regionLanguage = (region: string): string | null => LANGUAGE_OF_REGION.get(region.toUpperCase()) ?? null;
/** The first production country's language, when that country has one (see COUNTRY_LANGUAGE). */
export function countryLanguage(countries: string): string | null {
  const first = countries.split(',')[0]?.trim().toLowerCase();
  return first ? (LANGUAGE_OF_COUNTRY.get(first) ?? null) : null;
}

/** Dataset and provider spellings of the platforms we list (FORMAT.md names). */
const PLATFORM_ALIASES: Record<string, string> = {
  netflix: 'Netflix',
  prime: 'Prime Video', primevideo: 'Prime Video', amazon: 'Prime Video', amazonprime: 'Prime Video', amazonprimevideo: 'Prime Video',
  disney: 'Disney+', disneyplus: 'Disney+',
  hbomax: 'HBO Max', max: 'HBO Max', hbo: 'HBO Max',
  hulu: 'Hulu',
  appletv: 'Apple TV', appletvplus: 'Apple TV',
  paramount: 'Paramount+', paramountplus: 'Paramount+',
  peacock: 'Peacock',
  hotstar: 'JioHotstar', disneyplushotstar: 'JioHotstar', jiohotstar: 'JioHotstar',
  zee5: 'ZEE5', sonyliv: 'Sony LIV', crunchyroll: 'Crunchyroll', mubi: 'MUBI', aha: 'aha', sunnxt: 'Sun NXT', hoichoi: 'hoichoi',
};

/** "Amazon Prime" -> "Prime Video"; a name we do not know is kept as given (trimmed). */
export function platformName(name: string): string {
  const key = searchText(name.replace(/\+/g, 'plus'));
  return own(PLATFORM_ALIASES, key) ?? name.trim();
}

/** The platform a dataset file is named after ("netflix_titles.csv" -> Netflix), if any. */
export function platformFromFileName(file: string): string | null {
  const base = file.split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.(csv|tsv|txt)(\.gz)?$/i, '').replace(/[_-]?(titles|catalog(ue)?|movies|shows)$/i, '');
  const key = searchText(stem.replace(/\+/g, 'plus'));
  return own(PLATFORM_ALIASES, key) ?? null;
}
