// Uploads are parsed on one worker thread (parsers/worker.ts), one at a time, so a big file never
// holds the server's event loop. The worker starts on the first upload, stays for the next ones,
// and is replaced when it crashes, runs out of its memory limit or overruns PARSE_TIMEOUT_MS.
import { Worker } from 'node:worker_threads';
import type { ImportSource } from '@app/shared';
import type { ParsedImport } from './parsers/types.js';
import { ImportFileError } from './parsers/types.js';
import type { ParseRequest } from './parsers/worker.js';

/** Far above a 10 MB file's parse (about a second here): only a runaway parse meets it. */
export const PARSE_TIMEOUT_MS = 60_000;
/** Uploads waiting for the worker beyond this are refused (503), so memory stays bounded. */
export const MAX_WAITING = 4;
const WORKER_HEAP_MB = 512;

type Reply = { id: number; ok: true; result: ParsedImport } | { id: number; ok: false; fileError: boolean; message: string };

/** Thrown when the worker is busy beyond MAX_WAITING, or failed without a file error. */
export class ParserUnavailable extends Error {}

interface Job {
  req: ParseRequest;
  resolve: (r: ParsedImport) => void;
  reject: (e: Error) => void;
}

/**
 * From the TypeScript sources (tsx, vitest) the worker runs worker.ts through tsx; from the
 * production bundle, the import-parser.mjs that scripts/build-server.mjs writes beside main.mjs.
 */
function workerFor(): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new Worker(new URL('./parsers/worker-from-source.mjs', here), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  return new Worker(new URL('./import-parser.mjs', here), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
}

class ParserThread {
  private worker: Worker | null = null;
  private current: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly waiting: Job[] = [];
  private nextId = 1;

  parse(filename: string, bytes: Buffer, source?: ImportSource): Promise<ParsedImport> {
    if (this.waiting.length >= MAX_WAITING) return Promise.reject(new ParserUnavailable('Too many imports are being read right now. Try again in a minute.'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ req: { id: this.nextId++, filename, bytes, source }, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.current || this.waiting.length === 0) return;
    const job = this.waiting.shift()!;
    this.current = job;
    const worker = this.ensure();
    worker.ref();
    this.timer = setTimeout(() => this.fail(new ImportFileError(`${job.req.filename} took too long to read.`)), PARSE_TIMEOUT_MS);
    worker.postMessage(job.req);
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = workerFor();
    // A replaced worker's late events (its exit after terminate) must not touch the next job.
    w.on('message', (reply: Reply) => {
      const job = this.current;
      if (this.worker !== w || !job || reply.id !== job.req.id) return;
      this.settle();
      if (reply.ok) job.resolve(reply.result);
      else job.reject(reply.fileError ? new ImportFileError(reply.message) : new ParserUnavailable(reply.message));
    });
    w.on('error', (err) => {
      if (this.worker !== w) return;
      this.fail(/heap|memory/i.test(err.message) ? new ImportFileError('The file is too large to read.') : new ParserUnavailable(err.message));
    });
    w.on('exit', () => {
      if (this.worker !== w) return;
      this.worker = null;
      if (this.current) this.fail(new ParserUnavailable('The file reader stopped.'));
    });
    this.worker = w;
    return w;
  }

  /** The current job failed with the worker in an unknown state: drop that worker. */
  private fail(err: Error): void {
    const job = this.current;
    const w = this.worker;
    this.worker = null;
    this.settle();
    void w?.terminate();
    job?.reject(err);
  }

  private settle(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.current = null;
    // An idle worker never keeps the process alive.
    this.worker?.unref();
    queueMicrotask(() => this.pump());
  }
}

const thread = new ParserThread();

export function parseOffThread(filename: string, bytes: Buffer, source?: ImportSource): Promise<ParsedImport> {
  return thread.parse(filename, bytes, source);
}
