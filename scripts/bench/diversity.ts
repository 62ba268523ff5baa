// Does a new user's first week respect the whole taste? 400 synthetic users, each with two
// languages, two or three genres, a few favourites and maybe platforms, get their first 5 picks
// from the built-in catalog (server/catalog) one at a time, each issued pick added to their
// history as issue.ts does. Prints a table, writes bench-results/diversity.json.
//   npm run bench:diversity   (env USERS=, PICKS=)
import { mkdirSync, writeFileSync } from 'node:fs';
import { GENRES } from '@app/shared';
import { buildIndex, recommend, type EngineTitle, type UserTaste } from '../../server/src/engine/index.js';
import { seededRandom } from '../../server/src/engine/random.js';
import { loadPack } from '../../server/src/engine/testing/pack.js';
import { int, pick, sample, type Rng } from '../../server/src/engine/testing/synthetic.js';

const USERS = Number(process.env.USERS ?? 400);
const PICKS = Number(process.env.PICKS ?? 5);
/** A language counts as one a user could choose when the pack has this many titles in it. */
const MIN_TITLES = 40;

const titles = loadPack();
if (!titles) throw new Error('server/catalog/titles is missing: the benchmark runs on the built-in pack');
const index = buildIndex(titles);
const perLanguage = new Map<string, EngineTitle[]>();
for (const t of titles) if (t.language) perLanguage.set(t.language, [...(perLanguage.get(t.language) ?? []), t]);
const languages = [...perLanguage].filter(([, ts]) => ts.length >= MIN_TITLES).map(([l]) => l);
const platforms = [...new Set(titles.flatMap((t) => t.platforms))];

/** Favourites as onboarding shows them: titles in the chosen languages, famous ones and the chosen genres first. */
function favourites(rng: Rng, langs: string[], genres: string[]): string[] {
  const count = int(rng, 3, 6);
  // Many people pick their favourites from one of their languages only (the Korean-film lover).
  const from = rng() < 0.4 ? [pick(rng, langs)] : langs;
  const pool = titles!.filter((t) => from.includes(t.language));
  const weight = (t: EngineTitle) => t.fame * (t.genres.some((g) => genres.includes(g)) ? 3 : 1);
  const chosen = new Set<string>();
  for (let guard = 0; chosen.size < count && guard < 1000; guard++) {
    const total = pool.reduce((a, t) => a + weight(t), 0);
    let ticket = rng() * total;
    const t = pool.find((x) => (ticket -= weight(x)) < 0) ?? pool[pool.length - 1];
    chosen.add(t.id);
  }
  return [...chosen];
}

function randomUser(rng: Rng): UserTaste {
  const first = rng() < 0.5 ? 'English' : pick(rng, languages);
  const second = pick(rng, languages.filter((l) => l !== first));
  const langs = [first, second];
  const genres = sample(rng, GENRES, int(rng, 2, 3));
  return {
    genres,
    languages: langs,
    platforms: rng() < 0.4 ? [] : sample(rng, platforms, int(rng, 1, 3)),
    favourites: favourites(rng, langs, genres),
    liked: [],
    disliked: [],
    watched: [],
    recommended: [],
  };
}

/** Whether the catalog could serve `pred` to this user at all (their platforms, not a favourite). */
function available(taste: UserTaste, pred: (t: EngineTitle) => boolean, atLeast = 1): boolean {
  const seen = new Set(taste.favourites);
  return titles!.filter((t) => !seen.has(t.id) && pred(t) && (taste.platforms.length === 0 || t.platforms.some((p) => taste.platforms.includes(p)))).length >= atLeast;
}

const byId = new Map(titles.map((t) => [t.id, t]));
const rng = seededRandom(2026);
let bothAllowed = 0;
let bothCovered = 0;
let bothCoveredAll = 0;
let genreShareSum = 0;
let genreAllCovered = 0;
let genreUsers = 0;
let favSeriesSum = 0;
let pickSeriesSum = 0;
let kindGapSum = 0;
let filmOnly = 0;
let filmOnlyGotSeries = 0;
let filmOnlyAllowed = 0;
let openUsers = 0;
let openGapSum = 0;
let filmOnlyAllowedGotSeries = 0;
let picksMade = 0;
const t0 = performance.now();
for (let u = 0; u < USERS; u++) {
  const taste = randomUser(rng);
  const picks: EngineTitle[] = [];
  for (let p = 0; p < PICKS; p++) {
    const rec = recommend(index, taste, { seed: Math.floor(rng() * 2 ** 32) });
    if (!rec) break;
    picks.push(byId.get(rec.titleId)!);
    taste.recommended.push(rec.titleId);
  }
  picksMade += picks.length;
  const covered = taste.languages.every((l) => picks.some((t) => t.language === l));
  if (covered) bothCoveredAll++;
  if (taste.languages.every((l) => available(taste, (t) => t.language === l))) {
    bothAllowed++;
    if (covered) bothCovered++;
  }
  const servable = taste.genres.filter((g) => available(taste, (t) => t.genres.includes(g) && taste.languages.includes(t.language)));
  if (servable.length > 0) {
    genreUsers++;
    const hit = servable.filter((g) => picks.some((t) => t.genres.includes(g))).length;
    genreShareSum += hit / servable.length;
    if (hit === servable.length) genreAllCovered++;
  }
  // Films the user can get in each of their languages (a language turn may ask for either).
  const filmsLeft = taste.languages.every((l) => available(taste, (t) => t.kind === 'movie' && t.language === l, PICKS));
  const favs = taste.favourites.map((id) => byId.get(id)!);
  const favSeries = favs.filter((t) => t.kind === 'series').length / favs.length;
  const pickSeries = picks.filter((t) => t.kind === 'series').length / Math.max(1, picks.length);
  favSeriesSum += favSeries;
  pickSeriesSum += pickSeries;
  kindGapSum += Math.abs(favSeries - pickSeries);
  if (taste.platforms.length === 0) {
    openUsers++;
    openGapSum += Math.abs(favSeries - pickSeries);
  }
  if (favSeries === 0) {
    filmOnly++;
    if (pickSeries > 0) filmOnlyGotSeries++;
    if (filmsLeft) {
      filmOnlyAllowed++;
      if (pickSeries > 0) filmOnlyAllowedGotSeries++;
    }
  }
}
const round = (x: number) => Math.round(x * 10000) / 10000;
const result = {
  users: USERS,
  picks_per_user: PICKS,
  catalog_titles: titles.length,
  both_languages_in_first_picks: round(bothCovered / Math.max(1, bothAllowed)),
  users_where_catalog_allows_both: bothAllowed,
  both_languages_all_users: round(bothCoveredAll / USERS),
  chosen_genres_covered_mean: round(genreShareSum / Math.max(1, genreUsers)),
  all_chosen_genres_covered: round(genreAllCovered / Math.max(1, genreUsers)),
  series_share_favourites_mean: round(favSeriesSum / USERS),
  series_share_picks_mean: round(pickSeriesSum / USERS),
  series_share_gap_mean: round(kindGapSum / USERS),
  users_without_platforms: openUsers,
  series_share_gap_mean_without_platforms: round(openGapSum / Math.max(1, openUsers)),
  film_only_favourites_users: filmOnly,
  film_only_users_given_a_series: round(filmOnlyGotSeries / Math.max(1, filmOnly)),
  film_only_users_with_films_left: filmOnlyAllowed,
  film_only_users_with_films_left_given_a_series: round(filmOnlyAllowedGotSeries / Math.max(1, filmOnlyAllowed)),
  ms_per_pick: round((performance.now() - t0) / Math.max(1, picksMade)),
};
console.table(result);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/diversity.json', JSON.stringify(result, null, 2));
console.log('wrote bench-results/diversity.json');
