// buildIndex: the catalog's user-independent part (catalog-index.ts), computed once per catalog.
import { famePrior, qualityScores } from './quality.js';
import { genreKey } from './moods.js';
import { buildTokens } from './tokens.js';
import type { EngineTitle } from './types.js';
import { transpose } from './transpose.js';
import type { CatalogIndex } from './catalog-index.js';
import { interner, regionInterner } from './interners.js';

/** Each platform's titles (catalog order) and their entries' region sets, from the per-title lists. */
function platformPostings(platOff: Uint32Array, platIds: readonly number[], platRegion: readonly number[], platforms: number) {
  const t = transpose(platOff, platIds, platRegion, platforms, (n) => new Uint32Array(n));
  return { platTitleOff: t.off, platTitles: t.rows, platTitleRegion: t.values };
}

/**
 * `ids`, when given, must map exactly each title's id to its position in `titles` (the catalog
 * snapshot keeps such a map already; a second one costs megabytes at 100,000 titles).
 */
export function buildIndex(titles: readonly EngineTitle[], ids?: Pick<ReadonlyMap<string, number>, 'get'>): CatalogIndex {
  const n = titles.length;
  let idToIdx = ids;
  if (!idToIdx) {
    const own = new Map<string, number>();
    titles.forEach((t, i) => own.set(t.id, i));
    idToIdx = own;
  }
  const tokenTable = buildTokens(titles);

  const genreIntern = interner();
  const genreOfName = new Map<string, number>();
  const langIntern = interner();
  const platIntern = interner();
  const genreOff = new Uint32Array(n + 1);
  const platOff = new Uint32Array(n + 1);
  const genreIds: number[] = [];
  const genreW: number[] = [];
  const platIds: number[] = [];
  const platRegion: number[] = [];
  const regionIntern = regionInterner();
  const titleRegion = new Uint32Array(n);
  const series = new Uint8Array(n);
  const lang = new Int16Array(n).fill(-1);
  const years = new Float64Array(n);
  const platMask = new Uint32Array(n);
  const genreCombo = new Uint32Array(n);
  const comboOf = new Map<string | number, number>();
  const languageOf = new Map<string, number>();
  const platformOf = new Map<string, number>();
  const comboOff: number[] = [0];
  const comboIds: number[] = [];
  const comboW: number[] = [];
  // Catalog titles share their genre and platform lists (the snapshot interns them): a list
  // object seen before is not worked out again. Keyed by the list itself, so titles with lists
  // of their own (tests, benchmarks) are worked out one by one, as before.
  const comboOfList = new Map<readonly string[], number>();
  const platformsOfList = new Map<readonly string[], { regions: EngineTitle['platformRegions']; ids: number[]; regionIds: number[]; mask: number; titleRegion: number }>();

  for (let i = 0; i < n; i++) {
    const t = titles[i];
    series[i] = t.kind === 'series' ? 1 : 0;
    years[i] = Number.isFinite(t.year) && t.year > 0 ? t.year : NaN;
    const rawLanguage = t.language ?? '';
    let lid = languageOf.get(rawLanguage);
    if (lid === undefined) {
      const language = rawLanguage.trim();
      lid = language ? langIntern.id(language.toLowerCase(), language) : -1;
      languageOf.set(rawLanguage, lid);
    }
    lang[i] = lid;

    const start = genreIds.length;
    const known = t.genres ? comboOfList.get(t.genres) : undefined;
    if (known !== undefined) {
      for (let x = comboOff[known]; x < comboOff[known + 1]; x++) {
        genreIds.push(comboIds[x]);
        genreW.push(comboW[x]);
      }
      genreOff[i + 1] = genreIds.length;
      genreCombo[i] = known;
    } else {
      genreCombo[i] = genreList(t.genres ?? [], start);
      genreOff[i + 1] = genreIds.length;
      if (t.genres) comboOfList.set(t.genres, genreCombo[i]);
    }

    const platStart = platIds.length;
    if (!t.platforms?.length) {
      platOff[i + 1] = platIds.length;
      continue;
    }
    const seen = platformsOfList.get(t.platforms);
    if (seen && seen.regions === t.platformRegions) {
      for (let x = 0; x < seen.ids.length; x++) {
        platIds.push(seen.ids[x]);
        platRegion.push(seen.regionIds[x]);
      }
      platMask[i] = seen.mask;
      titleRegion[i] = seen.titleRegion;
      platOff[i + 1] = platIds.length;
      continue;
    }
    platformList(t, i, platStart);
    if (!seen) platformsOfList.set(t.platforms, { regions: t.platformRegions, ids: platIds.slice(platStart), regionIds: platRegion.slice(platStart), mask: platMask[i], titleRegion: titleRegion[i] });
  }

  /** Appends one title's genre ids and weights (from `start`); returns its genre list's combo id. */
  function genreList(genres: readonly string[], start: number): number {
    let norm = 0;
    for (const name of genres) {
      let gid = genreOfName.get(name);
      if (gid === undefined) {
        const key = genreKey(name);
        gid = key ? genreIntern.id(key, name.trim()) : -1;
        genreOfName.set(name, gid);
      }
      if (gid < 0 || genreIds.indexOf(gid, start) >= 0) continue;
      // Genres come most defining first, so later ones weigh a little less.
      const w = 1 / (1 + 0.2 * (genreIds.length - start));
      genreIds.push(gid);
      genreW.push(w);
      norm += w * w;
    }
    for (let x = start; x < genreW.length; x++) genreW[x] /= Math.sqrt(norm);
    // The genre list as one key: a number for up to five genres (ids < 1023), else a string.
    const count = genreIds.length - start;
    let comboKey: string | number = 0;
    if (count <= 5 && genreIntern.names.length < 1023) for (let x = start; x < genreIds.length; x++) comboKey = (comboKey as number) * 1024 + genreIds[x] + 1;
    else comboKey = genreIds.slice(start).join(',');
    let combo = comboOf.get(comboKey);
    if (combo === undefined) {
      combo = comboOf.size;
      comboOf.set(comboKey, combo);
      comboIds.push(...genreIds.slice(start));
      comboW.push(...genreW.slice(start));
      comboOff.push(comboIds.length);
    }
    return combo;
  }

  /** Appends title i's platforms and their region sets (from `platStart`), and sets its mask and region set. */
  function platformList(t: EngineTitle, i: number, platStart: number): void {
    // Per entry: its regions (null: any region); a platform listed twice gets the union.
    const entryRegions: Array<Set<string> | null> = [];
    t.platforms.forEach((p, k) => {
      let pid = platformOf.get(p);
      if (pid === undefined) {
        const name = p.trim();
        pid = name ? platIntern.id(name.toLowerCase(), name) : -1;
        platformOf.set(p, pid);
      }
      if (pid < 0) return;
      const regions = t.platformRegions?.[k];
      const at = platIds.indexOf(pid, platStart);
      if (at < 0) {
        platIds.push(pid);
        entryRegions.push(regions ? new Set(regions) : null);
      } else {
        const known = entryRegions[at - platStart];
        if (known && regions) for (const r of regions) known.add(r);
        else entryRegions[at - platStart] = null;
      }
      platMask[i] |= pid < 31 ? 1 << pid : 1 << 31;
    });
    for (const regions of entryRegions) platRegion.push(regionIntern.id(regions));
    titleRegion[i] = entryRegions.length === 0 || entryRegions.some((r) => r === null) ? 0 : regionIntern.id(entryRegions.flatMap((r) => [...r!]));
    platOff[i + 1] = platIds.length;
  }

  let minDecade = Infinity;
  let maxDecade = -Infinity;
  for (const y of years) {
    if (Number.isNaN(y)) continue;
    minDecade = Math.min(minDecade, Math.floor(y / 10));
    maxDecade = Math.max(maxDecade, Math.floor(y / 10));
  }
  const decade = Int16Array.from(years, (y) => (Number.isNaN(y) ? -1 : Math.floor(y / 10) - minDecade));
  const decadeCount = Number.isFinite(minDecade) ? maxDecade - minDecade + 1 : 0;
  const vocab = tokenTable.tokens.length;
  const cellCount = (decadeCount + 1) * (langIntern.names.length + 1);
  const cell = Uint32Array.from(decade, (d, i) => (d + 1) * (langIntern.names.length + 1) + (lang[i] + 1));
  const setsWithRegion = new Map<string, number[]>();
  regionIntern.sets.forEach((set, id) => {
    for (const region of set ?? []) {
      const ids = setsWithRegion.get(region);
      if (ids) ids.push(id);
      else setsWithRegion.set(region, [id]);
    }
  });
  let withTokens = 0;
  for (let i = 0; i < n; i++) if (tokenTable.tokOff[i + 1] > tokenTable.tokOff[i]) withTokens++;

  return {
    size: n,
    titles,
    idToIdx,
    series,
    genreNames: genreIntern.names,
    genreIdx: genreIntern.ids,
    genreOff,
    genreIds: Uint16Array.from(genreIds),
    genreW: Float32Array.from(genreW),
    ...tokenTable,
    genreCombo,
    comboOff: Uint32Array.from(comboOff),
    comboIds: Uint16Array.from(comboIds),
    comboW: Float32Array.from(comboW),
    cell,
    decade,
    decadeCount,
    languages: langIntern.names,
    langIdx: langIntern.ids,
    lang,
    platforms: platIntern.names,
    platformIdx: platIntern.ids,
    platOff,
    platIds: Uint16Array.from(platIds),
    platMask,
    platRegion: Uint32Array.from(platRegion),
    titleRegion,
    ...platformPostings(platOff, platIds, platRegion, platIntern.names.length),
    regionSets: regionIntern.sets,
    setsWithRegion: new Map([...setsWithRegion].map(([r, ids]) => [r, Uint32Array.from(ids)])),
    quality: qualityScores(titles),
    fame: famePrior(titles),
    richFeatures: n > 0 && withTokens >= n / 2,
    scratch: {
      tokenProfile: new Float32Array(vocab),
      tokenTouched: new Uint8Array(vocab),
      tokenScore: new Float32Array(n),
      score: new Float32Array(n),
      collaborative: new Float32Array(n),
      comboScore: new Float32Array(comboOf.size),
      cellScore: new Float32Array(cellCount),
      prior: null,
      unknownList: new Int32Array(n),
      candidateList: new Int32Array(n),
      turnList: new Int32Array(n),
      excludedStamp: new Uint32Array(n),
      epoch: 0,
      allowedRegion: new Uint8Array(regionIntern.sets.length),
    },
    neighbourCache: new WeakMap(),
    moodCache: new Map(),
  };
}
