// Offline recommendation-quality benchmark (issue 7):
//   npm run bench:quality -- --format ml-100k|loo-split|ml-csv --data DIR [--out FILE]
// Prints a table and writes the JSON report. See docs/quality.md for the method.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { countInteractions } from './quality/dataset.js';
import { toOurGenres } from './quality/genres.js';
import { FORMATS, loadDataset, type Format } from './quality/loaders/index.js';
import { EASE_MAX_ITEMS, easeRunner, itemKnnRunner, mostPopRunner } from './quality/baselines/index.js';
import { ENGINE_DEFAULTS, engineCandidates, engineRunner } from './quality/engine.js';
import { COLD_SIZES, defaultFolds, runColdStart, type TunedModel } from './quality/protocols/coldStart.js';
import { coldStartCeiling } from './quality/protocols/ceiling.js';
import { p1Setup, runP1 } from './quality/protocols/p1.js';
import { runImport } from './quality/protocols/import.js';
import { formatCeiling, formatColdStart, formatImport, formatReport, type QualityReport } from './quality/report.js';
import type { ModelRunner } from './quality/runner.js';

const USAGE = 'usage: npm run bench:quality -- --format ml-100k|loo-split|ml-csv --data DIR [--out FILE] [--items u.item] [--folds N] [--engine-defaults] [--no-cold-start] [--ceiling] [--only import] [--stream] [--quiet]';
/** --only import: P1 still tunes every model (the protocol uses those parameters), then only the import protocol runs and prints. */
const ONLY = ['import'] as const;

function main(): void {
  const { values } = parseArgs({
    options: {
      format: { type: 'string' },
      data: { type: 'string' },
      out: { type: 'string' },
      items: { type: 'string' },
      folds: { type: 'string' },
      'no-cold-start': { type: 'boolean' },
      'engine-defaults': { type: 'boolean' },
      ceiling: { type: 'boolean' },
      only: { type: 'string' },
      stream: { type: 'boolean' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) { console.log(USAGE); return; }
  const format = values.format as Format | undefined;
  if (!format || !FORMATS.includes(format) || !values.data) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  if (values.only !== undefined && !(ONLY as readonly string[]).includes(values.only)) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const onlyImport = values.only === 'import';
  if (values.folds !== undefined && !(Number.isInteger(Number(values.folds)) && Number(values.folds) >= 2)) throw new Error('--folds must be an integer >= 2');
  const log = values.quiet ? () => {} : (line: string) => console.error(line);
  const started = performance.now();

  const { dataset: d, droppedItems, droppedUsers } = loadDataset(format, values.data, values.items);
  const withGenres = d.items.filter((it) => it.genres.length > 0).length;
  log(`${format}: ${d.users.length} users, ${d.items.length} items, ${countInteractions(d)} interactions` +
    ` (dropped ${droppedItems} items with < 5 interactions, ${droppedUsers} users with < 3); ${withGenres} items have genres`);
  const itemGenres = d.items.map((it) => toOurGenres(it.genres));
  const setup = p1Setup(d, itemGenres);
  const folds = values.folds === undefined ? defaultFolds(d.users.length) : Number(values.folds);

  const runners: ModelRunner<unknown>[] = [engineRunner(d, itemGenres, values['engine-defaults'] ? [ENGINE_DEFAULTS] : engineCandidates()), mostPopRunner, itemKnnRunner] as ModelRunner<unknown>[];
  const report: QualityReport = { format, users: d.users.length, items: d.items.length, models: {}, cold_start: {} };
  const params: Record<string, unknown> = {};
  const tuned = new Map<string, TunedModel>();
  for (const runner of runners) {
    const r = runP1(setup, runner, log);
    report.models[runner.name] = r.test;
    params[runner.name] = r.params;
    tuned.set(runner.name, { runner, params: r.params });
  }
  if (d.items.length <= EASE_MAX_ITEMS) {
    const r = runP1(setup, easeRunner as ModelRunner<unknown>, log);
    report.models.ease = r.test;
    params.ease = r.params;
    tuned.set('ease', { runner: easeRunner as ModelRunner<unknown>, params: r.params });
  } else {
    log(`ease: skipped (${d.items.length} items > ${EASE_MAX_ITEMS}; the dense inverse is O(n^3))`);
    report.models.ease = null;
  }

  if (!values['no-cold-start'] && !onlyImport) {
    const cold = runColdStart(d, itemGenres, ['engine', 'mostpop', 'itemknn'].map((n) => tuned.get(n)!), folds, log);
    report.cold_start = cold.result.test;
    report.cold_start_next = cold.result.next;
    report.cold_start_masked = cold.result.masked;
    log(`cold start: users measured per size ${COLD_SIZES.map((s) => `${s}: ${cold.users.test[String(s)]}`).join(', ')}` +
      ` (next-interaction target: ${COLD_SIZES.map((s) => cold.users.next[String(s)]).join(', ')})`);
  }

  if (!d.trainRatings) log('import: the data set has no ratings (loo-split reads them from ../ml-100k/u.data); every imported title is watched only');
  const imp = runImport(d, itemGenres, ['engine', 'mostpop', 'itemknn', 'ease'].filter((n) => tuned.has(n)).map((n) => tuned.get(n)!), folds, log);
  report.history_import = {
    next: imp.result.next,
    test: imp.result.test,
    masked: imp.result.masked,
    users: { next: imp.users.next, test: imp.users.test, masked: imp.users.masked },
    verdicts: imp.verdicts,
  };

  // The same users, sizes and targets, their histories arriving as synced watches (protocols/import.ts, ArrivalRule).
  if (values.stream) {
    const stream = runImport(d, itemGenres, [tuned.get('engine')!], folds, log, undefined, false, 'stream');
    report.history_stream = {
      next: stream.result.next,
      test: stream.result.test,
      masked: stream.result.masked,
      users: { next: stream.users.next, test: stream.users.test, masked: stream.users.masked },
      verdicts: stream.verdicts,
    };
  }

  if (!onlyImport) console.log(formatReport(report, params, format !== 'ml-csv'));
  else console.log(`P1 tuning only (parameters for the import protocol): ${JSON.stringify(params)}`);
  if (report.cold_start_masked) console.log('\n' + formatColdStart('Cold start, target = the P1 test item with every P1 train item masked (JSON cold_start_masked)', report.cold_start_masked));
  if (report.cold_start_next) console.log('\n' + formatColdStart('Cold start, target = the interaction right after the kept ones (JSON cold_start_next)', report.cold_start_next));
  console.log('\n' + formatImport(report.history_import));
  if (report.history_stream) {
    console.log('\n' + formatImport(report.history_stream, 'History as a stream of synced watches: the same titles in time order, unrated, the top-rated ones favourites (a like), at most 1 in 10 (JSON history_stream)'));
  }
  if (values.ceiling && !values['no-cold-start'] && !onlyImport) {
    if (d.items.length > EASE_MAX_ITEMS) log(`ceiling: skipped (${d.items.length} items > ${EASE_MAX_ITEMS})`);
    else {
      report.cold_start_ceiling = coldStartCeiling(d, folds, log);
      console.log('\n' + formatCeiling(report.cold_start_ceiling));
    }
  }
  console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (values.out) {
    writeFileSync(values.out, JSON.stringify(report, null, 2) + '\n');
    log(`wrote ${values.out}`);
  }
}

main();
