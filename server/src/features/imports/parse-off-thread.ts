// Uploads are parsed on one worker thread (parsers/worker.ts), one at a time, so a big file never
// holds the server's event loop. The worker starts on the first upload, stays for the next ones,
// and is replaced when it crashes, runs out of its memory limit or overruns PARSE_TIMEOUT_MS.
// Waiting uploads are served by user in turn (fair-queue.ts), so a user's backlog delays nobody else.
import { Worker } from 'node:worker_threads';
import type { ImportSource } from '@app/shared';
import type { ParsedImport } from './parsers/types.js';
import { ImportFileError } from './parsers/types.js';
import { NetflixProfileError } from './parsers/netflix-activity.js';
import type { ParseRequest } from './parsers/worker.js';
import { FairQueue } from './fair-queue.js';

/** Far above a 10 MB file's parse (about a second here): only a runaway parse meets it. */
export const PARSE_TIMEOUT_MS = 60_000;
/** Uploads one user may have waiting behind their running one; another answers 429. */
const MAX_WAITING_PER_USER = 2;
/** Uploads waiting in all beyond this are refused (503), so memory stays bounded (8 x 10 MB). */
const MAX_WAITING = 8;
const WORKER_HEAP_MB = 512;

type Reply = { id: number; ok: true; result: ParsedImport } | { id: number; ok: false; fileError: boolean; message: string; profiles?: string[] };

/** Thrown when the worker is busy beyond MAX_WAITING, or failed without a file error. */
export class ParserUnavailable extends Error {}
/** Thrown when the user already has MAX_WAITING_PER_USER uploads waiting. */
export class UserParsesFull extends Error {}

interface Job {
  user: string;
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

/** One per server, built in wiring.ts. */
export class ParserThread {
  private worker: Worker | null = null;
  private current: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly waiting = new FairQueue<Job>(MAX_WAITING_PER_USER, MAX_WAITING);
  private nextId = 1;

  parse(user: string, filename: string, bytes: Buffer, source?: ImportSource, profile?: string): Promise<ParsedImport> {
    return new Promise((resolve, reject) => {
      const pushed = this.waiting.push(user, { user, req: { id: this.nextId++, filename, bytes, source, profile }, resolve, reject });
      if (pushed === 'user_full') reject(new UserParsesFull(`Your other files are still being read (at most ${MAX_WAITING_PER_USER + 1} at a time). Try this one again when they are done.`));
      else if (pushed === 'full') reject(new ParserUnavailable('Too many imports are being read right now. Try again in a minute.'));
      else this.pump();
    });
  }

  private pump(): void {
    if (this.current) return;
    const next = this.waiting.take();
    if (!next) return;
    const job = next.job;
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
      else if (reply.profiles) job.reject(new NetflixProfileError(reply.message, reply.profiles));
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
    if (this.current) this.waiting.done(this.current.user);
    this.current = null;
    // An idle worker never keeps the process alive.
    this.worker?.unref();
    queueMicrotask(() => this.pump());
  }
}
