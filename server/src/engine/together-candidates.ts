// Who may watch what, for a pick for two: each member's services (in their own country) and
// languages, the pair's candidates (together.ts scores them), and the service a pick is shown on
// with whose it is.
import type { CatalogIndex } from './catalog-index.js';
import { gatherOnPlatforms } from './on-platforms.js';
import { positionsOf } from './taste-positions.js';
import type { UserTaste } from './types.js';

/** What of a member these rules read. */
interface Member {
  taste: UserTaste;
  region?: string | null;
}

/** One member's rules for the pair: their services (in their country) and their languages. */
export interface MemberRules {
  restricted: boolean;
  onTarget: Uint8Array;
  targetMask: number;
  targets: number[];
  regional: boolean;
  allowed: Uint8Array;
  preferred: Uint8Array;
  anyLanguage: boolean;
}

export function rulesOf(index: CatalogIndex, member: Member): MemberRules {
  const onTarget = new Uint8Array(index.platforms.length);
  const targets: number[] = [];
  let targetMask = 0;
  for (const name of member.taste.platforms) {
    const id = index.platformIdx.get(name.trim().toLowerCase());
    if (id === undefined || targets.includes(id)) continue;
    targets.push(id);
    onTarget[id] = 1;
    if (id < 31) targetMask |= 1 << id;
  }
  const allowed = new Uint8Array(index.regionSets.length);
  const code = member.region?.trim().toUpperCase();
  const regional = !!code && index.regionSets.length > 1;
  if (regional) {
    allowed[0] = 1;
    for (const r of [code, 'GLOBAL']) {
      const sets = index.setsWithRegion.get(r);
      if (sets) for (let s = 0; s < sets.length; s++) allowed[sets[s]] = 1;
    }
  }
  const preferred = new Uint8Array(index.languages.length);
  for (const name of member.taste.languages) {
    const id = index.langIdx.get(name.trim().toLowerCase());
    if (id !== undefined) preferred[id] = 1;
  }
  return { restricted: member.taste.platforms.length > 0, onTarget, targetMask, targets, regional, allowed, preferred, anyLanguage: member.taste.languages.length === 0 };
}

/** Title i streams on one of the member's services in their country. */
function hasIt(index: CatalogIndex, r: MemberRules, i: number): boolean {
  const mask = index.platMask[i];
  if ((mask & r.targetMask) === 0 && mask < 0x80000000) return false;
  for (let x = index.platOff[i]; x < index.platOff[i + 1]; x++) {
    if (r.onTarget[index.platIds[x]] === 1 && (!r.regional || r.allowed[index.platRegion[x]] === 1)) return true;
  }
  return false;
}

/** Both histories and the household's together picks, stamped with one epoch of the index's scratch. */
export function markExcluded(index: CatalogIndex, members: readonly Member[], exclude: readonly string[]): number {
  const scratch = index.scratch;
  if (scratch.epoch >= 0xfffffffe) {
    scratch.excludedStamp.fill(0);
    scratch.epoch = 0;
  }
  const epoch = ++scratch.epoch;
  for (const m of members) {
    const h = positionsOf(index, m.taste);
    for (const l of [h.recommended, h.liked, h.disliked, h.watched, h.favourites]) {
      for (let i = 0; i < l.length; i++) if (l[i] >= 0) scratch.excludedStamp[l[i]] = epoch;
    }
  }
  for (const id of exclude) {
    const idx = index.idToIdx.get(id);
    if (idx !== undefined) scratch.excludedStamp[idx] = epoch;
  }
  return epoch;
}

/**
 * The pair's candidates into scratch.candidateList (or, when none is on either's services, the
 * titles of unknown availability). Neither member with services: any title, as for a solo pick.
 * The hot loop of a together pick: plain locals, the two members unrolled, the platform bit masks
 * as the first filter.
 */
export function classify(index: CatalogIndex, rules: readonly MemberRules[], epoch: number, kind: 'movie' | 'series' | undefined): { candidates: Int32Array; fallback: boolean } {
  const { excludedStamp, candidateList, unknownList } = index.scratch;
  const { series, platMask } = index;
  const wantSeries = kind === 'series' ? 1 : kind === 'movie' ? 0 : -1;
  const [r0, r1] = rules;
  const restricted = r0.restricted || r1.restricted;
  const mask0 = r0.restricted ? r0.targetMask : 0;
  const mask1 = r1.restricted ? r1.targetMask : 0;
  if (restricted) {
    // Through the services' own title lists when they are short; none found: the pass below finds the unknown ones.
    const gathered = gatherOnPlatforms(index, rules.filter((r) => r.restricted), epoch, wantSeries, candidateList);
    if (gathered > 0) return { candidates: candidateList.subarray(0, gathered), fallback: false };
  }
  let chosen = 0;
  let unknown = 0;
  for (let i = 0; i < index.size; i++) {
    if (excludedStamp[i] === epoch || (wantSeries >= 0 && series[i] !== wantSeries)) continue;
    if (!restricted) {
      candidateList[chosen++] = i;
      continue;
    }
    const mask = platMask[i];
    if (mask === 0) {
      unknownList[unknown++] = i;
      continue;
    }
    // On none of either member's platforms in any region: never looked up.
    if ((mask & (mask0 | mask1)) === 0 && mask < 0x80000000) continue;
    // Without a country the bit says it all (as for a solo pick); with one, the entries' regions decide.
    const on0 = (mask & mask0) !== 0 ? !r0.regional || hasIt(index, r0, i) : mask >= 0x80000000 && r0.restricted && hasIt(index, r0, i);
    const on1 = on0 || ((mask & mask1) !== 0 ? !r1.regional || hasIt(index, r1, i) : mask >= 0x80000000 && r1.restricted && hasIt(index, r1, i));
    if (on1) candidateList[chosen++] = i;
  }
  if (chosen > 0 || !restricted) return { candidates: candidateList.subarray(0, chosen), fallback: false };
  return { candidates: unknownList.subarray(0, unknown), fallback: true };
}

/** The service to show and whose it is: one they share first (the asker's order), else the asker's, else the partner's. */
export function whereToWatch(index: CatalogIndex, rules: readonly MemberRules[], fallback: boolean, idx: number): { platform: string | null; owners: number[] } {
  if (fallback) return { platform: null, owners: [] };
  const has = (r: MemberRules, x: number) => r.restricted && r.onTarget[index.platIds[x]] === 1 && (!r.regional || r.allowed[index.platRegion[x]] === 1);
  const entries: Array<{ x: number; owners: number[] }> = [];
  for (let x = index.platOff[idx]; x < index.platOff[idx + 1]; x++) {
    const owners = [0, 1].filter((m) => has(rules[m], x));
    if (owners.length > 0) entries.push({ x, owners });
  }
  const name = (x: number) => {
    const n = index.platforms[index.platIds[x]];
    return index.titles[idx].platforms.find((p) => p.trim().toLowerCase() === n.toLowerCase()) ?? n;
  };
  const byPreference = (m: number) => (e: { x: number }) => rules[m].targets.indexOf(index.platIds[e.x]);
  const best =
    entries.filter((e) => e.owners.length === 2).sort((p, q) => byPreference(0)(p) - byPreference(0)(q))[0] ??
    entries.filter((e) => e.owners[0] === 0).sort((p, q) => byPreference(0)(p) - byPreference(0)(q))[0] ??
    entries.sort((p, q) => byPreference(1)(p) - byPreference(1)(q))[0];
  if (best) return { platform: name(best.x), owners: best.owners };
  // Neither member has services: the title's first known one, nobody's in particular.
  return { platform: index.titles[idx].platforms[0] ?? null, owners: [] };
}
