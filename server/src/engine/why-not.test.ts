// "Why not recommended?" against naive statements of each rule it names (testing/properties.ts,
// testing/tonight.ts): over random users, options, constraints and titles, every reason given is
// true of the title, the hard-rule reasons are given exactly when a rule keeps the title out, a
// candidate's rank is its place in rankAll, and the engine's own pick is never said to be excluded.
import { MOOD_VALUES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { buildIndex } from './build-index.js';
import { rankAll, recommend, poolSize } from './rank.js';
import { seededRandom } from './random.js';
import { testCatalogs, type TestCatalog } from './testing/catalogs.js';
import { excludedIds, expectedPool, inPreferredLanguage, targetPlatforms } from './testing/properties.js';
import { int, pick, randomTaste, sample, type Rng } from './testing/synthetic.js';
import { randomConstraints, satisfies, withTonightFacts } from './testing/tonight.js';
import type { EngineTitle, RecommendOptions, UserTaste } from './types.js';
import { DEFAULT_WEIGHTS, explorationWeights } from './weights.js';
import { ordinal, whyNot, type WhyNotAnswer } from './why-not.js';

const catalogs = testCatalogs().map((c, i) => withTonightFacts(c, 100 + i));
const HISTORY = ['disliked', 'liked', 'favourite', 'watched', 'issued'];
const CONSTRAINTS = ['kind', 'time_budget', 'finish_tonight', 'excluded_genre', 'excluded_keyword', 'excluded_person', 'age_rating'];
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const words = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

function randomOptions(rng: Rng, catalog: TestCatalog): RecommendOptions {
  const roll = rng();
  return {
    seed: int(rng, 0, 1_000_000),
    mood: rng() < 0.3 ? pick(rng, MOOD_VALUES) : undefined,
    kind: rng() < 0.25 ? pick(rng, ['movie', 'series'] as const) : undefined,
    platform: roll < 0.15 ? pick(rng, catalog.index.platforms) : undefined,
    ...(rng() < 0.7 ? randomConstraints(rng, catalog.titles) : {}),
  };
}

/** What the named person, keyword or genre of a constraint reason must be, stated on the title's plain fields. */
function checkConstraint(answer: WhyNotAnswer, t: EngineTitle, opts: RecommendOptions): void {
  const reason = answer.reasons.find((r) => CONSTRAINTS.includes(r.code));
  if (satisfies(t, opts)) {
    expect(reason, `${t.title}: no constraint applies`).toBeUndefined();
    return;
  }
  expect(reason, `${t.title} breaks a constraint`).toBeDefined();
  switch (reason!.code) {
    case 'kind':
      expect(t.kind).not.toBe(opts.kind);
      break;
    case 'time_budget':
      expect(t.runtime === null || t.runtime > opts.maxMinutes!).toBe(true);
      break;
    case 'finish_tonight':
      expect(t.kind === 'series' && opts.finishTonight).toBe(true);
      expect(t.runtime === null || t.episodes == null || t.episodes * t.runtime > opts.maxMinutes!).toBe(true);
      break;
    case 'excluded_genre': {
      const named = reason!.text.replace(/^Excluded genre: (.*)\.$/, '$1');
      expect(opts.exclusions!.genres.some((g) => words(g).join('') === words(named).join('') || t.genres.some((tg) => same(tg, g)))).toBe(true);
      break;
    }
    case 'excluded_keyword': {
      const [, exclusion, tagged] = /^Excluded keyword: (.*?)(?: \(it is tagged "(.*)"\))?\.$/.exec(reason!.text)!;
      expect(opts.exclusions!.keywords.map((k) => k.trim())).toContain(exclusion);
      const keyword = tagged ?? exclusion;
      expect(t.keywords.some((k) => words(k).join(' ') === words(keyword).join(' '))).toBe(true);
      expect(` ${words(keyword).join(' ')} `.includes(` ${words(exclusion).join(' ')} `)).toBe(true);
      break;
    }
    case 'excluded_person': {
      const [, person, role] = /^Excluded person: (.*), (its director|in its cast)\.$/.exec(reason!.text)!;
      expect(role === 'its director' ? t.director?.trim() : t.cast.map((c) => c.trim()).find((c) => c === person)).toBe(person);
      expect(opts.exclusions!.people.some((p) => words(p).join(' ') === words(person).join(' '))).toBe(true);
      break;
    }
    case 'age_rating':
      expect(t.minAge).not.toBeNull();
      expect(t.minAge!).toBeGreaterThan(opts.maxAge!);
      expect(reason!.text).toBe(`It is rated for ages ${t.minAge} and up, above your limit of ${opts.maxAge}.`);
      break;
  }
}

function checkTitle(catalog: TestCatalog, taste: UserTaste, opts: RecommendOptions, t: EngineTitle, pool: EngineTitle[], ranking: string[]): WhyNotAnswer {
  const answer = whyNot(catalog.index, taste, t.id, opts, catalog.neighbours)!;
  expect(answer.titleId).toBe(t.id);
  expect(answer.reasons.length).toBeGreaterThan(0);
  const codes = answer.reasons.map((r) => r.code);
  expect(new Set(codes).size).toBe(codes.length);

  // History: named exactly when the title is in one of the lists, and the list named holds it.
  const history = codes.filter((c) => HISTORY.includes(c));
  const inHistory = excludedIds(taste).has(t.id);
  expect(history.length).toBe(inHistory ? 1 : 0);
  if (inHistory) {
    const list = { disliked: taste.disliked, liked: taste.liked, favourite: taste.favourites, watched: taste.watched, issued: taste.recommended }[history[0] as 'disliked'];
    expect(list).toContain(t.id);
  }
  checkConstraint(answer, t, opts);

  const candidate = pool.includes(t);
  expect(answer.excluded).toBe(!candidate);
  const services = codes.includes('not_on_services');
  expect(services).toBe(!candidate && !inHistory && satisfies(t, opts));
  if (services) {
    // Not on any target platform (the pool is the fallback's unknown-availability titles otherwise).
    const targets = targetPlatforms(taste, opts);
    expect(targets.length).toBeGreaterThan(0);
    expect(t.platforms.some((p) => targets.some((x) => same(x, p))) && t.platforms.length > 0).toBe(false);
  }
  if (!candidate) {
    expect(answer.rank).toBeNull();
    expect(codes.filter((c) => ['language', 'disliked_similar', 'top_match', 'ranked', 'in_its_favour'].includes(c))).toEqual([]);
    return answer;
  }

  // A candidate: its rank is its place in rankAll, among all of them.
  expect(answer.rank).toEqual({ position: ranking.indexOf(t.id) + 1, of: ranking.length });
  // "One of your best matches": within the few the draw takes from (the exploration dial sets how many).
  const top = answer.rank!.position <= poolSize(ranking.length, explorationWeights(DEFAULT_WEIGHTS, opts.exploration).exploreTop);
  expect(codes.includes('top_match')).toBe(top);
  expect(codes.includes('ranked')).toBe(!top);
  expect(answer.reasons.find((r) => r.code === (top ? 'top_match' : 'ranked'))!.text).toContain(`ranks ${ordinal(answer.rank!.position)} of ${ranking.length.toLocaleString('en-US')} for you`);
  // Language: only when the title is outside the user's languages and a candidate in them is left.
  const languageLeft = pool.some((p) => inPreferredLanguage(p, taste));
  expect(codes.includes('language')).toBe(taste.languages.length > 0 && !inPreferredLanguage(t, taste) && languageLeft);
  // A disliked title named: disliked, and sharing a genre, keyword or person with this one.
  const shares = (d: EngineTitle) =>
    d.genres.some((g) => t.genres.some((x) => same(x, g))) ||
    d.keywords.some((k) => t.keywords.some((x) => same(x, k))) ||
    [d.director, ...d.cast].some((p) => p && [t.director, ...t.cast].some((x) => x && same(x, p)));
  if (answer.dislikedSimilar) {
    expect(taste.disliked).toContain(answer.dislikedSimilar);
    const d = catalog.byId.get(answer.dislikedSimilar)!;
    expect(shares(d)).toBe(true);
    expect(answer.reasons.find((r) => r.code === 'disliked_similar')!.text).toBe(`It is much like ${d.title}, which you disliked.`);
  } else {
    expect(codes.includes('disliked_similar')).toBe(false);
  }
  if (!taste.disliked.some((id) => shares(catalog.byId.get(id)!))) expect(answer.dislikedSimilar).toBeNull();
  // In its favour: a title it is said to be like is one the user liked or chose as a favourite.
  const favour = answer.reasons.find((r) => r.code === 'in_its_favour')?.text ?? '';
  const likedNames = new Set([...taste.liked, ...taste.favourites].map((id) => catalog.byId.get(id)!.title));
  const like = /it is like (.*?), which you liked/.exec(favour);
  if (like) expect([...likedNames].some((n) => like[1].includes(n))).toBe(true);
  if (favour.includes('highly rated')) expect(t.imdb !== null || t.rt !== null).toBe(true);
  return answer;
}

function checkUser(catalog: TestCatalog, rng: Rng, seen: Set<string>): void {
  const taste = randomTaste(rng, catalog.titles);
  const opts = randomOptions(rng, catalog);
  const pool = expectedPool(
    catalog.titles.filter((t) => satisfies(t, opts)),
    taste,
    opts,
  ).pool;
  const ranking = rankAll(catalog.index, taste, opts, catalog.neighbours).map((r) => r.titleId);
  expect([...ranking].sort()).toEqual(pool.map((t) => t.id).sort());

  // The engine's pick is never said to be excluded, and is one of the candidates ranked.
  const rec = recommend(catalog.index, taste, opts, catalog.neighbours);
  if (rec) {
    const answer = checkTitle(catalog, taste, opts, catalog.byId.get(rec.titleId)!, pool, ranking);
    expect(answer.excluded).toBe(false);
    expect(answer.reasons.map((r) => r.code).filter((c) => HISTORY.includes(c) || CONSTRAINTS.includes(c) || c === 'not_on_services')).toEqual([]);
  }
  const ids = [...sample(rng, catalog.titles.map((t) => t.id), 4), ...sample(rng, [...excludedIds(taste)], 2), ...sample(rng, ranking, 2)];
  for (const id of ids) for (const r of checkTitle(catalog, taste, opts, catalog.byId.get(id)!, pool, ranking).reasons) seen.add(r.code);
}

describe.each(catalogs.map((c) => [c.name, c] as const))('why not recommended, on the %s catalog', (_name, catalog) => {
  it('gives only true reasons, and the hard ones exactly when a rule keeps the title out (400 random users)', () => {
    const rng = seededRandom(1901);
    const seen = new Set<string>();
    for (let u = 0; u < 400; u++) checkUser(catalog, rng, seen);
    // Every kind of reason came up, so each rule above was really checked.
    const expected = [...HISTORY, 'time_budget', 'excluded_keyword', 'excluded_genre', 'age_rating', 'not_on_services', 'language', 'disliked_similar', 'ranked', 'in_its_favour'];
    expect(expected.filter((c) => !seen.has(c))).toEqual([]);
  });

  it('answers null for a title the catalog does not have', () => {
    expect(whyNot(catalog.index, randomTaste(seededRandom(3), catalog.titles), 'no-such-title', { seed: 1 })).toBeNull();
  });
});

describe('why not recommended, in words', () => {
  const base = { year: 2010, language: 'English', seasons: null, imdb: 7, rt: null, fame: 3, cast: [] as string[], director: null };
  const titles: EngineTitle[] = [
    { ...base, id: 'a', kind: 'movie', title: 'Long Film', genres: ['Drama'], runtime: 132, keywords: ['gore violence', 'revenge'], platforms: ['Netflix'], platformRegions: [['US', 'IN']] },
    { ...base, id: 'b', kind: 'movie', title: 'US Only', genres: ['Drama'], runtime: 95, keywords: ['revenge'], platforms: ['Hulu'], platformRegions: [['US']] },
    { ...base, id: 'c', kind: 'series', title: 'Long Series', genres: ['Crime'], runtime: 50, episodes: 10, keywords: [], platforms: ['Netflix'], platformRegions: [['IN']] },
    { ...base, id: 'd', kind: 'movie', title: 'Short Film', genres: ['Drama'], runtime: 90, keywords: ['revenge'], platforms: ['Netflix'], platformRegions: [['IN']], director: 'Ann Lee' },
    { ...base, id: 'e', kind: 'movie', title: 'Other Short', genres: ['Comedy'], runtime: 85, keywords: [], platforms: ['Netflix'], platformRegions: [['IN']], minAge: 18 },
  ];
  const index = buildIndex(titles);
  const taste: UserTaste = { genres: ['Drama'], languages: ['English'], platforms: ['Netflix'], favourites: [], liked: [], disliked: [], watched: [], recommended: [] };
  const texts = (id: string, opts: Partial<RecommendOptions>, t: UserTaste = taste) => whyNot(index, t, id, { seed: 1, region: 'IN', ...opts })!.reasons.map((r) => r.text);

  it('names the setting that ruled the title out', () => {
    expect(texts('a', { maxMinutes: 100 })).toEqual(['Outside your 1 h 40: it runs 2 h 12.']);
    expect(texts('a', { exclusions: { genres: [], keywords: ['Gore'], people: [] } })).toEqual(['Excluded keyword: Gore (it is tagged "gore violence").']);
    expect(texts('c', { maxMinutes: 100, finishTonight: true })).toEqual(['It cannot be finished within your 1 h 40 tonight: 10 episodes of 50 min take 8 h 20.']);
    expect(texts('c', { kind: 'movie' })).toEqual(['You asked for a film tonight, and this is a series.']);
    expect(texts('d', { exclusions: { genres: [], keywords: [], people: ['ann lee'] } })).toEqual(['Excluded person: Ann Lee, its director.']);
    expect(texts('e', { maxAge: 13 })).toEqual(['It is rated for ages 18 and up, above your limit of 13.']);
  });

  it('says where a title streams when it is not on your services in your country', () => {
    expect(texts('b', {})).toEqual([
      'Not on your services in India (Netflix). It streams on Hulu in the United States. Titles that stream nowhere here are only picked when nothing on your services is left.',
    ]);
  });

  it('names the history first, and a disliked title the candidate is like', () => {
    expect(texts('a', { maxMinutes: 100 }, { ...taste, watched: ['a'] })).toEqual([
      'You have watched it: picks are always titles you have not seen.',
      'Outside your 1 h 40: it runs 2 h 12.',
    ]);
    const answer = whyNot(index, { ...taste, disliked: ['d'] }, 'a', { seed: 1, region: 'IN' })!;
    expect(answer.excluded).toBe(false);
    expect(answer.reasons.map((r) => r.code)).toContain('disliked_similar');
    expect(answer.reasons.find((r) => r.code === 'disliked_similar')!.text).toBe('It is much like Short Film, which you disliked.');
  });

  it('writes ordinals as people do', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 1240].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th', '1,240th']);
  });
});
