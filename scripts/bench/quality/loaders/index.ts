import type { SplitResult } from '../split.js';
import { loadLooSplit } from './looSplit.js';
import { loadMl100k } from './ml100k.js';
import { loadMlCsv } from './mlCsv.js';

export const FORMATS = ['ml-100k', 'loo-split', 'ml-csv'] as const;
export type Format = (typeof FORMATS)[number];

export function loadDataset(format: Format, dir: string, itemsFile?: string): SplitResult {
  switch (format) {
    case 'ml-100k': return loadMl100k(dir);
    case 'loo-split': return itemsFile === undefined ? loadLooSplit(dir) : loadLooSplit(dir, itemsFile);
    case 'ml-csv': return loadMlCsv(dir);
  }
}
