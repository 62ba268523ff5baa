// The cross-user part of the score: for every positive (negative) title of the user, add
// (subtract) its item-item neighbours' similarities. A NeighbourTable is read through its typed
// arrays, aligned once per catalog index; any other Neighbours goes through of().
import type { CatalogIndex } from './catalog-index.js';
import { NeighbourTable } from './neighbours.js';
import type { UserProfile } from './profile.js';
import type { Neighbours } from './types.js';

interface Alignment {
  /** Catalog position -> table row, -1 when the table never saw the title. */
  rowOfIdx: Int32Array | null;
  /** Table row -> catalog position, -1 when the title is not in the catalog. */
  idxOfRow: Int32Array | null;
  /** log(1 + support) / log(1 + max support), aligned to the catalog; null without support. */
  popularity: Float32Array | null;
}

function align(index: CatalogIndex, neighbours: Neighbours): Alignment {
  const cached = index.neighbourCache.get(neighbours) as Alignment | undefined;
  if (cached) return cached;
  let rowOfIdx: Int32Array | null = null;
  let idxOfRow: Int32Array | null = null;
  if (neighbours instanceof NeighbourTable) {
    rowOfIdx = new Int32Array(index.size).fill(-1);
    idxOfRow = Int32Array.from(neighbours.ids, (id) => index.idToIdx.get(id) ?? -1);
    idxOfRow.forEach((idx, row) => {
      if (idx >= 0) rowOfIdx![idx] = row;
    });
  }
  let popularity: Float32Array | null = null;
  if (typeof neighbours.support === 'function') {
    const support = Float32Array.from(index.titles, (t) => Math.max(0, neighbours.support!(t.id) || 0));
    let max = 0;
    for (const s of support) max = Math.max(max, s);
    if (max > 0) popularity = support.map((s) => Math.log1p(s) / Math.log1p(max));
  }
  const alignment = { rowOfIdx, idxOfRow, popularity };
  index.neighbourCache.set(neighbours, alignment);
  return alignment;
}

/** Instance-wide popularity in [0, 1] per catalog position, or null when unknown. */
export function supportPopularity(index: CatalogIndex, neighbours: Neighbours | undefined): Float32Array | null {
  return neighbours ? align(index, neighbours).popularity : null;
}

/**
 * Fill index.scratch.collaborative for the user's titles; returns the touched positions, which
 * the caller must hand to releaseCollaborative.
 */
export function collaborativePass(index: CatalogIndex, profile: UserProfile, neighbours: Neighbours | undefined): number[] {
  const touched: number[] = [];
  if (!neighbours) return touched;
  const acc = index.scratch.collaborative;
  const add = (idx: number, value: number) => {
    if (idx < 0) return;
    if (acc[idx] === 0) touched.push(idx);
    acc[idx] += value;
  };
  const { rowOfIdx, idxOfRow } = align(index, neighbours);
  const spread = (from: number, scale: number) => {
    if (neighbours instanceof NeighbourTable && rowOfIdx && idxOfRow) {
      const row = rowOfIdx[from];
      if (row < 0) return;
      for (let x = neighbours.off[row]; x < neighbours.off[row + 1]; x++) add(idxOfRow[neighbours.nbr[x]], scale * neighbours.weight[x]);
      return;
    }
    for (const { id, weight } of neighbours.of(index.titles[from].id)) add(index.idToIdx.get(id) ?? -1, scale * weight);
  };
  for (const p of profile.positives) spread(p.idx, p.weight);
  for (const d of profile.negatives) spread(d.idx, -d.weight);
  return touched;
}

export function releaseCollaborative(index: CatalogIndex, touched: number[]): void {
  for (const idx of touched) index.scratch.collaborative[idx] = 0;
}

/** Similarity of `to` among `from`'s neighbours (0 when not a neighbour). */
export function neighbourWeight(index: CatalogIndex, neighbours: Neighbours | undefined, from: number, to: number): number {
  if (!neighbours) return 0;
  const { rowOfIdx } = align(index, neighbours);
  if (neighbours instanceof NeighbourTable && rowOfIdx) {
    const row = rowOfIdx[from];
    const target = rowOfIdx[to];
    if (row < 0 || target < 0) return 0;
    for (let x = neighbours.off[row]; x < neighbours.off[row + 1]; x++) if (neighbours.nbr[x] === target) return neighbours.weight[x];
    return 0;
  }
  const target = index.titles[to].id;
  for (const { id, weight } of neighbours.of(index.titles[from].id)) if (id === target) return weight;
  return 0;
}
