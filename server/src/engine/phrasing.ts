// Words for the reason: how a title's genres, kind and keywords read in a sentence a person would
// write ("a tense Korean crime thriller about revenge"), never a tag list ("a thriller crime
// drama film about pixar"). Only the title's own facts go in; this file only decides their form.
import { countryPhrase, DEFAULT_LOCALE, formatMinutes, LANGUAGE_NAMES, MOODS, type Locale } from '@app/shared';
import { translate, type MessageValues } from '../i18n/messages.js';
import { genreKey } from './moods.js';

// One wording of a time for the reason, the web card and the popup (shared/src/tonight.ts).
export { formatMinutes };

/** Genres that are nouns on their own for a film ("a thriller"); the others read "<word> film". */
const NOUNS: Record<string, string> = {
  comedy: 'comedy',
  drama: 'drama',
  thriller: 'thriller',
  mystery: 'mystery',
  romance: 'romance',
  documentary: 'documentary',
  western: 'western',
};

/** A genre as the word before "film"/"series" (or before a noun genre: "crime thriller"). */
const ADJECTIVES: Record<string, string> = {
  action: 'action',
  adventure: 'adventure',
  animation: 'animated',
  crime: 'crime',
  family: 'family',
  fantasy: 'fantasy',
  history: 'historical',
  horror: 'horror',
  music: 'music',
  sciencefiction: 'sci-fi',
  war: 'war',
  romance: 'romantic',
  mystery: 'mystery',
};

/** Genres that may stand before another genre ("animated comedy", "sci-fi thriller"). */
const MODIFIERS = new Set(['animation', 'crime', 'sciencefiction', 'horror', 'action', 'history', 'war', 'romance', 'fantasy', 'mystery']);
/** Genres that take a modifier and still read well ("romantic comedy", "animated family film"). */
const HEADS = new Set(['comedy', 'drama', 'thriller', 'adventure', 'family', 'documentary', 'mystery']);

/** How one genre reads when it is the only one named (lower case). */
export function genreName(genre: string): string {
  const key = genreKey(genre);
  if (key === 'sciencefiction') return 'sci-fi';
  if (key === 'animation') return 'animation';
  return genre.trim().toLowerCase();
}

/**
 * The title's genre and kind as one noun phrase: "thriller", "crime series", "animated family
 * film", "romantic comedy". `genres` are at most two of the title's genres, the main one first.
 */
export function genreAndKind(genres: readonly string[], kind: 'movie' | 'series'): string {
  let [head, other] = genres.map(genreKey);
  if (head === undefined) return kind === 'series' ? 'series' : 'film';
  // "Crime, Drama" reads "crime drama": the noun genre becomes the head, the other its modifier.
  if (other !== undefined && !HEADS.has(head) && HEADS.has(other) && MODIFIERS.has(head)) [head, other] = [other, head];
  const modifier = other !== undefined && other !== head && HEADS.has(head) && MODIFIERS.has(other) ? ADJECTIVES[other] : null;
  const raw = genres.find((g) => genreKey(g) === head)!.trim().toLowerCase();
  // A film: "a thriller", "a horror film"; a series: "a thriller series", "a horror series".
  const headWord = kind === 'movie' ? (NOUNS[head] ?? `${ADJECTIVES[head] ?? raw} film`) : `${NOUNS[head] ?? ADJECTIVES[head] ?? raw} series`;
  return modifier ? `${modifier} ${headWord}` : headWord;
}

/** Keywords that read as an adjective before the genre ("a tense thriller"). */
export const TONES = new Set([
  'absurd', 'atmospheric', 'bittersweet', 'bleak', 'brutal', 'charming', 'chilling', 'claustrophobic', 'creepy',
  'dark', 'disturbing', 'dreamy', 'eerie', 'emotional', 'epic', 'feel-good', 'funny', 'gentle', 'gory', 'gritty',
  'harrowing', 'haunting', 'heartbreaking', 'heartwarming', 'hilarious', 'intense', 'irreverent', 'lighthearted',
  'melancholic', 'mind-bending', 'moving', 'nostalgic', 'offbeat', 'playful', 'poignant', 'psychological', 'quirky',
  'raw', 'romantic', 'satirical', 'scary', 'slow-burn', 'spooky', 'stylish', 'surreal', 'suspenseful', 'sweet',
  'tender', 'tense', 'thrilling', 'tragic', 'twisty', 'uplifting', 'violent', 'whimsical', 'witty', 'wholesome',
]);

/**
 * Keywords that are a topic, as they read after "about". Anything else (a studio such as pixar
 * or disney, a format such as sitcom, a place, praise such as iconic) is never given as a topic.
 */
const THEMES: Record<string, string> = Object.fromEntries(
  [
    'addiction', 'aging', 'aliens', 'ambition', 'betrayal', 'brotherhood', 'bullying', 'childhood', 'class', 'coming of age',
    'corruption', 'destiny', 'espionage', 'faith', 'fame', 'family', 'family secrets', 'first love', 'forbidden love',
    'found family', 'friendship', 'ghosts', 'greed', 'grief', 'guilt', 'healing', 'high school', 'identity', 'immigration',
    'isolation', 'jealousy', 'justice', 'loneliness', 'love', 'magic', 'marriage', 'martial arts', 'memory', 'motherhood',
    'mythology', 'nostalgia', 'obsession', 'parenthood', 'politics', 'power', 'poverty', 'racism', 'redemption', 'revenge',
    'rivalry', 'sacrifice', 'secrets', 'siblings', 'sisters', 'brothers', 'space', 'sports', 'survival', 'time travel',
    'war', 'zombies', 'vampires', 'spies', 'journalism', 'dreams', 'friendship and loyalty', 'loyalty', 'forgiveness',
    'regret', 'trauma', 'freedom', 'resistance', 'true crime', 'dance', 'food', 'cooking', 'growing up', 'fatherhood',
  ].map((k) => [k, k] as const).concat([
    ['serial killer', 'a serial killer'], ['small town', 'a small town'], ['heist', 'a heist'], ['road trip', 'a road trip'],
    ['time loop', 'a time loop'], ['conspiracy', 'a conspiracy'], ['investigation', 'an investigation'], ['detective', 'a detective'],
    ['underdog', 'an underdog'], ['superhero', 'a superhero'], ['love triangle', 'a love triangle'], ['kidnapping', 'a kidnapping'],
    ['murder', 'a murder'], ['rebellion', 'a rebellion'], ['boarding school', 'a boarding school'], ['dystopia', 'a dystopia'],
    ['father and son', 'a father and son'], ['mafia', 'the mafia'], ['apocalypse', 'the apocalypse'], ['world war ii', 'World War II'],
    ['cold war', 'the Cold War'], ['holocaust', 'the Holocaust'], ['multiverse', 'the multiverse'], ['class divide', 'the class divide'],
    ['supernatural', 'the supernatural'], ['police', 'the police'], ['artificial intelligence', 'artificial intelligence'],
  ] as const),
);

/** "about" phrase for a keyword, or null when the keyword is not a topic. */
export function theme(keyword: string): string | null {
  return THEMES[keyword.trim().toLowerCase()] ?? null;
}

export function article(next: string): string {
  return /^[aeiou]/i.test(next) ? 'an' : 'a';
}

export function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}


// ---------------------------------------------------------------------------------------------
// The reason in the reader's language (issue 39). Sentences are ICU messages of
// shared/locales/server-reasons, said in `locale`; names (liked titles, people, platforms) are
// their arguments. English keeps its own grammar for the description ("a tense Korean crime
// thriller": articles, genre adjectives), every other language its messages; lists, numbers,
// countries and languages come from Intl in that locale.

/** What a reason writer needs of a language: its messages and its ways of saying lists, numbers and names. */
export interface Words {
  locale: Locale;
  english: boolean;
  t(key: string, values?: MessageValues): string;
  /** "A and B" ("A、B", "A وB"). */
  list(items: readonly string[]): string;
  /** A time: "1 h 40", "45 min" in English, the locale's messages elsewhere. */
  minutes(minutes: number): string;
  /** A rating with one decimal: "8.7", "8,7". */
  decimal(value: number): string;
  /** A whole number: "1,234", "1.234". */
  count(value: number): string;
  /** A genre as a reason names it ("sci-fi" in English; the genre's label elsewhere). */
  genre(genre: string): string;
  /** A mood as a reason names it ("feel-good" in English; the mood's label elsewhere). */
  mood(mood: string): string;
  /** A country: "the United States", "Estados Unidos". */
  country(code: string): string;
  /** A title's language, given as its English name ("Korean"): "coreano", "韓国語". */
  language(englishName: string): string;
  /** Whole sentences one after the other. */
  sentences(parts: readonly string[]): string;
}

const wordsByLocale = new Map<Locale, Words>();

/** Whether the catalogs have `key` (translate answers a missing key with the key itself). */
const knows = (locale: Locale, key: string) => translate(locale, key) !== key;

/** The English names of languages (LANGUAGE_NAMES and every ISO 639-1 code's), to their codes. */
let languageCodes: Map<string, string> | null = null;
function languageCode(englishName: string): string | null {
  if (!languageCodes) {
    languageCodes = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (const a of letters) {
      for (const b of letters) {
        const name = names.of(a + b);
        if (name && !languageCodes.has(name.toLowerCase())) languageCodes.set(name.toLowerCase(), a + b);
      }
    }
    // The catalog's own names first: "Mandarin" is zh, "Cantonese" yue (TMDB's "cn").
    for (const [code, name] of Object.entries(LANGUAGE_NAMES)) languageCodes.set(name.toLowerCase(), code === 'cn' ? 'yue' : code);
  }
  return languageCodes.get(englishName.trim().toLowerCase()) ?? null;
}

/** A catalog label of H3's areas (genres.<id>, moods.<id>) under any of the ids' spellings, else null. */
function labelOf(locale: Locale, area: string, name: string): string | null {
  const words = name.trim().split(/[\s_-]+/).filter(Boolean);
  const camel = words.map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())).join('');
  for (const id of [camel, words.join('').toLowerCase(), name.trim().toLowerCase()]) {
    const key = `${area}.${id}`;
    if (knows(locale, key)) return translate(locale, key);
  }
  return null;
}

/** Languages whose times read "1 h 05" (the minutes without a unit). */
const PADDED_MINUTES = new Set<Locale>(['es', 'fr', 'pt-BR']);

/** Languages whose genre names read in lower case inside a sentence ("una película de drama"). */
const LOWER_CASE_GENRES = new Set<Locale>(['es', 'fr', 'pt-BR']);

// i18n-dynamic: server-reasons.theme.
// i18n-dynamic: server-reasons.tone.
export function wordsFor(locale: Locale = DEFAULT_LOCALE): Words {
  let w = wordsByLocale.get(locale);
  if (w) return w;
  const english = locale === DEFAULT_LOCALE;
  const listFormat = new Intl.ListFormat(locale, { type: 'conjunction' });
  const decimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(locale);
  const regions = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const languages = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
  const t = (key: string, values?: MessageValues) => translate(locale, key, values);
  w = {
    locale,
    english,
    t,
    list: (items) => (english ? list(items) : listFormat.format(items)),
    minutes: (minutes) => {
      if (english) return formatMinutes(minutes);
      const total = Math.max(0, Math.round(minutes));
      const h = Math.floor(total / 60);
      const m = total % 60;
      if (h === 0) return t('server-reasons.time.minutes', { minutes: String(m) });
      // "1 h 05" where the minutes have no unit of their own (es, fr, pt-BR), "1時間5分" where they do.
      const minutesText = PADDED_MINUTES.has(locale) ? String(m).padStart(2, '0') : String(m);
      return m === 0 ? t('server-reasons.time.hours', { hours: h }) : t('server-reasons.time.hoursMinutes', { hours: h, minutes: minutesText });
    },
    decimal: (value) => (english ? value.toFixed(1) : decimal.format(value)),
    count: (value) => (english ? value.toLocaleString('en-US') : whole.format(value)),
    genre: (genre) => {
      if (english) return genreName(genre);
      const label = labelOf(locale, 'genres', genre) ?? genre.trim();
      return LOWER_CASE_GENRES.has(locale) ? label.toLocaleLowerCase(locale) : label;
    },
    mood: (mood) => (english ? mood : (labelOf(locale, 'moods', mood) ?? MOODS.find((m) => m.value === mood)?.label ?? mood)),
    country: (code) => (english ? countryPhrase(code) : (regions.of(code) ?? countryPhrase(code))),
    language: (name) => {
      if (english) return name;
      const code = languageCode(name);
      return (code && languages.of(code)) || name;
    },
    sentences: (parts) => parts.filter(Boolean).join(locale === 'ja' ? '' : ' '),
  };
  wordsByLocale.set(locale, w);
  return w;
}

/** A theme keyword in `locale`'s words, when the catalog has it ("time travel" -> "viajes en el tiempo"); null otherwise. */
export function themeIn(w: Words, keyword: string): string | null {
  const english = theme(keyword);
  if (english === null) return null;
  if (w.english) return english;
  const id = keyword.trim().toLowerCase().split(/\s+/).map((x, i) => (i === 0 ? x : x.charAt(0).toUpperCase() + x.slice(1))).join('');
  const key = `server-reasons.theme.${id}`;
  return knows(w.locale, key) ? w.t(key) : null;
}

/** A tone keyword ("slow-burn") in `locale`'s words, when the catalog has it; null otherwise (and for a keyword that is no tone). */
export function toneIn(w: Words, keyword: string): string | null {
  const word = keyword.trim().toLowerCase();
  if (!TONES.has(word)) return null;
  if (w.english) return word;
  const id = word.split(/[\s-]+/).map((x, i) => (i === 0 ? x : x.charAt(0).toUpperCase() + x.slice(1))).join('');
  const key = `server-reasons.tone.${id}`;
  return knows(w.locale, key) ? w.t(key) : null;
}
