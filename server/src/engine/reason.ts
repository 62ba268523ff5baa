// The reason, written only from the factors that drove the score and from the title's own facts,
// as sentences a person would write: "Because you liked Dark and Arrival: a slow-burn German
// sci-fi mystery series about time travel, on Netflix. Rated 8.7 on IMDb." Every sentence is a
// message of shared/locales/server-reasons in the reader's language (issue 39; phrasing.ts).
import type { Locale } from '@app/shared';
import { article, genreAndKind, theme, themeIn, toneIn, TONES, wordsFor, type Words } from './phrasing.js';
import type { EngineTitle, Factor } from './types.js';

export interface Driver {
  factor: Factor;
  /** The factor's part of the score (ordering only). */
  weight: number;
}

export interface ReasonInput {
  title: EngineTitle;
  /** Strongest first. */
  drivers: Driver[];
  /** Where the pick is: a platform, or "your Jellyfin" for a title of the user's own library (then `library` is "Jellyfin"). */
  platform: string | null;
  fallback: boolean;
  /** The user's country, when it decided what counts as "on your platforms"; null: any region counted. */
  region: string | null;
  /** A fallback pick's platforms with the regions it streams in there (none in `region`), most relevant first. */
  elsewhere: ReadonlyArray<{ platform: string; regions: readonly string[] }>;
  requestedPlatform: string | null;
  nameOf: (titleId: string) => string;
  /** At most two of the title's first genres, the main one first (the one the taste shares, else its first). */
  genres: string[];
  showLanguage: boolean;
  /** The time budget the pick fits (time_budget or finish_tonight), when the request set one. */
  budget?: Factor | null;
  /** The media server of the user's own library the pick is in, when `platform` says so. */
  library?: string | null;
  /** The reader's language; English when unset. */
  locale?: Locale;
}

function find<K extends Factor['kind']>(drivers: Driver[], kind: K): Extract<Factor, { kind: K }> | undefined {
  return drivers.find((d) => d.factor.kind === kind)?.factor as Extract<Factor, { kind: K }> | undefined;
}

/** The personal factor that leads: the liked titles it resembles, else the stronger of co-likes and a shared person. */
function leadingPersonal(drivers: Driver[]): Factor | undefined {
  return find(drivers, 'similar_to') ?? drivers.find((d) => d.factor.kind === 'co_liked' || d.factor.kind === 'person')?.factor;
}

/** The liked titles a personal factor names and whether it is a co-like ("people who liked X also liked this"). */
function personalTitles(factor: Factor): { ids: string[]; coLiked: boolean } | null {
  switch (factor.kind) {
    case 'similar_to':
      return { ids: factor.titleIds, coLiked: false };
    case 'co_liked':
      return { ids: [factor.titleId], coLiked: true };
    case 'person':
      // The person is named in the description ("directed by ...").
      return { ids: [factor.titleId], coLiked: false };
    default:
      return null;
  }
}

function lead(w: Words, input: ReasonInput, personal: Factor | undefined): string {
  const mood = find(input.drivers, 'mood');
  const named = personal ? personalTitles(personal) : null;
  const titles = named ? w.list(named.ids.map(input.nameOf)) : '';
  if (mood) {
    const m = w.mood(mood.mood);
    if (!named) return w.t('server-reasons.lead.mood', { mood: m });
    return named.coLiked ? w.t('server-reasons.lead.moodCoLiked', { mood: m, title: titles }) : w.t('server-reasons.lead.moodSimilar', { mood: m, titles });
  }
  if (named) return named.coLiked ? w.t('server-reasons.lead.coLiked', { title: titles }) : w.t('server-reasons.lead.similar', { titles });
  // Only a genre the title is mainly about: "For your love of drama" would be odd for a horror film with a drama tag.
  const genres = find(input.drivers, 'genre')?.genres.filter((g) => input.genres.includes(g)) ?? [];
  if (genres.length > 0) return w.t('server-reasons.lead.genres', { genres: w.list(genres.map(w.genre)) });
  if (find(input.drivers, 'quality')) return w.t('server-reasons.lead.quality');
  return w.t('server-reasons.lead.plain');
}

/** "a tense Korean crime thriller about revenge, directed by Park Chan-wook" (English's own grammar). */
function englishDescription(input: ReasonInput): string {
  const { title } = input;
  const mood = find(input.drivers, 'mood')?.mood;
  const keywords = find(input.drivers, 'keywords')?.keywords ?? [];
  const kindPhrase = genreAndKind(input.genres, title.kind);
  // "a romantic romantic comedy" or "an animated family series about family" says one thing twice.
  const said = new Set([...kindPhrase.split(' '), mood]);
  const tones = keywords.map((k) => k.trim().toLowerCase()).filter((k) => TONES.has(k) && !said.has(k)).slice(0, 2);
  const themes = [...new Set(keywords.map(theme).filter((t): t is string => t !== null && !said.has(t)))].slice(0, 2);
  const words = [tones.join(', '), input.showLanguage ? title.language : '', kindPhrase].filter(Boolean);
  let text = `${article(words[0])} ${words.join(' ')}`;
  if (themes.length > 0) text += ` about ${list(themes)}`;
  const person = find(input.drivers, 'person');
  if (person) text += `${themes.length > 0 ? ',' : ''} ${person.role === 'director' ? 'directed by' : 'starring'} ${person.name}`;
  return text;
}

/** English's list ("A and B", "A, B and C"), as the description always wrote it. */
function list(items: readonly string[]): string {
  return wordsFor('en').list(items);
}

/**
 * The description in another language, from the same facts: the kind and main genres, the
 * language, the themes the catalog translates (a theme without a translation is left out rather
 * than said in English), the tone words the catalog translates ("tense"), the person.
 */
function localDescription(w: Words, input: ReasonInput): string {
  const { title } = input;
  const kind = title.kind === 'series' ? 'series' : 'movie';
  const genres = [...new Set(input.genres.map(w.genre))];
  let text = genres.length > 0 ? w.t('server-reasons.description.kindGenres', { kind, genres: w.list(genres) }) : w.t('server-reasons.description.kind', { kind });
  if (input.showLanguage && title.language) text = w.t('server-reasons.description.inLanguage', { description: text, language: w.language(title.language), kind });
  const keywords = find(input.drivers, 'keywords')?.keywords ?? [];
  const genreKeys = new Set(input.genres.map((g) => g.trim().toLowerCase()));
  // As in English, a tone the mood or a genre already says is not said twice ("a romantic romance").
  const mood = find(input.drivers, 'mood')?.mood;
  const tones = [...new Set(keywords.map((k) => k.trim().toLowerCase()))]
    .filter((k) => k !== mood && !(k === 'romantic' && genreKeys.has('romance')))
    .map((k) => toneIn(w, k))
    .filter((t): t is string => t !== null)
    .slice(0, 2);
  // Korean strings its adjectives before the noun with commas ("어두운, 강렬한 영화").
  if (tones.length > 0) text = w.t('server-reasons.description.tones', { description: text, tones: w.locale === 'ko' ? tones.join(', ') : w.list(tones), kind });
  const themes = [...new Set(keywords.filter((k) => !genreKeys.has(k.trim().toLowerCase())).map((k) => themeIn(w, k)).filter((t): t is string => t !== null))].slice(0, 2);
  if (themes.length > 0) text = w.t('server-reasons.description.about', { description: text, themes: w.list(themes), kind });
  const person = find(input.drivers, 'person');
  if (person) text = w.t(person.role === 'director' ? 'server-reasons.description.directedBy' : 'server-reasons.description.starring', { description: text, name: person.name, kind });
  return text;
}

const description = (w: Words, input: ReasonInput) => (w.english ? englishDescription(input) : localDescription(w, input));

/** "At 1 h 38, it fits your 1 h 40." / "Its 45 min episodes fit your 1 h 40." / "All 4 episodes fit your 4 h." */
function budgetSentence(w: Words, input: ReasonInput): string {
  const budget = input.budget;
  if (!budget) return '';
  if (budget.kind === 'finish_tonight') return w.t('server-reasons.budget.finish', { episodes: budget.episodes, budget: w.minutes(budget.minutes) });
  if (budget.kind !== 'time_budget') return '';
  const values = { runtime: w.minutes(budget.runtime), budget: w.minutes(budget.minutes) };
  return input.title.kind === 'series' ? w.t('server-reasons.budget.episodes', values) : w.t('server-reasons.budget.movie', values);
}

/** "Rated 8.7 on IMDb and 94% on Rotten Tomatoes." */
function ratings(w: Words, input: ReasonInput): string {
  const quality = find(input.drivers, 'quality');
  if (!quality) return '';
  const imdb = quality.imdb != null ? w.decimal(quality.imdb) : null;
  const rt = quality.rt != null ? w.count(quality.rt) : null;
  if (imdb !== null && rt !== null) return w.t('server-reasons.ratings.both', { imdb, rt });
  if (imdb !== null) return w.t('server-reasons.ratings.imdb', { imdb });
  if (rt !== null) return w.t('server-reasons.ratings.rottenTomatoes', { rt });
  return '';
}

/** The titles a factor names, so a second sentence never names one the lead already did. */
function namedTitles(factor: Factor | undefined): string[] {
  if (!factor) return [];
  if (factor.kind === 'similar_to') return factor.titleIds;
  if (factor.kind === 'co_liked' || factor.kind === 'person') return [factor.titleId];
  return [];
}

/** A second taste factor that also pushed the title up gets its own short sentence. */
function secondary(w: Words, input: ReasonInput, personal: Factor | undefined): string {
  const named = new Set(namedTitles(personal));
  for (const { factor } of input.drivers) {
    if (factor === personal) continue;
    if (factor.kind === 'co_liked' && !named.has(factor.titleId)) return w.t('server-reasons.also.coLiked', { title: input.nameOf(factor.titleId) });
    if (factor.kind === 'similar_to') {
      const fresh = factor.titleIds.filter((id) => !named.has(id));
      if (fresh.length > 0) return w.t('server-reasons.also.similar', { titles: w.list(fresh.map(input.nameOf)) });
    }
  }
  return '';
}

/** "Not on your platforms in India. Streaming on Netflix in the United States and 2 other countries." */
function availability(w: Words, input: ReasonInput): string[] {
  const platform = input.requestedPlatform;
  if (!input.region) return [platform ? w.t('server-reasons.away.platformUnknown', { platform }) : w.t('server-reasons.away.unknown')];
  const country = w.country(input.region);
  const first = input.elsewhere[0];
  if (!first) return [platform ? w.t('server-reasons.away.platformUnknownIn', { platform, country }) : w.t('server-reasons.away.unknownIn', { country })];
  const here = platform ? w.t('server-reasons.away.platformNotIn', { platform, country }) : w.t('server-reasons.away.notIn', { country });
  const shown = first.regions.slice(0, 2).map(w.country);
  const more = first.regions.length - shown.length;
  const there =
    more > 0
      ? w.t('server-reasons.away.streamingMore', { platform: first.platform, countries: w.english ? shown.join(', ') : w.list(shown), more })
      : w.t('server-reasons.away.streaming', { platform: first.platform, countries: w.list(shown) });
  return [here, there];
}

/** The taste behind a saved pick, each liked title named once: "It is also like X, which you liked." */
function tasteSentences(w: Words, input: ReasonInput): string[] {
  const out: string[] = [];
  const named = new Set<string>();
  const similar = find(input.drivers, 'similar_to');
  if (similar) {
    out.push(w.t('server-reasons.also.similar', { titles: w.list(similar.titleIds.map(input.nameOf)) }));
    for (const id of similar.titleIds) named.add(id);
  }
  const co = find(input.drivers, 'co_liked');
  if (co && !named.has(co.titleId)) out.push(w.t('server-reasons.also.coLiked', { title: input.nameOf(co.titleId) }));
  return out;
}

/** Where the pick is, in the reader's words: a platform's name, or "your Jellyfin". */
function whereText(w: Words, input: ReasonInput, where: string): string {
  return input.library && where === `your ${input.library}` ? w.t('server-reasons.where.library', { service: input.library }) : where;
}

/**
 * A saved title on the user's services leads with that: "You saved it for later, and it's on
 * Netflix: a dark crime thriller about revenge. It is also like Oldboy, which you liked."
 */
function savedReason(w: Words, input: ReasonInput, saved: Extract<Factor, { kind: 'saved' }>): string {
  const mood = find(input.drivers, 'mood');
  const values = { platform: whereText(w, input, saved.platform), description: description(w, input) };
  const first = mood ? w.t('server-reasons.saved.mood', { ...values, mood: w.mood(mood.mood) }) : w.t('server-reasons.saved.plain', values);
  return w.sentences([first, budgetSentence(w, input), ratings(w, input), ...tasteSentences(w, input)]);
}

export function writeReason(input: ReasonInput): string {
  const w = wordsFor(input.locale);
  const saved = find(input.drivers, 'saved');
  if (saved && !input.fallback) return savedReason(w, input, saved);
  const personal = leadingPersonal(input.drivers);
  const values = { lead: lead(w, input, personal), description: description(w, input) };
  const first = input.platform ? w.t('server-reasons.pick.on', { ...values, platform: whereText(w, input, input.platform) }) : w.t('server-reasons.pick.plain', values);
  return w.sentences([first, budgetSentence(w, input), ratings(w, input), secondary(w, input, personal), ...(input.fallback ? availability(w, input) : [])]);
}
