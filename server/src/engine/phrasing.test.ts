// Reasons read as sentences a person would write, and every word of their description is true
// of the title: its kind, its main genres, its language, its people, the platform, the mood.
// (reason.test.ts checks the factors and that no word comes from outside the facts.)
import { LANGUAGE_NAMES, MOOD_VALUES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { recommend } from './rank.js';
import { seededRandom } from './random.js';
import { testCatalogs, type TestCatalog } from './testing/catalogs.js';
import { int, pick, randomTaste, sample, type Rng } from './testing/synthetic.js';
import type { EngineTitle, RecommendOptions, Recommendation, UserTaste } from './types.js';

const catalogs = testCatalogs();

/** Every word a reason may use for a genre, and the genre it means. */
const GENRE_WORDS: Record<string, string> = {
  action: 'Action', adventure: 'Adventure', animated: 'Animation', animation: 'Animation', comedy: 'Comedy', crime: 'Crime',
  documentary: 'Documentary', drama: 'Drama', family: 'Family', fantasy: 'Fantasy', historical: 'History', horror: 'Horror',
  music: 'Music', mystery: 'Mystery', romance: 'Romance', romantic: 'Romance', 'sci-fi': 'Science Fiction', thriller: 'Thriller',
  war: 'War', western: 'Western',
};
/** Keywords that name a studio, a format or praise: never a topic ("about pixar"). */
const NOT_TOPICS = ['pixar', 'disney', 'marvel', 'dc', 'studio ghibli', 'tvf', 'a24', 'dreamworks', 'sitcom', 'mockumentary', 'anthology', 'iconic', 'classic', 'cult classic', 'sequel', 'remake', 'black and white', 'miniseries', 'limited series', 'webtoon', 'british'];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const words = (s: string) => s.toLowerCase().split(/[^a-z0-9'-]+/).filter(Boolean);

/** The reason with every name (liked titles, people, platforms) replaced by "X", longest first. */
function masked(rec: Recommendation, title: EngineTitle, taste: UserTaste, catalog: TestCatalog): string {
  const names = [
    ...[...taste.favourites, ...taste.liked].map((id) => catalog.byId.get(id)?.title ?? ''),
    title.director ?? '',
    ...title.cast,
    ...catalog.index.platforms,
    ...title.platforms,
  ].filter((n) => n.trim().length > 1).sort((a, b) => b.length - a.length);
  let text = rec.reason;
  for (const n of names) text = text.split(n).join('X');
  return text;
}

function checkPhrasing(rec: Recommendation, title: EngineTitle, taste: UserTaste, opts: RecommendOptions, catalog: TestCatalog): void {
  const text = masked(rec, title, taste, catalog);
  // Sentences: capitalised, ended with a period, no word twice in a row.
  expect(text).toMatch(/^[A-Z]/);
  expect(text).toMatch(/\.$/);
  for (const sentence of text.split(/(?<=\.) /)) expect(sentence).toMatch(/^[A-Z]/);
  expect(text).not.toMatch(/\b(\w+)\s+\1\b/i);

  // The description: after the lead, up to its topic, person or platform.
  const description = text.slice(text.indexOf(': ') + 2).split(/ about |,? directed by |,? starring |, on |\./)[0];
  const described = words(description);
  const keywords = new Set(title.keywords.map((k) => k.toLowerCase()));
  // Kind: a series is called a series, a film never is.
  if (title.kind === 'series') expect(described.at(-1)).toBe('series');
  else expect(described).not.toContain('series');
  // Genres: only the title's main ones (its first two), unless the word is the title's own keyword ("a romantic ...").
  for (const w of described) {
    if (GENRE_WORDS[w] && !keywords.has(w)) expect(title.genres.slice(0, 2)).toContain(GENRE_WORDS[w]);
  }
  // Language: only the title's.
  for (const name of new Set([...Object.values(LANGUAGE_NAMES), ...catalog.index.languages])) {
    if (new RegExp(`\\b${escape(name)}\\b`, 'i').test(text)) expect(name.toLowerCase()).toBe(title.language.toLowerCase());
  }
  // People: the one named is the title's director or in its cast.
  const person = rec.factors.find((f) => f.kind === 'person');
  if (rec.reason.includes('directed by ')) expect(person?.kind === 'person' && person.role === 'director' && title.director === person.name).toBe(true);
  if (rec.reason.includes('starring ')) expect(person?.kind === 'person' && person.role === 'cast' && title.cast.includes(person.name)).toBe(true);
  if (person?.kind === 'person') expect(rec.reason).toContain(`${person.role === 'director' ? 'directed by' : 'starring'} ${person.name}`);
  // Platform: one the title is on, or availability unknown said in so many words.
  const named = catalog.index.platforms.filter((p) => rec.reason.toLowerCase().includes(`, on ${p.toLowerCase()}`));
  for (const p of named) expect(title.platforms.map((x) => x.toLowerCase())).toContain(p.toLowerCase());
  if (rec.platform === null) expect(named).toEqual([]);
  if (title.platforms.length === 0 && taste.platforms.length + (opts.platform ? 1 : 0) > 0) expect(rec.reason).toContain('availability unknown');
  // Mood: the lead's mood is the one asked for; any other mood word is from the title's keywords or genres.
  const lead = /^A ([\w-]+) pick for tonight/.exec(rec.reason);
  if (lead) expect(lead[1]).toBe(opts.mood);
  for (const m of MOOD_VALUES) {
    const elsewhere = text.replace(/^A [\w-]+ pick for tonight/, '');
    const inKeyword = title.keywords.some((k) => words(k).includes(m)); // "about family secrets"
    if (m !== opts.mood && words(elsewhere).includes(m)) expect(inKeyword || title.genres.includes(GENRE_WORDS[m] ?? '')).toBe(true);
  }
  // Never a studio, format or praise as a topic.
  for (const tag of NOT_TOPICS) expect(text.toLowerCase()).not.toMatch(new RegExp(`about [^.:]*\\b${escape(tag)}\\b`));
}

function randomOptions(rng: Rng, catalog: TestCatalog): RecommendOptions {
  return {
    seed: int(rng, 0, 1_000_000),
    mood: rng() < 0.5 ? pick(rng, MOOD_VALUES) : undefined,
    kind: rng() < 0.2 ? pick(rng, ['movie', 'series'] as const) : undefined,
    platform: rng() < 0.15 ? pick(rng, catalog.index.platforms) : undefined,
  };
}

describe.each(catalogs.map((c) => [c.name, c] as const))('reason phrasing on the %s catalog', (_name, catalog) => {
  it('is sentences whose kind, genre, language, people, platform and mood are true of the title', () => {
    const rng = seededRandom(71);
    // A third of the users saved titles for later ("You saved it for later, and it's on X: ...").
    const savedRng = seededRandom(74);
    const ids = catalog.titles.map((t) => t.id);
    for (let c = 0; c < 300; c++) {
      const taste = randomTaste(rng, catalog.titles);
      if (c % 3 === 0) taste.saved = sample(savedRng, ids, int(savedRng, 20, 200));
      const opts = randomOptions(rng, catalog);
      const rec = recommend(catalog.index, taste, opts, c % 2 === 0 ? catalog.neighbours : undefined);
      if (rec) checkPhrasing(rec, catalog.byId.get(rec.titleId)!, taste, opts, catalog);
    }
  });

  const hasTags = NOT_TOPICS.some((tag) => catalog.titles.filter((t) => t.keywords.some((k) => k.toLowerCase() === tag)).length >= 4);
  it.skipIf(!hasTags)('never gives a studio, format or praise keyword as what a title is about', () => {
    // Users who loved several titles sharing such a keyword: the keyword drives their pick.
    const rng = seededRandom(72);
    let driven = 0;
    for (const tag of NOT_TOPICS) {
      const tagged = catalog.titles.filter((t) => t.keywords.some((k) => k.toLowerCase() === tag));
      if (tagged.length < 4) continue;
      for (let c = 0; c < 10; c++) {
        const favourites = sample(rng, tagged, 3);
        const taste: UserTaste = { genres: [], languages: [], platforms: [], favourites: favourites.map((t) => t.id), liked: [], disliked: [], watched: [], recommended: [] };
        const opts = { seed: c };
        const rec = recommend(catalog.index, taste, opts)!;
        const title = catalog.byId.get(rec.titleId)!;
        if (rec.factors.some((f) => f.kind === 'keywords' && f.keywords.some((k) => k.toLowerCase() === tag))) driven++;
        checkPhrasing(rec, title, taste, opts, catalog);
      }
    }
    expect(driven).toBeGreaterThan(5);
  });
});
