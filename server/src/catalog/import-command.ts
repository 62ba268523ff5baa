// `npm run catalog -- import FORMAT FILE... [options]` (docs/catalog.md, "Offline importers"):
// reads dataset files with flat memory and writes them through the one CatalogMerger, so a
// running server picks the titles up. Any problem with the input is one line naming the file (and
// the line) and exit code 1; Ctrl-C stops at a batch boundary with what was written kept.
import type { CatalogCommand, CatalogCommandContext } from './catalog-command.js';
import { ImportError, ImportRun, ImportStopped } from './sources/import-run.js';
import { CatalogMerger } from './sources/merge.js';
import { loadCatalogPack } from './pack-loader.js';
import { DATASET_SOURCES, type SourceName } from './sources/types.js';
import { IMPORT_USAGE } from './import-usage.js';

export const IMPORT_FORMATS = DATASET_SOURCES;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

const OPTIONS: Record<ImportFormat, string[]> = {
  'imdb-tsv': ['min-votes', 'batch'],
  'streaming-csv': ['platform', 'region', 'as-of', 'batch'],
  'platform-flags': ['region', 'as-of', 'batch'],
};

export interface ImportArgs {
  format: ImportFormat;
  files: string[];
  options: Map<string, string>;
}

export function parseImportArgs(args: string[]): ImportArgs {
  const [format, ...rest] = args;
  if (!format) throw new ImportError(`import: name a format (${IMPORT_FORMATS.join(', ')}) and files. Usage: ${IMPORT_USAGE}`);
  if (!(IMPORT_FORMATS as readonly string[]).includes(format))
    throw new ImportError(`import: unknown format ${JSON.stringify(format)}: use ${IMPORT_FORMATS.join(', ')}`);
  const f = format as ImportFormat;
  const files: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (!a.startsWith('--')) {
      files.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = a.slice(2, eq < 0 ? undefined : eq);
    if (!OPTIONS[f].includes(name)) throw new ImportError(`import ${f}: unknown option --${name} (options: ${OPTIONS[f].map((o) => `--${o}`).join(', ')})`);
    const value = eq < 0 ? rest[++i] : a.slice(eq + 1);
    if (value === undefined || value === '') throw new ImportError(`import ${f}: --${name} needs a value`);
    options.set(name, value);
  }
  if (!files.length) throw new ImportError(`import ${f}: name at least one file`);
  return { format: f, files, options };
}

export function regionOption(v: string): string {
  const r = v.trim().toUpperCase();
  if (r !== 'GLOBAL' && !/^[A-Z]{2}$/.test(r)) throw new ImportError(`--region ${JSON.stringify(v)}: use a two-letter country code (US, IN, GB, ...) or GLOBAL`);
  return r;
}

export function monthOption(v: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/.test(v)) throw new ImportError(`--as-of ${JSON.stringify(v)}: use YYYY-MM or YYYY-MM-DD`);
  return v;
}

export function countOption(name: string, v: string, max: number): number {
  if (!/^\d+$/.test(v) || Number(v) > max) throw new ImportError(`--${name} ${JSON.stringify(v)}: use a whole number from 0 to ${max}`);
  return Number(v);
}

const importCommand: CatalogCommand = async (ctx: CatalogCommandContext) => {
  const say = (s: string) => ctx.err.write(`${s}\n`);
  let run: ImportRun | null = null;
  try {
    const { format, files, options } = parseImportArgs(ctx.args);
    const batchSize = options.has('batch') ? Math.max(1, countOption('batch', options.get('batch')!, 5000)) : undefined;
    // The built-in titles first, as the server does at start, so imported rows match them
    // instead of adding namesakes (unchanged pack: nothing is written).
    await loadCatalogPack(ctx.handle, { logger: { info: () => {}, warn: () => {}, error: (o: unknown, m?: string) => say(m ?? String(o)) } });
    const merger = await CatalogMerger.open(ctx.handle, format as SourceName);
    run = new ImportRun(merger, { signal: ctx.signal, out: ctx.err, batchSize });
    if (format === 'streaming-csv') {
      const region = options.get('region');
      if (!region) throw new ImportError('import streaming-csv: --region is required: the country whose catalogue the file lists (e.g. US, IN), or GLOBAL');
      const { importStreamingCsv } = await import('./sources/streaming-csv.js');
      const opts = { platform: options.get('platform') ?? null, region: regionOption(region), asOf: options.has('as-of') ? monthOption(options.get('as-of')!) : null };
      for (const file of files) await importStreamingCsv(run, file, opts, say);
    } else if (format === 'platform-flags') {
      const { importPlatformFlags } = await import('./sources/platform-flags.js');
      const region = regionOption(options.get('region') ?? 'US');
      const asOf = monthOption(options.get('as-of') ?? '2020-01');
      if (!options.has('region') || !options.has('as-of')) say(`platform-flags: assuming region ${region} and as of ${asOf} (the dataset's; --region and --as-of to change)`);
      for (const file of files) await importPlatformFlags(run, file, { region, asOf }, say);
    } else {
      const { importImdbTsv } = await import('./sources/imdb-tsv.js');
      const minVotes = countOption('min-votes', options.get('min-votes') ?? '1000', 100_000_000);
      await importImdbTsv(run, files, { minVotes }, say);
    }
    ctx.out.write(`${run.report()}\n`);
    return 0;
  } catch (e) {
    if (e instanceof ImportStopped && run) {
      ctx.out.write(`Stopped at a batch boundary; what was written stays.\n${run.report()}\n`);
      return 130;
    }
    if (e instanceof ImportError) {
      if (run && (run.merger.totals.added || run.merger.totals.updated)) ctx.err.write(`Written before the error: ${run.report().split('\n')[0]}\n`);
      ctx.err.write(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
};

export default importCommand;
