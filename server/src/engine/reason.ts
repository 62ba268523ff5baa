// The reason sentence, written only from the factors that drove the score and from the title's
// own facts: "Because you liked Dark and Arrival: a slow-burn German sci-fi mystery series,
// 8.7 on IMDb, on Netflix."
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
  requestedPlatform: string | null;
  nameOf: (titleId: string) => string;
  /** The title's genres to name (the ones that drove the score). */
  genres: string[];
  showLanguage: boolean;
}

/** Keywords that read as an adjective before the genre; the others read as "about ...". */
const TONES = new Set([
  'absurd', 'atmospheric', 'bittersweet', 'bleak', 'brutal', 'charming', 'chilling', 'claustrophobic', 'creepy',
  'dark', 'disturbing', 'dreamy', 'eerie', 'emotional', 'epic', 'feel-good', 'funny', 'gentle', 'gory', 'gritty',
  'harrowing', 'haunting', 'heartbreaking', 'heartwarming', 'hilarious', 'intense', 'irreverent', 'lighthearted',
  'melancholic', 'mind-bending', 'moving', 'nostalgic', 'offbeat', 'playful', 'poignant', 'psychological', 'quirky',
  'raw', 'romantic', 'satirical', 'scary', 'slow-burn', 'spooky', 'stylish', 'surreal', 'suspenseful', 'sweet',
  'tender', 'tense', 'thrilling', 'tragic', 'twisty', 'uplifting', 'violent', 'whimsical', 'witty', 'wholesome',
]);

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function genreWord(genre: string): string {
  const g = genre.trim();
  return /^(science fiction|sci-fi)$/i.test(g) ? 'sci-fi' : g.toLowerCase();
}

function article(next: string): string {
  return /^[aeiou]/i.test(next) ? 'an' : 'a';
}

function find<K extends Factor['kind']>(drivers: Driver[], kind: K): Extract<Factor, { kind: K }> | undefined {
  return drivers.find((d) => d.factor.kind === kind)?.factor as Extract<Factor, { kind: K }> | undefined;
}

const PERSONAL = new Set<Factor['kind']>(['similar_to', 'co_liked', 'person']);

function personalClause(factor: Factor, nameOf: (id: string) => string): string {
  switch (factor.kind) {
    case 'similar_to':
      return `because you liked ${list(factor.titleIds.map(nameOf))}`;
    case 'co_liked':
      return `people who liked ${nameOf(factor.titleId)} also liked this`;
    case 'person':
      return `${factor.role === 'director' ? 'from' : 'starring'} ${factor.name}, like ${nameOf(factor.titleId)}`;
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
  const genre = find(input.drivers, 'genre');
  if (genre) return `For your love of ${list(genre.genres.map(genreWord))}`;
  if (find(input.drivers, 'quality')) return 'A highly rated pick';
  return 'A pick for tonight';
}

function description(input: ReasonInput, personal: Factor | undefined): string {
  const { title } = input;
  const keywords = find(input.drivers, 'keywords')?.keywords ?? [];
  const tones = keywords.filter((k) => TONES.has(k.toLowerCase())).slice(0, 2);
  const themes = keywords.filter((k) => !TONES.has(k.toLowerCase())).slice(0, 2);
  const genres = input.genres.map(genreWord);
  const words = [tones.join(', '), input.showLanguage ? title.language : undefined, ...genres, title.kind === 'series' ? 'series' : 'film'].filter(
    (w): w is string => Boolean(w),
  );
  let text = `${article(words[0])} ${words.join(' ')}`;
  if (themes.length > 0) text += ` about ${list(themes)}`;
  const person = find(input.drivers, 'person');
  if (person && person !== personal) text += person.role === 'director' ? ` from ${person.name}` : ` with ${person.name}`;
  return text;
}

function ratings(input: ReasonInput): string {
  const quality = find(input.drivers, 'quality');
  if (!quality) return '';
  const parts: string[] = [];
  if (quality.imdb != null) parts.push(`${quality.imdb.toFixed(1)} on IMDb`);
  if (quality.rt != null) parts.push(`${quality.rt}% on Rotten Tomatoes`);
  return parts.length > 0 ? `, ${list(parts)}` : '';
}

/** A second taste factor that also pushed the title up gets its own short sentence. */
function secondary(input: ReasonInput, personal: Factor | undefined): string {
  const other = input.drivers.find((d) => d !== undefined && d.factor !== personal && (d.factor.kind === 'similar_to' || d.factor.kind === 'co_liked'));
  if (!other) return '';
  if (other.factor.kind === 'co_liked') return ` People who liked ${input.nameOf(other.factor.titleId)} also liked it.`;
  if (other.factor.kind === 'similar_to') return ` Similar to ${list(other.factor.titleIds.map(input.nameOf))}, which you liked.`;
  return '';
}

export function writeReason(input: ReasonInput): string {
  const personal = input.drivers.find((d) => PERSONAL.has(d.factor.kind))?.factor;
  let text = `${lead(input, personal)}: ${description(input, personal)}${ratings(input)}`;
  if (input.platform) text += `, on ${input.platform}`;
  text += '.';
  text += secondary(input, personal);
  if (input.fallback) text += ` Not on ${input.requestedPlatform ?? 'your platforms'} - availability unknown.`;
  return text;
}
