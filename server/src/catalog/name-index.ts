// Finding offerable titles by name: positions sorted by the folded name (searchText) of each
// title and original title, searched by bisection. A sorted array replaces a map of 100,000 folded
// names and 100,000 one-title lists; the names are folded again at each lookup.
import { searchText } from './search-text.js';

/** What the index reads of a title (a catalog entry). */
interface Named {
  title: string;
  originalTitle: string | null;
}

/** Snapshot.nameOrder and nameIsOriginal. */
export interface NameIndex {
  nameOrder: Uint32Array;
  nameIsOriginal: Uint8Array;
}

/** Offerable titles' positions sorted by folded name; the folded names live only while sorting. */
export function nameIndex(titles: readonly Named[]): NameIndex {
  const keys: string[] = [];
  const pos: number[] = [];
  const original: number[] = [];
  const addName = (key: string, i: number, isOriginal: number) => {
    if (!key) return;
    keys.push(key);
    pos.push(i);
    original.push(isOriginal);
  };
  titles.forEach((t, i) => {
    const name = searchText(t.title);
    const other = t.originalTitle ? searchText(t.originalTitle) : '';
    addName(name, i, 0);
    // A title found under both names is listed once.
    if (other !== name) addName(other, i, 1);
  });
  const order = Uint32Array.from(keys, (_, k) => k).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : pos[a] - pos[b]));
  return { nameOrder: Uint32Array.from(order, (k) => pos[k]), nameIsOriginal: Uint8Array.from(order, (k) => original[k]) };
}

/** Offerable titles whose title or original title folds to `key` (a searchText), most popular first. */
export function titlesNamed<T extends Named>(snap: NameIndex & { titles: readonly T[] }, key: string): T[] {
  const { titles, nameOrder, nameIsOriginal } = snap;
  const nameAt = (k: number) => {
    const t = titles[nameOrder[k]];
    return searchText((nameIsOriginal[k] ? t.originalTitle : t.title) ?? '');
  };
  let lo = 0;
  let hi = nameOrder.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (nameAt(mid) < key) lo = mid + 1;
    else hi = mid;
  }
  const out: T[] = [];
  for (let k = lo; k < nameOrder.length && nameAt(k) === key; k++) out.push(titles[nameOrder[k]]);
  return out;
}
