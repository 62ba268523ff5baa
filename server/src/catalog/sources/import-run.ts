// What the three offline importers share (docs/catalog.md, "Offline importers"): opening a file
// (gzip or plain, streamed), batching records through the one CatalogMerger, stopping at a batch
// boundary on Ctrl-C, and the report (counts, skipped rows by reason, ambiguous examples, failed
// lines by number).
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { createGunzip } from 'node:zlib';
import { CsvError, readCsvBatches, type CsvOptions, type CsvRecord } from './csv.js';
import type { CatalogMerger } from './merge.js';
import { TitleMatcher } from './matcher.js';
import { Progress, describeTotals, formatCount, type ProgressSink } from './progress.js';
import type { SourceTitle } from './types.js';

/** A problem that stops the import: shown as one line (file, and line when known), exit 1. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

/** Ctrl-C reached a batch boundary: what was written stays. */
export class ImportStopped extends Error {
  constructor() {
    super('stopped');
    this.name = 'ImportStopped';
  }
}

export const DEFAULT_BATCH = 1000;
const EXAMPLES = 5;
const FAILED_SHOWN = 20;

export interface OpenedRows {
  rows: AsyncGenerator<CsvRecord>;
  /** The same records a chunk at a time (use one or the other). */
  batches: AsyncGenerator<CsvRecord[]>;
  /** File bytes (compressed bytes for .gz) and bytes read so far: progress estimates. */
  size: number;
  read(): number;
}

/** Streams a file's records; gzip is recognised by its magic bytes, whatever the name. */
export async function openRows(file: string, opts: CsvOptions): Promise<OpenedRows> {
  let size: number;
  try {
    const st = await stat(file);
    if (!st.isFile()) throw new ImportError(`${file}: not a file`);
    size = st.size;
  } catch (e) {
    if (e instanceof ImportError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new ImportError(`${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (e as Error).message}`);
  }
  const fh = await open(file, 'r');
  const head = Buffer.alloc(2);
  await fh.read(head, 0, 2, 0);
  await fh.close();
  const gz = size >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  let bytes = 0;
  const raw = createReadStream(file, { highWaterMark: 256 * 1024 });
  raw.on('data', (c) => (bytes += c.length));
  let source: AsyncIterable<Uint8Array> = raw;
  if (gz) {
    const gunzip = createGunzip();
    raw.on('error', (e) => gunzip.destroy(e));
    raw.pipe(gunzip);
    source = gunzip;
  }
  async function* batches(): AsyncGenerator<CsvRecord[]> {
    try {
      yield* readCsvBatches(source, opts);
    } catch (e) {
      if (e instanceof CsvError) throw new ImportError(`${file}:${e.line}: ${e.reason}`);
      const code = (e as NodeJS.ErrnoException).code ?? '';
      if (code.startsWith('Z_')) throw new ImportError(`${file}: not a valid gzip file (${(e as Error).message})`);
      throw new ImportError(`${file}: ${(e as Error).message}`);
    } finally {
      raw.destroy();
    }
  }
  async function* rows(): AsyncGenerator<CsvRecord> {
    for await (const batch of batches()) yield* batch;
  }
  return { rows: rows(), batches: batches(), size, read: () => bytes };
}

/** Column positions by header name (folded: case, spaces and punctuation ignored). */
export function headerIndex(header: string[]): Map<string, number> {
  const m = new Map<string, number>();
  header.forEach((h, i) => {
    const key = h.trim().toLowerCase().replace(/[^a-z0-9+]+/g, '');
    if (!m.has(key)) m.set(key, i);
  });
  return m;
}

interface Pending {
  file: string;
  line: number;
  s: SourceTitle;
}

export interface ImportRunOptions {
  signal?: AbortSignal;
  out?: ProgressSink;
  batchSize?: number;
  everyMs?: number;
}

/**
 * One import run: records go to the merger in batches of `batchSize` (each one transaction). A
 * record that resolves to a title an earlier row of this run brought is reported as a duplicate
 * and not written (the first row wins), so a file listing a title twice imports the same way
 * every time, whichever batches the two rows fall in.
 */
export class ImportRun {
  readonly skipped = new Map<string, number>();
  readonly failed: string[] = [];
  failedCount = 0;
  readonly ambiguous: string[] = [];
  readonly duplicates: string[] = [];
  duplicateCount = 0;
  /** Offers this run removed because the list it read no longer has them. */
  expiredOffers = 0;
  /** Title rows read: the report's first figure. */
  rows = 0;
  private batch: Pending[] = [];
  /** Title id -> the line that wrote it in this run. */
  private readonly written = new Map<string, string>();
  /** Known titles the queued batch speaks about, and the new titles it brings (id: their line). */
  private readonly batchIds = new Map<string, string>();
  private batchNew = new TitleMatcher();
  private progress: Progress | null = null;
  private readonly batchSize: number;

  constructor(
    readonly merger: CatalogMerger,
    private readonly opts: ImportRunOptions = {},
  ) {
    this.batchSize = opts.batchSize ?? DEFAULT_BATCH;
  }

  /** Starts a progress display for one pass over a file (the previous one is ended). */
  startPass(unit: string, total: number | null = null): Progress {
    this.endPass();
    this.progress = new Progress({ unit, total, out: this.opts.out, everyMs: this.opts.everyMs });
    return this.progress;
  }

  endPass(note?: string): void {
    if (this.unticked) this.progress?.tick(this.unticked, describeTotals(this.merger.totals));
    this.unticked = 0;
    if (this.progress && note) this.progress.finish(note);
    this.progress = null;
  }

  private unticked = 0;

  /**
   * Counts progress in this pass (drawn every few hundred: the detail costs a format); `rows`
   * false when the report counts these rows elsewhere.
   */
  tick(n = 1, rows = true): void {
    if (rows) this.rows += n;
    this.unticked += n;
    if (this.unticked < 256) return;
    this.progress?.tick(this.unticked, describeTotals(this.merger.totals));
    this.unticked = 0;
  }

  skip(reason: string, n = 1): void {
    this.skipped.set(reason, (this.skipped.get(reason) ?? 0) + n);
  }

  /** A line that cannot become a title (counted as failed with the merger's invalid ones). */
  fail(file: string, line: number, reason: string, countedByMerger = false): void {
    if (!countedByMerger) this.merger.totals.invalid++;
    this.failedCount++;
    if (this.failed.length < FAILED_SHOWN) this.failed.push(`${basename(file)}:${line}: ${reason}`);
  }

  /** Queues a record; writes a batch when full. Throws ImportStopped at a boundary after Ctrl-C. */
  async add(file: string, line: number, s: SourceTitle): Promise<void> {
    const where = `${basename(file)}:${line}`;
    const m = this.merger.matcher.match(s);
    let first: string | undefined;
    let id = '';
    if (m.kind === 'matched') {
      id = m.id;
      first = this.written.get(m.id) ?? this.batchIds.get(m.id);
      if (!first) this.batchIds.set(m.id, where);
    } else if (m.kind === 'none') {
      // A new title: is it one an earlier row of this batch brings too?
      const local = this.batchNew.match(s);
      if (local.kind === 'matched') {
        id = 'new';
        first = local.id;
      } else {
        this.batchNew.add({ id: where, kind: s.kind, title: s.title, originalTitle: s.originalTitle ?? null, year: s.year, tmdbId: s.tmdbId ?? null, imdbId: s.imdbId ?? null, runtime: s.runtime ?? null, endYear: s.endYear ?? null });
      }
    }
    if (first) {
      this.duplicateCount++;
      if (this.duplicates.length < EXAMPLES) this.duplicates.push(`${where} "${s.title}" (${s.year}) is the title of ${first}${id === 'new' ? '' : ` (${id})`}`);
      return;
    }
    this.batch.push({ file, line, s });
    if (this.batch.length >= this.batchSize) await this.flush();
  }

  /** Checks for Ctrl-C where nothing is half written. */
  checkpoint(): void {
    if (this.opts.signal?.aborted) throw new ImportStopped();
  }

  async flush(): Promise<void> {
    this.checkpoint();
    const batch = this.batch;
    this.batch = [];
    this.batchIds.clear();
    this.batchNew = new TitleMatcher();
    if (!batch.length) return;
    const results = await this.merger.write(batch.map((p) => p.s));
    results.forEach((r, i) => {
      const p = batch[i];
      const where = `${basename(p.file)}:${p.line}`;
      if (r.id && !this.written.has(r.id)) this.written.set(r.id, where);
      if (r.outcome === 'ambiguous') {
        if (this.ambiguous.length < EXAMPLES) this.ambiguous.push(`${where} "${p.s.title}" (${p.s.year}) could be ${r.detail}`);
      } else if (r.outcome === 'invalid') {
        this.fail(p.file, p.line, r.detail ?? 'invalid', true);
      }
    });
    this.checkpoint();
  }

  /** The report printed at the end (also after a stop or an error: what was written stays). */
  report(): string {
    const t = this.merger.totals;
    const lines = [`${formatCount(this.rows)} rows read: ${describeTotals(t)}`];
    const skipped = [...this.skipped].map(([why, n]) => `${formatCount(n)} ${why}`);
    if (this.duplicateCount) skipped.push(`${formatCount(this.duplicateCount)} repeating a title already in the file`);
    if (skipped.length) lines.push(`skipped: ${skipped.join(', ')}`);
    if (this.expiredOffers) lines.push(`offers removed (titles no longer in the list): ${formatCount(this.expiredOffers)}`);
    for (const d of this.duplicates) lines.push(`  duplicate: ${d}`);
    if (t.ambiguous) {
      lines.push(`ambiguous (${formatCount(t.ambiguous)}; not written: more than one title could be meant), e.g.:`);
      for (const a of this.ambiguous) lines.push(`  ${a}`);
    }
    if (this.failedCount) {
      lines.push(`failed lines (${formatCount(this.failedCount)})${this.failedCount > this.failed.length ? `, the first ${this.failed.length}` : ''}:`);
      for (const f of this.failed) lines.push(`  ${f}`);
    }
    return lines.join('\n');
  }
}
