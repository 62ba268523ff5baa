// Builds the P1 split from raw interactions, following docs/quality.md ("Inputs"): items with fewer than
// 5 interactions dropped in one non-recursive pass, then per user (chronological, ties kept in file
// order) the last interaction is test, the second-to-last validation, the rest train.
import type { BenchItem, RawLog, SplitDataset } from './dataset.js';

export const MIN_ITEM_INTERACTIONS = 5;
/** A user needs a train, a validation and a test interaction to take part. */
export const MIN_USER_INTERACTIONS = 3;

export type ItemMetadata = ReadonlyMap<string, Omit<BenchItem, 'id'>>;

export interface SplitResult {
  dataset: SplitDataset;
  droppedItems: number;
  droppedUsers: number;
}

export function buildP1Split(
  format: string,
  log: RawLog,
  metadata: ItemMetadata,
  minItemInteractions = MIN_ITEM_INTERACTIONS,
): SplitResult {
  const n = log.length;
  const itemCount = new Int32Array(log.itemIds.length);
  for (let p = 0; p < n; p++) itemCount[log.item[p]]++;

  // Items are numbered in order of first appearance, as the published split does.
  const itemIndex = new Int32Array(log.itemIds.length).fill(-1);
  const items: BenchItem[] = [];
  const userCount = new Int32Array(log.userIds.length);
  for (let p = 0; p < n; p++) {
    const raw = log.item[p];
    if (itemCount[raw] < minItemInteractions) continue;
    if (itemIndex[raw] < 0) {
      itemIndex[raw] = items.length;
      const id = log.itemIds[raw];
      const meta = metadata.get(id);
      items.push({ id, title: meta?.title ?? id, year: meta?.year ?? null, genres: meta?.genres ?? [] });
    }
    userCount[log.user[p]]++;
  }

  // Bucket the kept positions per raw user (counting sort keeps file order inside a bucket).
  const start = new Int32Array(log.userIds.length + 1);
  for (let u = 0; u < log.userIds.length; u++) start[u + 1] = start[u] + userCount[u];
  const fill = start.slice(0, -1);
  const positions = new Int32Array(start[log.userIds.length]);
  for (let p = 0; p < n; p++) if (itemIndex[log.item[p]] >= 0) positions[fill[log.user[p]]++] = p;

  // Users keep the order of their first appearance.
  const firstSeen: number[] = [];
  const seen = new Uint8Array(log.userIds.length);
  for (let p = 0; p < n; p++) {
    const u = log.user[p];
    if (!seen[u] && itemIndex[log.item[p]] >= 0) { seen[u] = 1; firstSeen.push(u); }
  }

  const users: string[] = [];
  const train: Int32Array[] = [];
  const trainRatings: Float32Array[] = [];
  const validationRatings: number[] = [];
  const testRatings: number[] = [];
  let rated = false;
  const validation: number[] = [];
  const test: number[] = [];
  let droppedUsers = log.userIds.length - firstSeen.length;
  for (const u of firstSeen) {
    if (userCount[u] < MIN_USER_INTERACTIONS) {
      droppedUsers++;
      continue;
    }
    // Stable: equal timestamps keep their file order.
    const seq = Array.from(positions.subarray(start[u], start[u + 1]));
    seq.sort((a, b) => log.timestamp[a] - log.timestamp[b] || a - b);
    const itemsOf = Int32Array.from(seq, (p) => itemIndex[log.item[p]]);
    users.push(log.userIds[u]);
    test.push(itemsOf[itemsOf.length - 1]);
    validation.push(itemsOf[itemsOf.length - 2]);
    train.push(itemsOf.slice(0, -2));
    const ratings = Float32Array.from(seq.slice(0, -2), (p) => log.rating[p]);
    if (ratings.some((r) => !Number.isNaN(r))) rated = true;
    trainRatings.push(ratings);
    validationRatings.push(log.rating[seq[seq.length - 2]]);
    testRatings.push(log.rating[seq[seq.length - 1]]);
  }
  return {
    dataset: {
      format, users, items, train, validation: Int32Array.from(validation), test: Int32Array.from(test),
      ...(rated ? { trainRatings, heldOutRatings: { validation: Float32Array.from(validationRatings), test: Float32Array.from(testRatings) } } : {}),
    },
    droppedItems: log.itemIds.length - items.length,
    droppedUsers,
  };
}
