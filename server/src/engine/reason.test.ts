// Explanations are honest: every factor is a true fact of the chosen title or of the user's own
// titles, and the reason sentence says nothing beyond those facts and fixed wording.
import { MOOD_VALUES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { buildNeighbours } from './neighbours.js';
import { rankAll, recommend } from './rank.js';
import { titleSimilarity } from './similarity.js';
import { seededRandom } from './random.js';
import { testCatalogs, type TestCatalog } from './testing/catalogs.js';
import { int, pick, randomTaste, sample, type Rng } from './testing/synthetic.js';
import type { EngineTitle, Factor, RecommendOptions, Recommendation, UserTaste } from './types.js';

const catalogs = testCatalogs();

/** The sentence's own wording; every other word must come from a fact ("'s": what is left of "it's" when a liked title is called "It"). */
const TEMPLATE = new Set(
  `because you liked a an the pick for tonight people who also this directed by starring like your love of highly rated film
   series about on imdb rotten tomatoes and not platforms availability unknown it is which saved later that it's 's`.split(/\s+/),
);

/** Every word a reason may use for a genre, and the genre it means (independent of phrasing.ts). */
const GENRE_WORDS: Record<string, string> = {
  action: 'Action', adventure: 'Adventure', animated: 'Animation', animation: 'Animation', comedy: 'Comedy', crime: 'Crime',
  documentary: 'Documentary', drama: 'Drama', family: 'Family', fantasy: 'Fantasy', historical: 'History', horror: 'Horror',
  music: 'Music', mystery: 'Mystery', romance: 'Romance', romantic: 'Romance', 'sci-fi': 'Science Fiction', thriller: 'Thriller',
  war: 'War', western: 'Western',
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const lower = (s: string) => s.trim().toLowerCase();
const sameText = (a: string, b: string) => lower(a) === lower(b);

function checkFactor(f: Factor, title: EngineTitle, taste: UserTaste, opts: RecommendOptions, catalog: TestCatalog, rec: Recommendation): void {
  const yours = new Set([...taste.favourites, ...taste.liked]);
  switch (f.kind) {
    case 'similar_to':
      expect(f.titleIds.length).toBeGreaterThan(0);
      for (const id of f.titleIds) expect(yours.has(id)).toBe(true);
      break;
    case 'co_liked':
      expect(yours.has(f.titleId)).toBe(true);
      expect(catalog.neighbours.of(f.titleId).map((n) => n.id)).toContain(title.id);
      break;
    case 'genre':
      for (const g of f.genres) {
        expect(title.genres).toContain(g);
        expect(taste.genres.some((x) => sameText(x, g))).toBe(true);
      }
      break;
    case 'language':
      expect(f.language).toBe(title.language);
      expect(taste.languages.some((x) => sameText(x, title.language))).toBe(true);
      break;
    case 'quality':
      expect(f.imdb).toBe(title.imdb);
      expect(f.rt).toBe(title.rt);
      break;
    case 'mood':
      expect(f.mood).toBe(opts.mood);
      break;
    case 'platform':
      expect(title.platforms).toContain(f.platform);
      expect(f.platform).toBe(rec.platform);
      break;
    case 'keywords':
      for (const k of f.keywords) expect(title.keywords).toContain(k);
      break;
    case 'person': {
      const via = catalog.byId.get(f.titleId)!;
      expect(yours.has(f.titleId)).toBe(true);
      const people = (t: EngineTitle) => [t.director ?? '', ...t.cast].map(lower);
      if (f.role === 'director') expect(title.director).toBe(f.name);
      else expect(title.cast).toContain(f.name);
      expect(people(via)).toContain(lower(f.name));
      break;
    }
    case 'availability_unknown':
      expect(title.platforms).toEqual([]);
      break;
    case 'exploration':
      break;
    case 'saved':
      expect(taste.saved).toContain(title.id);
      expect(f.platform).toBe(rec.platform);
      expect(title.platforms).toContain(f.platform);
      break;
  }
}

/** Remove every true fact from the sentence; what is left must be template wording. */
function leftoverWords(rec: Recommendation, title: EngineTitle, taste: UserTaste, opts: RecommendOptions, catalog: TestCatalog): string[] {
  let text = rec.reason;
  const facts = [
    ...[...taste.favourites, ...taste.liked].map((id) => catalog.byId.get(id)?.title ?? ''),
    ...title.keywords,
    ...title.genres,
    ...Object.entries(GENRE_WORDS).filter(([, g]) => title.genres.includes(g)).map(([word]) => word),
    title.language,
    title.director ?? '',
    ...title.cast,
    ...title.platforms,
    opts.platform ?? '',
    opts.mood ?? '',
    title.imdb != null ? `${title.imdb.toFixed(1)} on IMDb` : '',
    title.rt != null ? `${title.rt}% on Rotten Tomatoes` : '',
  ]
    .filter((f) => f.trim().length > 0)
    .sort((a, b) => b.length - a.length);
  // Whole words only (a fact must not eat part of another word: "Se" inside "series"), longest first.
  const lowerText = text.toLowerCase();
  const present = facts.filter((f) => lowerText.includes(f.toLowerCase()));
  // Letters as \w plus Latin accents: a Unicode-aware (u) pattern costs milliseconds to compile.
  const letter = '[\\w\\u00C0-\\u024F]';
  // One fact at a time, longest first: in one alternation the earliest match wins, so a liked
  // "About Time" would eat half of "about time travel" and leave "travel" behind.
  for (const fact of present) text = text.replace(new RegExp(`(?<!${letter})${escape(fact)}(?!${letter})`, 'gi'), ' ');
  return text
    .split(/[\s,.:;-]+/)
    .map(lower)
    .filter((w) => w && !TEMPLATE.has(w));
}

function randomOptions(rng: Rng, catalog: TestCatalog): RecommendOptions {
  return {
    seed: int(rng, 0, 1_000_000),
    mood: rng() < 0.5 ? pick(rng, MOOD_VALUES) : undefined,
    platform: rng() < 0.15 ? pick(rng, catalog.index.platforms) : undefined,
  };
}

describe.each(catalogs.map((c) => [c.name, c] as const))('explanations on the %s catalog', (_name, catalog) => {
  it('name only true facts of the title and of the user, for many users and seeds', () => {
    const rng = seededRandom(70);
    // A third of the users saved titles for later (their own stream: the other tastes stay as they were).
    const savedRng = seededRandom(73);
    const ids = catalog.titles.map((t) => t.id);
    let saved = 0;
    for (let c = 0; c < 300; c++) {
      const taste = randomTaste(rng, catalog.titles);
      if (c % 3 === 0) taste.saved = sample(savedRng, ids, int(savedRng, 20, 200));
      const opts = randomOptions(rng, catalog);
      const rec = recommend(catalog.index, taste, opts, c % 2 === 0 ? catalog.neighbours : undefined);
      if (!rec) continue;
      const title = catalog.byId.get(rec.titleId)!;
      for (const f of rec.factors) checkFactor(f, title, taste, opts, catalog, rec);
      expect(leftoverWords(rec, title, taste, opts, catalog)).toEqual([]);
      for (const f of rec.factors) {
        if (f.kind === 'similar_to') for (const id of f.titleIds) expect(rec.reason).toContain(catalog.byId.get(id)!.title);
        // Named once: in the co-likes sentence, or in the lead when the user liked it too.
        if (f.kind === 'co_liked') expect(rec.reason).toContain(catalog.byId.get(f.titleId)!.title);
        if (f.kind === 'mood') expect(rec.reason).toContain(`A ${f.mood} pick for tonight`);
        if (f.kind === 'platform') expect(rec.reason).toContain(`on ${f.platform}`);
        if (f.kind === 'saved') {
          saved++;
          expect(rec.reason).toMatch(/^(You saved it for later|A [\w-]+ pick for tonight that you saved for later), and it's on /);
          expect(rec.reason).toContain(`and it's on ${f.platform}: `);
        }
      }
      if (!rec.factors.some((f) => f.kind === 'saved')) expect(rec.reason).not.toMatch(/saved/);
      const named = new Set(rec.factors.flatMap((f) => (f.kind === 'similar_to' ? f.titleIds : f.kind === 'co_liked' || f.kind === 'person' ? [f.titleId] : [])));
      for (const id of named) {
        const name = catalog.byId.get(id)!.title;
        expect(rec.reason.match(new RegExp(`(?<![\\w'])${escape(name)}(?![\\w'])`, 'g'))?.length ?? 0, `${name} named more than once: ${rec.reason}`).toBeLessThanOrEqual(1);
      }
      for (const m of rec.reason.matchAll(/(\d+(?:\.\d)?) on IMDb/g)) expect(Number(m[1])).toBe(title.imdb);
      for (const m of rec.reason.matchAll(/(\d+)% on Rotten Tomatoes/g)) expect(Number(m[1])).toBe(title.rt);
    }
    expect(saved).toBeGreaterThan(20);
  });

  it('differ from title to title', () => {
    const rng = seededRandom(80);
    const reasons = new Map<string, string>();
    for (let c = 0; c < 120; c++) {
      const rec = recommend(catalog.index, randomTaste(rng, catalog.titles), randomOptions(rng, catalog), catalog.neighbours);
      if (rec) reasons.set(rec.titleId, rec.reason);
    }
    expect(new Set(reasons.values()).size).toBe(reasons.size);
  });

  it('lead with the liked titles that made the pick similar', () => {
    const rng = seededRandom(90);
    let named = 0;
    for (let c = 0; c < 60; c++) {
      const random = randomTaste(rng, catalog.titles);
      // One to three favourites: among twenty random ones no single title drives a pick (honesty.ts).
      const taste = { ...random, favourites: random.favourites.slice(0, 1 + (c % 3)), liked: [], platforms: [], languages: [] };
      const rec = recommend(catalog.index, taste, { seed: c })!;
      const similar = rec.factors.find((f) => f.kind === 'similar_to');
      if (similar?.kind !== 'similar_to') continue;
      named++;
      const names = similar.titleIds.map((id) => catalog.byId.get(id)!.title);
      expect(rec.reason.startsWith(`Because you liked ${names.join(' and ')}: `)).toBe(true);
    }
    // A random favourite often carries under NAMED_SHARE of a pick on the pack (its ratings and fame count too).
    expect(named).toBeGreaterThan(12);
  });
});

it('says so when the pick is a people-who-liked neighbour', () => {
  const catalog = catalogs[0];
  const [a, b] = catalog.titles;
  const neighbours = { of: (id: string) => (id === a.id ? [{ id: b.id, weight: 1 }] : []) };
  const taste: UserTaste = { genres: [], languages: [], platforms: [], favourites: [a.id], liked: [], disliked: [], watched: [], recommended: [] };
  const rec = recommend(catalog.index, taste, { seed: 1, weights: { collaborative: 50 } }, neighbours)!;
  expect(rec.titleId).toBe(b.id);
  expect(rec.factors).toContainEqual({ kind: 'co_liked', titleId: a.id });
  expect(rec.reason.startsWith(`People who liked ${a.title} also liked this: `)).toBe(true);
});

describe.each(catalogs.map((c) => [c.name, c] as const))('co-likes in the reason on the %s catalog', (_name, catalog) => {
  const blank: UserTaste = { genres: [], languages: [], platforms: [], favourites: [], liked: [], disliked: [], watched: [], recommended: [] };
  // X and Y share nothing (no genre, keyword, person or decade); several users liked both, so only
  // co-likes can explain Y to someone who liked X.
  const x = catalog.titles.find((t) => t.genres.length > 0 && t.keywords.length > 0)!;
  const y = catalog.titles
    .filter((t) => t.id !== x.id && !t.genres.some((g) => x.genres.includes(g)))
    .map((t) => ({ t, sim: titleSimilarity(catalog.index, x.id, t.id) }))
    .sort((a, b) => a.sim - b.sim)[0].t;
  const table = buildNeighbours(['u1', 'u2', 'u3', 'u4', 'u5'].flatMap((userId) => [x, y].map((t) => ({ userId, titleId: t.id, weight: 1 }))));

  it('names "people who liked X" for a title only co-likes explain, with the shipped weights', () => {
    expect(titleSimilarity(catalog.index, x.id, y.id)).toBeLessThan(0.1);
    const taste = { ...blank, favourites: [x.id] };
    expect(rankAll(catalog.index, taste, { seed: 1, limit: 1 }, table)[0].titleId).toBe(y.id);
    // The pick is a draw among the best few: every seed that draws Y must say why.
    let drawn = 0;
    for (let seed = 0; seed < 40; seed++) {
      const rec = recommend(catalog.index, taste, { seed }, table)!;
      if (rec.titleId !== y.id) {
        expect(rec.factors.some((f) => f.kind === 'co_liked')).toBe(false);
        continue;
      }
      drawn++;
      expect(rec.factors).toContainEqual({ kind: 'co_liked', titleId: x.id });
      expect(rec.factors.some((f) => f.kind === 'similar_to')).toBe(false);
      expect(rec.reason.startsWith(`People who liked ${x.title} also liked this: `)).toBe(true);
    }
    expect(drawn).toBeGreaterThan(20);
  });

  it('never claims co-likes the table does not have', () => {
    const without = recommend(catalog.index, { ...blank, favourites: [x.id] }, { seed: 3 })!;
    expect(without.titleId).not.toBe(y.id);
    expect(without.factors.some((f) => f.kind === 'co_liked')).toBe(false);
    expect(without.reason).not.toMatch(/people who liked/i);
    // With the table but for a user who never liked X, nothing is co-liked either.
    const other = catalog.titles.find((t) => t.id !== x.id && t.id !== y.id && table.of(t.id).length === 0)!;
    const unrelated = recommend(catalog.index, { ...blank, favourites: [other.id] }, { seed: 3 }, table)!;
    expect(unrelated.factors.some((f) => f.kind === 'co_liked')).toBe(false);
    expect(unrelated.reason).not.toMatch(/people who liked/i);
  });
});
