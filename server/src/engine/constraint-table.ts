// Tonight's constraints over a whole index (constraints.ts states them for one title): the
// per-index tables that let one request stamp every title breaking a rule without folding any
// title's strings, and the stamping itself.
import type { CatalogIndex } from './catalog-index.js';
import { budgetOf, directorNames, foldExclusions, foldName, keywordMatches, known } from './constraints.js';
import { perIndex } from './per-index.js';
import type { RecommendOptions } from './types.js';

/**
 * Per index, built on first use: each title's time and age facts as typed arrays, and the folded
 * keywords and people with the titles that have them (every one, not only the ones two titles
 * share, which is all the similarity tokens keep), so a request finds an excluded keyword's
 * titles without folding any title's strings.
 */
interface ConstraintTable {
  /** Movie runtime or episode runtime; 0 unknown. */
  runtime: Float32Array;
  /** Episode count; 0 unknown. */
  episodes: Float32Array;
  /** -1 unknown. */
  minAge: Int16Array;
  /** Folded keyword -> id; keyword id -> its titles (CSR). */
  keywordIds: Map<string, number>;
  keywordNames: string[];
  /** Word -> the keyword ids that contain it as a whole word. */
  keywordsWithWord: Map<string, number[]>;
  kwOff: Uint32Array;
  kwTitles: Uint32Array;
  /** Folded person -> their titles (as director or cast). */
  personTitles: Map<string, Uint32Array>;
}

function postings(lists: number[][]): { off: Uint32Array; items: Uint32Array } {
  const off = new Uint32Array(lists.length + 1);
  for (let k = 0; k < lists.length; k++) off[k + 1] = off[k] + lists[k].length;
  const items = new Uint32Array(off[lists.length]);
  for (let k = 0; k < lists.length; k++) items.set(lists[k], off[k]);
  return { off, items };
}

const constraintTable = perIndex<ConstraintTable>((index) => {
  const n = index.size;
  const runtime = new Float32Array(n);
  const episodes = new Float32Array(n);
  const minAge = new Int16Array(n).fill(-1);
  const keywordIds = new Map<string, number>();
  const keywordNames: string[] = [];
  const keywordTitles: number[][] = [];
  const people = new Map<string, number[]>();
  // Catalog titles share their keyword and people strings: each string is folded once.
  const foldedOf = new Map<string, string>();
  const fold = (s: string) => {
    let f = foldedOf.get(s);
    if (f === undefined) foldedOf.set(s, (f = foldName(s)));
    return f;
  };
  for (let i = 0; i < n; i++) {
    const t = index.titles[i];
    if (known(t.runtime)) runtime[i] = t.runtime;
    if (known(t.episodes)) episodes[i] = t.episodes;
    if (typeof t.minAge === 'number' && Number.isFinite(t.minAge) && t.minAge >= 0) minAge[i] = Math.min(t.minAge, 32767);
    for (const keyword of t.keywords ?? []) {
      const k = fold(keyword);
      if (!k) continue;
      let id = keywordIds.get(k);
      if (id === undefined) {
        id = keywordNames.length;
        keywordIds.set(k, id);
        keywordNames.push(k);
        keywordTitles.push([]);
      }
      const list = keywordTitles[id];
      if (list[list.length - 1] !== i) list.push(i);
    }
    const addPerson = (name: string | null | undefined) => {
      const p = name ? fold(name) : '';
      if (!p) return;
      const list = people.get(p);
      if (!list) people.set(p, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    };
    if (t.director) for (const d of directorNames(t.director)) addPerson(d);
    for (const c of t.cast ?? []) addPerson(c);
  }
  const keywordsWithWord = new Map<string, number[]>();
  keywordNames.forEach((k, id) => {
    for (const word of new Set(k.split(' '))) {
      const list = keywordsWithWord.get(word);
      if (list) list.push(id);
      else keywordsWithWord.set(word, [id]);
    }
  });
  const { off: kwOff, items: kwTitles } = postings(keywordTitles);
  return {
    runtime,
    episodes,
    minAge,
    keywordIds,
    keywordNames,
    keywordsWithWord,
    kwOff,
    kwTitles,
    personTitles: new Map([...people].map(([p, list]) => [p, Uint32Array.from(list)])),
  };
});

/**
 * Stamps every title that breaks a time, exclusion or age rule with `epoch` in `stamp` (the
 * request's "never a candidate" marks, which already hold the history). Kind is left to the
 * candidate pass. Excluded keywords and people reach their titles through the postings; the
 * per-title rules are one pass over typed arrays, only when one is set.
 */
export function markConstraintBreaks(index: CatalogIndex, opts: RecommendOptions, stamp: Uint32Array, epoch: number): void {
  const table = constraintTable(index);
  const folded = foldExclusions(opts.exclusions);
  const n = index.size;

  for (const { folded: exclusion } of folded.keywords) {
    const first = exclusion.split(' ')[0];
    for (const id of table.keywordsWithWord.get(first) ?? []) {
      if (!keywordMatches(exclusion, table.keywordNames[id])) continue;
      for (let x = table.kwOff[id]; x < table.kwOff[id + 1]; x++) stamp[table.kwTitles[x]] = epoch;
    }
  }
  for (const person of folded.people) {
    const titles = table.personTitles.get(person);
    if (titles) for (let x = 0; x < titles.length; x++) stamp[titles[x]] = epoch;
  }

  const minutes = budgetOf(opts);
  const finish = opts.finishTonight === true;
  const maxAge = typeof opts.maxAge === 'number' && Number.isFinite(opts.maxAge) ? opts.maxAge : null;
  // Genre lists are interned (index.genreCombo): each list is judged once.
  let badCombo: Uint8Array | null = null;
  if (folded.genres.length > 0) {
    const ids = folded.genres.map((g) => index.genreIdx.get(g)).filter((id): id is number => id !== undefined);
    if (ids.length > 0) {
      badCombo = new Uint8Array(index.comboOff.length - 1);
      for (let c = 0; c + 1 < index.comboOff.length; c++) {
        for (let x = index.comboOff[c]; x < index.comboOff[c + 1]; x++) if (ids.includes(index.comboIds[x])) badCombo[c] = 1;
      }
    }
  }
  if (minutes === null && maxAge === null && badCombo === null) return;
  const { runtime, episodes, minAge } = table;
  const { series, genreCombo } = index;
  for (let i = 0; i < n; i++) {
    if (stamp[i] === epoch) continue;
    if (minutes !== null) {
      const r = runtime[i];
      const fits = r > 0 && (finish && series[i] === 1 ? episodes[i] > 0 && episodes[i] * r <= minutes : r <= minutes);
      if (!fits) {
        stamp[i] = epoch;
        continue;
      }
    }
    if (maxAge !== null && minAge[i] >= 0 && minAge[i] > maxAge) {
      stamp[i] = epoch;
      continue;
    }
    if (badCombo !== null && badCombo[genreCombo[i]] === 1) stamp[i] = epoch;
  }
}
