// Honest reasons measured on MovieLens (issue 35, item 10; docs/quality.md, "Honest reasons"):
//   npm run bench:quality-reasons -- --format loo-split|ml-100k|ml-csv --data DIR [--items u.item] [--out FILE]
// Prints the tables and writes the JSON report (default bench-results/quality-reasons.json).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { toOurGenres } from './quality/genres.js';
import { FORMATS, loadDataset, type Format } from './quality/loaders/index.js';
import { formatReasons, measureReasons } from './quality/reasons.js';

const USAGE = 'usage: npm run bench:quality-reasons -- --format ml-100k|loo-split|ml-csv --data DIR [--items u.item] [--out FILE]';

function main(): void {
  const { values } = parseArgs({ options: { format: { type: 'string' }, data: { type: 'string' }, items: { type: 'string' }, out: { type: 'string' } } });
  const format = values.format as Format | undefined;
  if (!format || !FORMATS.includes(format) || !values.data) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  const { dataset } = loadDataset(format, values.data, values.items);
  const report = measureReasons(dataset, dataset.items.map((it) => toOurGenres(it.genres)), (line) => console.error(line));
  console.log(formatReasons(report));
  console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const out = values.out ?? 'bench-results/quality-reasons.json';
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ format, ...report }, null, 2) + '\n');
  console.error(`wrote ${out}`);
}

main();
