// A taste's history lists as catalog positions. Resolving ids is a map lookup per id; a long
// history would pay it on every pick, so the server keeps these per user and updates them as the
// history grows (features/history/taste-state.ts).
import type { CatalogIndex } from './catalog-index.js';
import type { TastePositions, UserTaste } from './types.js';
import { perIndex } from './per-index.js';

let nextSerial = 1;

/** A number naming this index: positions are only meaningful for the index they were resolved against. */
export const indexSerial = perIndex(() => nextSerial++);

/** The catalog positions of `ids` the catalog has, in order. */
export function resolveIds(index: CatalogIndex, ids: readonly string[]): number[] {
  const out: number[] = [];
  for (const id of ids) {
    const idx = index.idToIdx.get(id);
    if (idx !== undefined) out.push(idx);
  }
  return out;
}

export function resolvePositions(index: CatalogIndex, taste: UserTaste): TastePositions {
  return {
    serial: indexSerial(index),
    favourites: resolveIds(index, taste.favourites),
    liked: resolveIds(index, taste.liked),
    disliked: resolveIds(index, taste.disliked),
    watched: resolveIds(index, taste.watched),
    recommended: taste.recommended.map((id) => index.idToIdx.get(id) ?? -1),
  };
}

/** The taste's positions for this index: the ones it carries, else resolved from its ids. */
export function positionsOf(index: CatalogIndex, taste: UserTaste): TastePositions {
  if (!taste.positions) return resolvePositions(index, taste);
  // Positions of another index name other titles: a caller's bug, never a silent wrong pick.
  if (taste.positions.serial !== indexSerial(index)) throw new Error('taste positions were resolved against another catalog index');
  return taste.positions;
}
