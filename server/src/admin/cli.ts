// What every admin command shares: its outcome, argument checks, sizes and paths.
import { resolve } from 'node:path';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';

/** Exit codes: 0 done, 1 refused or failed, 2 a bad argument (usage). */
export interface Outcome {
  /** For standard output (the result); may span lines. */
  out?: string;
  /** For standard error (why it was refused or failed). */
  err?: string;
  code: 0 | 1 | 2;
}

export const done = (out: string): Outcome => ({ out, code: 0 });
export const refused = (err: string): Outcome => ({ err, code: 1 });

/** A bad argument: one line, exit code 2. */
export class UsageError extends Error {}

interface CommandContext {
  args: string[];
  config: Config;
}

export interface Command {
  /**
   * 'migrated': the database opened and brought to the latest schema first (as the server does);
   * 'as-is': opened without migrating (status reports what is there); false: the command opens
   * files itself (backup, restore).
   */
  database: 'migrated' | 'as-is' | false;
  run(ctx: CommandContext & { handle: DatabaseHandle }): Promise<Outcome>;
}

export const HINT = 'Try: npm run admin -- help';

/**
 * Splits args into the flags allowed (--name) and positionals; an unknown flag, or a count of
 * positionals outside [min, max], is a UsageError naming the command.
 */
export function parseArgs(command: string, args: string[], spec: { flags?: string[]; min?: number; max?: number; what?: string }) {
  const flags = new Set<string>();
  const positional: string[] = [];
  for (const a of args) {
    if (a.startsWith('--')) {
      if (!(spec.flags ?? []).includes(a)) throw new UsageError(`${command} does not take ${a}. ${HINT}`);
      flags.add(a);
    } else positional.push(a);
  }
  const min = spec.min ?? 0;
  const max = spec.max ?? 0;
  if (positional.length < min || positional.length > max) {
    throw new UsageError(max === 0 ? `${command} takes no arguments${spec.flags?.length ? ` (only ${spec.flags.join(', ')})` : ''}. ${HINT}` : `${command} needs ${spec.what}. ${HINT}`);
  }
  return { flags, positional };
}

/** npm run starts in the repository root; a relative path means the operator's own folder. */
export const userPath = (p: string) => resolve(process.env.INIT_CWD ?? process.cwd(), p);

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

/** A table with a header row; the last column is not padded. */
export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}
