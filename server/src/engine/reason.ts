// The reason, written only from the factors that drove the score and from the title's own facts,
// as sentences a person would write: "Because you liked Dark and Arrival: a slow-burn German
// sci-fi mystery series about time travel, on Netflix. Rated 8.7 on IMDb."
import { countryPhrase } from '@app/shared';
import { article, formatMinutes, genreAndKind, genreName, list, theme, TONES } from './phrasing.js';
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
}

function find<K extends Factor['kind']>(drivers: Driver[], kind: K): Extract<Factor, { kind: K }> | undefined {
  return drivers.find((d) => d.factor.kind === kind)?.factor as Extract<Factor, { kind: K }> | undefined;
}

/** The personal factor that leads: the liked titles it resembles, else the stronger of co-likes and a shared person. */
function leadingPersonal(drivers: Driver[]): Factor | undefined {
  return find(drivers, 'similar_to') ?? drivers.find((d) => d.factor.kind === 'co_liked' || d.factor.kind === 'person')?.factor;
}

function personalClause(factor: Factor, nameOf: (id: string) => string): string {
  switch (factor.kind) {
    case 'similar_to':
      return `because you liked ${list(factor.titleIds.map(nameOf))}`;
    case 'co_liked':
      return `people who liked ${nameOf(factor.titleId)} also liked this`;
    case 'person':
      // The person is named in the description ("directed by ...").
      return `because you liked ${nameOf(factor.titleId)}`;
    default:
      return '';
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lead(input: ReasonInput, personal: Factor | undefined): string {
  const mood = find(input.drivers, 'mood');
  if (mood) return `A ${mood.mood} pick for tonight${personal ? `, ${personalClause(personal, input.nameOf)}` : ''}`;
  if (personal) return capitalise(personalClause(personal, input.nameOf));
  // Only a genre the title is mainly about: "For your love of drama" would be odd for a horror film with a drama tag.
  const genres = find(input.drivers, 'genre')?.genres.filter((g) => input.genres.includes(g)) ?? [];
  if (genres.length > 0) return `For your love of ${list(genres.map(genreName))}`;
  if (find(input.drivers, 'quality')) return 'A highly rated pick';
  return 'A pick for tonight';
}

/** "a tense Korean crime thriller about revenge, directed by Park Chan-wook" */
function description(input: ReasonInput): string {
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

/** " At 1 h 38, it fits your 1 h 40." / " Its 45 min episodes fit your 1 h 40." / " All 4 episodes fit your 4 h." */
function budgetSentence(input: ReasonInput): string {
  const budget = input.budget;
  if (!budget) return '';
  if (budget.kind === 'finish_tonight') {
    return ` ${budget.episodes === 1 ? 'Its one episode fits' : `All ${budget.episodes} episodes fit`} your ${formatMinutes(budget.minutes)}.`;
  }
  if (budget.kind !== 'time_budget') return '';
  if (input.title.kind === 'series') return ` Its ${formatMinutes(budget.runtime)} episodes fit your ${formatMinutes(budget.minutes)}.`;
  return ` At ${formatMinutes(budget.runtime)}, it fits your ${formatMinutes(budget.minutes)}.`;
}

function ratings(input: ReasonInput): string {
  const quality = find(input.drivers, 'quality');
  if (!quality) return '';
  const parts: string[] = [];
  if (quality.imdb != null) parts.push(`${quality.imdb.toFixed(1)} on IMDb`);
  if (quality.rt != null) parts.push(`${quality.rt}% on Rotten Tomatoes`);
  return parts.length > 0 ? ` Rated ${list(parts)}.` : '';
}

/** The titles a factor names, so a second sentence never names one the lead already did. */
function namedTitles(factor: Factor | undefined): string[] {
  if (!factor) return [];
  if (factor.kind === 'similar_to') return factor.titleIds;
  if (factor.kind === 'co_liked' || factor.kind === 'person') return [factor.titleId];
  return [];
}

/** A second taste factor that also pushed the title up gets its own short sentence. */
function secondary(input: ReasonInput, personal: Factor | undefined): string {
  const named = new Set(namedTitles(personal));
  for (const { factor } of input.drivers) {
    if (factor === personal) continue;
    if (factor.kind === 'co_liked' && !named.has(factor.titleId)) return ` People who liked ${input.nameOf(factor.titleId)} also liked it.`;
    if (factor.kind === 'similar_to') {
      const fresh = factor.titleIds.filter((id) => !named.has(id));
      if (fresh.length > 0) return ` It is also like ${list(fresh.map(input.nameOf))}, which you liked.`;
    }
  }
  return '';
}

/** " Not on your platforms in India. Streaming on Netflix in the United States and 2 other countries." */
function availability(input: ReasonInput): string {
  const where = input.requestedPlatform ?? 'your platforms';
  if (!input.region) return ` Not on ${where} - availability unknown.`;
  const here = `Not on ${where} in ${countryPhrase(input.region)}`;
  const first = input.elsewhere[0];
  if (!first) return ` ${here} - availability unknown.`;
  const shown = first.regions.slice(0, 2).map(countryPhrase);
  const more = first.regions.length - shown.length;
  const places = more > 0 ? `${shown.join(', ')} and ${more} other ${more === 1 ? 'country' : 'countries'}` : list(shown);
  return ` ${here}. Streaming on ${first.platform} in ${places}.`;
}

/** The taste behind a saved pick, each liked title named once: " It is also like X, which you liked." */
function tasteSentences(input: ReasonInput): string {
  let text = '';
  const named = new Set<string>();
  const similar = find(input.drivers, 'similar_to');
  if (similar) {
    text += ` It is also like ${list(similar.titleIds.map(input.nameOf))}, which you liked.`;
    for (const id of similar.titleIds) named.add(id);
  }
  const co = find(input.drivers, 'co_liked');
  if (co && !named.has(co.titleId)) text += ` People who liked ${input.nameOf(co.titleId)} also liked it.`;
  return text;
}

/**
 * A saved title on the user's services leads with that: "You saved it for later, and it's on
 * Netflix: a dark crime thriller about revenge. It is also like Oldboy, which you liked."
 */
function savedReason(input: ReasonInput, saved: Extract<Factor, { kind: 'saved' }>): string {
  const mood = find(input.drivers, 'mood');
  const where = `and it's on ${saved.platform}`;
  let text = mood ? `A ${mood.mood} pick for tonight that you saved for later, ${where}` : `You saved it for later, ${where}`;
  text += `: ${description(input)}.`;
  text += budgetSentence(input);
  text += ratings(input);
  text += tasteSentences(input);
  return text;
}

export function writeReason(input: ReasonInput): string {
  const saved = find(input.drivers, 'saved');
  if (saved && !input.fallback) return savedReason(input, saved);
  const personal = leadingPersonal(input.drivers);
  let text = `${lead(input, personal)}: ${description(input)}`;
  if (input.platform) text += `, on ${input.platform}`;
  text += '.';
  text += budgetSentence(input);
  text += ratings(input);
  text += secondary(input, personal);
  if (input.fallback) text += availability(input);
  return text;
}
