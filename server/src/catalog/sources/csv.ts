// A streaming CSV / TSV reader for the offline importers (docs/catalog.md, "Offline importers").
// RFC 4180: fields in double quotes may hold the delimiter, doubled quotes and line breaks;
// records end with CRLF or LF; a UTF-8 byte-order mark before the first header is dropped. It
// holds at most one record in memory, and every loop is bounded by the input it was given and by
// the size limits, so any input ends with records or a CsvError naming the line.
import { StringDecoder } from 'node:string_decoder';

export interface CsvRecord {
  fields: string[];
  /** 1-based line on which the record starts (a quoted line break counts as a line). */
  line: number;
}

export interface CsvOptions {
  /** ',' (default) or '\t'. */
  delimiter?: string;
  /** false: quotes are ordinary characters (IMDb's TSV files do not quote). Default true. */
  quoted?: boolean;
  /** Characters at most in one field (default 1 MiB). */
  maxField?: number;
  /** Characters at most in one record (default 1 MiB). */
  maxRecord?: number;
}

export class CsvError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = 'CsvError';
  }
}

const MiB = 1024 * 1024;

/**
 * The parser's core, synchronous and push-based: feed text with push(), then end(). A record cut
 * by a chunk boundary waits for the next chunk (it is parsed again from its start then, which the
 * record-size limit bounds).
 */
export class CsvParser {
  private buf = '';
  private line = 1;
  private started = false;
  private readonly delim: string;
  private readonly quoted: boolean;
  private readonly maxField: number;
  private readonly maxRecord: number;

  constructor(opts: CsvOptions = {}) {
    this.delim = opts.delimiter ?? ',';
    if (this.delim.length !== 1 || this.delim === '"' || this.delim === '\n' || this.delim === '\r') throw new RangeError('delimiter must be one character other than a quote or a line break');
    this.quoted = opts.quoted ?? true;
    this.maxField = opts.maxField ?? MiB;
    this.maxRecord = opts.maxRecord ?? MiB;
  }

  /**
   * Parses what `text` completes; take() hands the complete records over (also those completed
   * before an error, which push and end throw, then again on every later call).
   */
  push(text: string): void {
    if (this.failure) throw this.failure;
    if (!this.started) {
      if (!text) return;
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    this.buf = this.buf ? this.buf + text : text;
    this.guarded(false);
  }

  /** The end of input: the last record (without a final line break) or an error. */
  end(): void {
    if (this.failure) throw this.failure;
    this.guarded(true);
  }

  private failure: CsvError | null = null;

  private guarded(eof: boolean): void {
    try {
      this.drain(eof);
    } catch (e) {
      if (e instanceof CsvError) {
        this.failure = e;
        this.buf = '';
      }
      throw e;
    }
  }

  private drain(eof: boolean): void {
    const buf = this.buf;
    let pos = 0;
    while (pos < buf.length) {
      const r = this.quoted ? this.quotedRecord(buf, pos, eof) : this.plainRecord(buf, pos, eof);
      if (r === null) break;
      pos = r;
    }
    this.buf = pos >= buf.length ? '' : buf.slice(pos);
    if (this.buf.length > this.maxRecord) throw new CsvError(this.line, `record longer than ${this.maxRecord} characters`);
    if (eof && this.buf) throw new CsvError(this.line, 'unterminated quoted field at the end of the file');
  }

  private emit(fields: string[], lines: number): void {
    const rec = { fields, line: this.line };
    this.line += lines;
    // A blank line is not a record (a record of one empty field is written as "").
    if (!(fields.length === 1 && fields[0] === '' && !this.lastWasQuoted)) this.pending.push(rec);
  }

  private pending: CsvRecord[] = [];
  private lastWasQuoted = false;

  /** One unquoted record from `start`; returns the position after it, or null when incomplete. */
  private plainRecord(buf: string, start: number, eof: boolean): number | null {
    let nl = buf.indexOf('\n', start);
    if (nl < 0) {
      if (!eof) return null;
      nl = buf.length;
    }
    let stop = nl;
    if (stop > start && buf.charCodeAt(stop - 1) === 13) stop--;
    if (stop - start > this.maxRecord) throw new CsvError(this.line, `record longer than ${this.maxRecord} characters`);
    const text = buf.slice(start, stop);
    const fields = text.split(this.delim);
    if (text.length > this.maxField) for (const f of fields) if (f.length > this.maxField) throw new CsvError(this.line, `field longer than ${this.maxField} characters`);
    this.lastWasQuoted = false;
    this.emit(fields, 1);
    return nl + 1;
  }

  /** One RFC 4180 record from `start`; returns the position after it, or null when incomplete. */
  private quotedRecord(buf: string, start: number, eof: boolean): number | null {
    const d = this.delim;
    const fields: string[] = [];
    let pos = start;
    let lines = 1;
    let anyQuoted = false;
    let nl = -2; // the next line break at or after pos (-2: not searched yet, -1: none)
    for (;;) {
      if (pos - start > this.maxRecord) throw new CsvError(this.line, `record longer than ${this.maxRecord} characters`);
      if (buf[pos] === '"') {
        anyQuoted = true;
        let value = '';
        let from = pos + 1;
        for (;;) {
          const q = buf.indexOf('"', from);
          if (q < 0) {
            if (eof) throw new CsvError(this.line, 'unterminated quoted field at the end of the file');
            if (buf.length - start > this.maxRecord) throw new CsvError(this.line, `record longer than ${this.maxRecord} characters`);
            return null;
          }
          value += buf.slice(from, q);
          if (value.length > this.maxField) throw new CsvError(this.line, `field longer than ${this.maxField} characters`);
          if (q + 1 >= buf.length && !eof) return null; // is it "" or the closing quote? wait for more
          if (buf[q + 1] === '"') {
            value += '"';
            from = q + 2;
            continue;
          }
          pos = q + 1;
          break;
        }
        for (let i = value.indexOf('\n'); i >= 0; i = value.indexOf('\n', i + 1)) lines++;
        fields.push(value);
        const c = buf[pos];
        if (c === d) {
          pos++;
          continue;
        }
        if (c === undefined) {
          if (!eof) return null;
          this.finish(fields, lines, anyQuoted);
          return pos;
        }
        if (c === '\n') {
          this.finish(fields, lines, anyQuoted);
          return pos + 1;
        }
        if (c === '\r') {
          if (pos + 1 >= buf.length && !eof) return null;
          if (buf[pos + 1] === '\n') {
            this.finish(fields, lines, anyQuoted);
            return pos + 2;
          }
        }
        throw new CsvError(this.line + lines - 1, `unexpected ${JSON.stringify(c)} after a closing quote`);
      }
      // Unquoted field: up to the next delimiter or line break (a quote inside it is kept as is).
      let end = pos;
      const dl = buf.indexOf(d, pos);
      if (nl !== -1 && nl < pos) nl = buf.indexOf('\n', pos);
      if (dl >= 0 && (nl < 0 || dl < nl)) end = dl;
      else if (nl >= 0) end = nl;
      else {
        if (!eof) {
          if (buf.length - start > this.maxRecord) throw new CsvError(this.line, `record longer than ${this.maxRecord} characters`);
          return null;
        }
        end = nl = buf.length;
      }
      if (end - pos > this.maxField) throw new CsvError(this.line, `field longer than ${this.maxField} characters`);
      if (end === dl) {
        fields.push(buf.slice(pos, end));
        pos = end + 1;
        continue;
      }
      let stop = end;
      if (stop > pos && buf.charCodeAt(stop - 1) === 13) stop--;
      fields.push(buf.slice(pos, stop));
      if (end - start > this.maxRecord) throw new CsvError(this.line, `record longer than ${this.maxRecord} characters`);
      this.finish(fields, lines, anyQuoted);
      return end + 1;
    }
  }

  private finish(fields: string[], lines: number, anyQuoted: boolean): void {
    this.lastWasQuoted = anyQuoted;
    this.emit(fields, lines);
  }

  /** Records completed so far (push/end also return them). */
  take(): CsvRecord[] {
    const p = this.pending;
    this.pending = [];
    return p;
  }
}

/** Reads records from a byte or text stream (a file, gunzip output, a test's chunks). */
export async function* readCsv(input: AsyncIterable<string | Uint8Array>, opts: CsvOptions = {}): AsyncGenerator<CsvRecord> {
  for await (const batch of readCsvBatches(input, opts)) yield* batch;
}

/**
 * The same records, a chunk's worth at a time: one await per chunk instead of one per record
 * (twice the throughput on IMDb's tens of millions of short rows). A batch is never empty.
 */
export async function* readCsvBatches(input: AsyncIterable<string | Uint8Array>, opts: CsvOptions = {}): AsyncGenerator<CsvRecord[]> {
  const parser = new CsvParser(opts);
  const decoder = new StringDecoder('utf8');
  // Records completed before an error in the same chunk are handed over first: the caller
  // decides what to do with a batch the error interrupts.
  const step = function* (fn: () => void): Generator<CsvRecord[]> {
    let failure: unknown = null;
    try {
      fn();
    } catch (e) {
      failure = e;
    }
    const records = parser.take();
    if (records.length) yield records;
    if (failure) throw failure;
  };
  for await (const chunk of input) yield* step(() => parser.push(typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer)));
  yield* step(() => {
    parser.push(decoder.end());
    parser.end();
  });
}

/** Writes one record as RFC 4180 text (quoting only where needed), ending in CRLF. */
export function formatCsvRecord(fields: readonly string[], delimiter = ','): string {
  if (fields.length === 1 && fields[0] === '') return '""\r\n';
  const quote = (f: string) => (f.includes('"') || f.includes(delimiter) || f.includes('\n') || f.includes('\r') ? `"${f.replace(/"/g, '""')}"` : f);
  return `${fields.map(quote).join(delimiter)}\r\n`;
}
