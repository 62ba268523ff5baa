// Words for the reason: how a title's genres, kind and keywords read in a sentence a person would
// write ("a tense Korean crime thriller about revenge"), never a tag list ("a thriller crime
// drama film about pixar"). Only the title's own facts go in; this file only decides their form.
import { genreKey } from './moods.js';

// One wording of a time for the reason, the web card and the popup (shared/src/tonight.ts).
export { formatMinutes } from '@app/shared';

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

