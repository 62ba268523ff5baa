// Test-only: tonight's constraints stated naively (no index, no folding tables: plain string work
// on each title), random constraints, and catalogs that carry the facts the constraints read.
import { buildIndex } from '../catalog-index.js';
import { seededRandom } from '../random.js';
import type { EngineTitle, RecommendOptions } from '../types.js';
import type { TestCatalog } from './catalogs.js';
import { int, pick, sample, type Rng } from './synthetic.js';

const wordCache = new Map<string, string[]>();

/** Accents and case away, words split on anything that is not a letter or digit (remembered: the tests ask for the same strings often). */
function words(text: string): string[] {
  let cached = wordCache.get(text);
  if (!cached) wordCache.set(text, (cached = splitWords(text)));
  return cached;
}

function splitWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** `needle`'s words appear in `hay`'s words as one consecutive run. */
function wordRun(needle: string, hay: string): boolean {
  const n = words(needle);
  const h = words(hay);
  if (n.length === 0) return false;
  for (let s = 0; s + n.length <= h.length; s++) if (n.every((w, k) => h[s + k] === w)) return true;
  return false;
}

const genreName = (g: string) => g.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether `t` satisfies every constraint of `opts` (kind, time, exclusions, age), by the rules as written. */
export function satisfies(t: EngineTitle, opts: RecommendOptions): boolean {
  if (opts.kind && t.kind !== opts.kind) return false;
  if (opts.maxMinutes !== undefined) {
    const runtime = t.runtime ?? null;
    if (runtime === null) return false;
    if (t.kind === 'series' && opts.finishTonight) {
      if (t.episodes == null || t.episodes * runtime > opts.maxMinutes) return false;
    } else if (runtime > opts.maxMinutes) return false;
  }
  const ex = opts.exclusions;
  if (ex) {
    if (t.genres.some((g) => ex.genres.some((e) => genreName(e) !== '' && genreName(e) === genreName(g)))) return false;
    if (t.keywords.some((k) => ex.keywords.some((e) => wordRun(e, k)))) return false;
    const person = (name: string) => ex.people.some((p) => words(p).length > 0 && words(p).join(' ') === words(name).join(' '));
    if ((t.director && person(t.director)) || t.cast.some(person)) return false;
  }
  if (opts.maxAge !== undefined && t.minAge != null && t.minAge > opts.maxAge) return false;
  return true;
}

/** A catalog's titles with the facts the constraints read filled in where unknown: episode runtimes, episode counts, age ratings (some left unknown). */
export function withTonightFacts(catalog: TestCatalog, seed: number): TestCatalog {
  const rng = seededRandom(seed);
  const ages = [0, 6, 7, 12, 13, 15, 16, 17, 18];
  const titles = catalog.titles.map((t) => ({
    ...t,
    runtime: t.runtime ?? (rng() < 0.85 ? pick(rng, [22, 25, 30, 42, 45, 50, 55, 60]) : null),
    episodes: t.kind === 'series' ? (t.episodes ?? (rng() < 0.5 ? int(rng, 1, 12) : null)) : null,
    minAge: rng() < 0.75 ? pick(rng, ages) : null,
  }));
  return { ...catalog, name: `${catalog.name} (with tonight's facts)`, titles, index: buildIndex(titles), byId: new Map(titles.map((t) => [t.id, t])) };
}

/** A spelling of `text` as a user might type it: other case, accents dropped or kept, extra spaces. */
function respell(rng: Rng, text: string): string {
  const r = rng();
  if (r < 0.3) return text.toUpperCase();
  if (r < 0.5) return `  ${text.normalize('NFD').replace(/[\u0300-\u036f]/g, '')} `;
  return text;
}

/** Random constraints over the catalog's own vocabulary (so they bite), plus words it lacks and edge cases. */
export function randomConstraints(rng: Rng, titles: readonly EngineTitle[]): Partial<RecommendOptions> {
  const out: Partial<RecommendOptions> = {};
  if (rng() < 0.6) out.maxMinutes = pick(rng, [30, 45, 60, 90, 100, 120, 150, 240, 600, int(rng, 30, 600)]);
  if (rng() < 0.4) out.finishTonight = true;
  if (rng() < 0.5) out.exploration = pick(rng, [0, 0.25, 0.5, 1, rng()]);
  if (rng() < 0.4) out.maxAge = pick(rng, [0, 7, 12, 13, 16, 18]);
  if (rng() < 0.6) {
    const some = <T>(items: T[], max: number) => sample(rng, items, int(rng, 0, max));
    const keywords = [...new Set(titles.flatMap((t) => t.keywords))];
    // Whole words of multi-word keywords ("serial" of "serial killer"), and their prefixes, which must not match.
    const parts = keywords.flatMap((k) => k.split(/\s+/)).filter((w) => w.length > 3);
    const people = [...new Set(titles.flatMap((t) => [t.director ?? '', ...t.cast]).filter(Boolean))];
    const genres = [...new Set(titles.flatMap((t) => t.genres))];
    out.exclusions = {
      genres: some(genres, 2).map((g) => respell(rng, g)),
      keywords: [...some(keywords, 3), ...some(parts, 2), ...some(parts, 1).map((w) => w.slice(0, -1)), ...(rng() < 0.2 ? ['not a keyword anywhere'] : [])].map((k) => respell(rng, k)),
      people: [...some(people, 3).map((p) => respell(rng, p)), ...(rng() < 0.2 ? ['Nobody Atall'] : [])],
    };
  }
  return out;
}
