// Test-only: tonight's constraints stated naively (no index, no folding tables: plain string work
// on each title), random constraints, and catalogs that carry the facts the constraints read.
import { buildIndex } from '../build-index.js';
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

/** `needle` appears in `hay` as one consecutive run of whole words. */
function wordRun(needle: readonly string[], hay: readonly string[]): boolean {
  if (needle.length === 0) return false;
  for (let s = 0; s + needle.length <= hay.length; s++) if (needle.every((w, k) => hay[s + k] === w)) return true;
  return false;
}

/** Lower case, letters and digits only. */
const genreName = (g: string) => g.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The user's lists and each title's words, split once (the tests check many titles against one request). */
const requestWords = new WeakMap<object, { genres: Set<string>; keywords: string[][]; people: Set<string> }>();
const titleWords = new WeakMap<EngineTitle, { genres: string[]; keywords: string[][]; people: string[] }>();

/** The lists as the rule reads them: the first 30 of each, each cut to 60 characters. */
const bounded = (list: readonly string[]) => list.slice(0, 30).map((s) => s.slice(0, 60));

function ofRequest(ex: NonNullable<RecommendOptions['exclusions']>) {
  let r = requestWords.get(ex);
  if (!r) {
    r = {
      genres: new Set(bounded(ex.genres).map(genreName).filter(Boolean)),
      keywords: bounded(ex.keywords).map(words).filter((w) => w.length > 0),
      people: new Set(bounded(ex.people).map((p) => words(p).join(' ')).filter(Boolean)),
    };
    requestWords.set(ex, r);
  }
  return r;
}

function ofTitle(t: EngineTitle) {
  let w = titleWords.get(t);
  if (!w) {
    // A series' director field lists its creators, separated by commas: each is a person.
    const directors = (t.director ?? '').split(',');
    w = { genres: t.genres.map(genreName), keywords: t.keywords.map(words), people: [...directors, ...t.cast].map((p) => words(p).join(' ')).filter(Boolean) };
    titleWords.set(t, w);
  }
  return w;
}

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
    const r = ofRequest(ex);
    const w = ofTitle(t);
    if (w.genres.some((g) => r.genres.has(g))) return false;
    if (w.keywords.some((k) => r.keywords.some((e) => wordRun(e, k)))) return false;
    if (w.people.some((p) => r.people.has(p))) return false;
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
const vocabularies = new WeakMap<readonly EngineTitle[], { keywords: string[]; parts: string[]; people: string[]; genres: string[] }>();

function vocabulary(titles: readonly EngineTitle[]) {
  let v = vocabularies.get(titles);
  if (!v) {
    const keywords = [...new Set(titles.flatMap((t) => t.keywords))];
    v = {
      keywords,
      // Whole words of multi-word keywords ("serial" of "serial killer"), whose prefixes must not match.
      parts: keywords.flatMap((k) => k.split(/\s+/)).filter((w) => w.length > 3),
      // Whole director fields too: a series' lists several creators (each counts, the list as one name does not).
      people: [...new Set(titles.flatMap((t) => [t.director ?? '', ...(t.director ?? '').split(',').map((d) => d.trim()), ...t.cast]).filter(Boolean))],
      genres: [...new Set(titles.flatMap((t) => t.genres))],
    };
    vocabularies.set(titles, v);
  }
  return v;
}

export function randomConstraints(rng: Rng, titles: readonly EngineTitle[]): Partial<RecommendOptions> {
  const out: Partial<RecommendOptions> = {};
  if (rng() < 0.6) out.maxMinutes = pick(rng, [30, 45, 60, 90, 100, 120, 150, 240, 600, int(rng, 30, 600)]);
  if (rng() < 0.4) out.finishTonight = true;
  if (rng() < 0.5) out.exploration = pick(rng, [0, 0.25, 0.5, 1, rng()]);
  if (rng() < 0.4) out.maxAge = pick(rng, [0, 7, 12, 13, 16, 18]);
  if (rng() < 0.6) {
    const some = <T>(items: T[], max: number) => sample(rng, items, int(rng, 0, max));
    const { keywords, parts, people, genres } = vocabulary(titles);
    out.exclusions = {
      genres: some(genres, 2).map((g) => respell(rng, g)),
      keywords: [...some(keywords, 3), ...some(parts, 2), ...some(parts, 1).map((w) => w.slice(0, -1)), ...(rng() < 0.2 ? ['not a keyword anywhere'] : [])].map((k) => respell(rng, k)),
      people: [...some(people, 3).map((p) => respell(rng, p)), ...(rng() < 0.2 ? ['Nobody Atall'] : [])],
    };
  }
  return out;
}
