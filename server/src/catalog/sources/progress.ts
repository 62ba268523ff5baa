// Progress of a long catalog job (sync, import): a one-line bar with counts and ETA redrawn on a
// terminal, a log line every `everyMs` otherwise (CI, systemd, a pipe), and a summary at the end.
import type { MergeTotals } from './merge.js';

export interface ProgressSink {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

export interface ProgressOptions {
  /** What is being counted, e.g. "titles" or "rows". */
  unit: string;
  /** Known total (null: unknown, no ETA). */
  total?: number | null;
  out?: ProgressSink;
  /** Non-terminal output: one line at most this often. */
  everyMs?: number;
  /** Terminal: redraw at most this often. */
  redrawMs?: number;
  now?: () => number;
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

export const formatCount = (n: number): string => n.toLocaleString('en-US');

export function describeTotals(t: MergeTotals): string {
  return `added ${formatCount(t.added)}, updated ${formatCount(t.updated)}, unchanged ${formatCount(t.unchanged)}, retired ${formatCount(t.retired)}, ambiguous ${formatCount(t.ambiguous)}, failed ${formatCount(t.invalid)}`;
}

export class Progress {
  private done = 0;
  private total: number | null;
  private readonly started: number;
  private lastDraw = -Infinity;
  private drawn = false;
  private readonly out: ProgressSink;
  private readonly now: () => number;

  constructor(private readonly opts: ProgressOptions) {
    this.out = opts.out ?? process.stderr;
    this.now = opts.now ?? (() => performance.now());
    this.started = this.now();
    this.total = opts.total ?? null;
  }

  setTotal(total: number | null): void {
    this.total = total;
  }

  /** Adds n done; `detail` (e.g. merge totals) is shown after the counts. */
  tick(n: number, detail = ''): void {
    this.done += n;
    const t = this.now();
    const every = this.out.isTTY ? (this.opts.redrawMs ?? 100) : (this.opts.everyMs ?? 10_000);
    if (t - this.lastDraw < every) return;
    this.lastDraw = t;
    this.draw(detail);
  }

  line(): string {
    const elapsed = this.now() - this.started;
    const rate = elapsed > 0 ? (this.done * 1000) / elapsed : 0;
    const counts = this.total ? `${formatCount(this.done)}/${formatCount(this.total)} ${this.opts.unit}` : `${formatCount(this.done)} ${this.opts.unit}`;
    const eta = this.total && rate > 0 ? ` ETA ${formatDuration(((this.total - this.done) / rate) * 1000)}` : '';
    return `${counts} (${formatCount(Math.round(rate))}/s, ${formatDuration(elapsed)})${eta}`;
  }

  private draw(detail: string): void {
    const text = `${this.line()}${detail ? ` ${detail}` : ''}`;
    if (!this.out.isTTY) {
      this.out.write(`${text}\n`);
      return;
    }
    const width = Math.max(20, (this.out.columns ?? 80) - 1);
    let bar = '';
    if (this.total) {
      const size = 20;
      const filled = Math.min(size, Math.round((this.done / this.total) * size));
      bar = `[${'#'.repeat(filled)}${'.'.repeat(size - filled)}] `;
    }
    this.out.write(`\r\x1b[2K${(bar + text).slice(0, width)}`);
    this.drawn = true;
  }

  /** Ends the bar (a newline on a terminal) and writes the summary line. */
  finish(summary: string): void {
    if (this.drawn) this.out.write('\n');
    this.out.write(`${summary} in ${formatDuration(this.now() - this.started)}\n`);
  }
}
