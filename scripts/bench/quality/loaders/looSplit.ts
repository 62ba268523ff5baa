// The published chronological leave-one-out split (The Datasets Dilemma, WSDM 2022): train.csv,
// validation.csv and test.csv with the header "userID,itemID" and 0-based indices; line i+1 of
// users.txt / items.txt holds the original id of index i. train.csv lists each user's items oldest
// first. The folder has no item metadata: titles and genres come from an ML-100K u.item when one
// is given or found beside the folder (../ml-100k/u.item), and the stated ratings of the train
// interactions (read by the history-import protocol only) from the u.data beside it, when found.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { BenchItem, SplitDataset } from '../dataset.js';
import type { ItemMetadata, SplitResult } from '../split.js';
import { readUData, readUGenre, readUItem } from './ml100k.js';
import { forEachLine, toNumber } from './text.js';

function readIds(path: string): string[] {
  const ids: string[] = [];
  forEachLine(path, 'utf-8', (line) => { if (line.trim()) ids.push(line.trim()); });
  return ids;
}

function readPairs(path: string, onPair: (user: number, item: number) => void): void {
  let header = true;
  forEachLine(path, 'utf-8', (line) => {
    if (header) {
      header = false;
      if (!/^userID,itemID/i.test(line)) throw new Error(`${path}: expected the header userID,itemID`);
      return;
    }
    const [u, i] = line.split(',');
    onPair(toNumber(u, `${path} userID`), toNumber(i, `${path} itemID`));
  });
}

export function findItemMetadata(dir: string): string | null {
  for (const p of [join(dir, 'u.item'), join(dirname(dir), 'ml-100k', 'u.item')]) if (existsSync(p)) return p;
  return null;
}

export function findRatings(dir: string): string | null {
  for (const p of [join(dir, 'u.data'), join(dirname(dir), 'ml-100k', 'u.data')]) if (existsSync(p)) return p;
  return null;
}

/** Each train interaction's rating from u.data (by original user and item id); NaN when u.data has none. */
function joinRatings(path: string, users: readonly string[], itemIds: readonly string[], d: SplitDataset): Pick<SplitDataset, 'trainRatings' | 'heldOutRatings'> {
  const log = readUData(path);
  const byPair = new Map<string, number>();
  for (let p = 0; p < log.length; p++) byPair.set(`${log.userIds[log.user[p]]}\t${log.itemIds[log.item[p]]}`, log.rating[p]);
  let found = 0;
  const rating = (u: number, i: number) => {
    const r = i >= 0 ? byPair.get(`${users[u]}\t${itemIds[i]}`) : undefined;
    if (r !== undefined) found++;
    return r ?? NaN;
  };
  const trainRatings = d.train.map((list, u) => Float32Array.from(list, (i) => rating(u, i)));
  const heldOutRatings = {
    validation: Float32Array.from(d.validation, (i, u) => rating(u, i)),
    test: Float32Array.from(d.test, (i, u) => rating(u, i)),
  };
  return found > 0 ? { trainRatings, heldOutRatings } : {};
}

export function loadLooSplit(dir: string, itemsFile: string | null = findItemMetadata(dir), ratingsFile: string | null = findRatings(dir)): SplitResult {
  const users = readIds(join(dir, 'users.txt'));
  const itemIds = readIds(join(dir, 'items.txt'));
  const meta: ItemMetadata = itemsFile ? readUItem(itemsFile, readUGenre(join(dirname(itemsFile), 'u.genre'))) : new Map();
  const items: BenchItem[] = itemIds.map((id) => {
    const m = meta.get(id);
    return { id, title: m?.title ?? id, year: m?.year ?? null, genres: m?.genres ?? [] };
  });
  const check = (u: number, i: number, file: string) => {
    if (!Number.isInteger(u) || u < 0 || u >= users.length) throw new Error(`${file}: user index ${u} not in users.txt`);
    if (!Number.isInteger(i) || i < 0 || i >= items.length) throw new Error(`${file}: item index ${i} not in items.txt`);
  };

  const trainLists: number[][] = users.map(() => []);
  readPairs(join(dir, 'train.csv'), (u, i) => { check(u, i, 'train.csv'); trainLists[u].push(i); });
  const validation = new Int32Array(users.length).fill(-1);
  const test = new Int32Array(users.length).fill(-1);
  for (const [file, target] of [['validation.csv', validation], ['test.csv', test]] as const) {
    readPairs(join(dir, file), (u, i) => {
      check(u, i, file);
      if (target[u] >= 0) throw new Error(`${file}: user index ${u} has more than one row (leave-one-out expects one)`);
      target[u] = i;
    });
  }
  const dataset: SplitDataset = {
    format: 'loo-split',
    users,
    items,
    train: trainLists.map((l) => Int32Array.from(l)),
    validation,
    test,
  };
  if (ratingsFile) Object.assign(dataset, joinRatings(ratingsFile, users, itemIds, dataset));
  return { dataset, droppedItems: 0, droppedUsers: 0 };
}
