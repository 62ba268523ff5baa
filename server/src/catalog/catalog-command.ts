// What a `npm run catalog` command is given and returns (catalog-cli.ts runs them, the modules
// catalog-commands.ts lists implement them).
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';

export interface CatalogCommandContext {
  config: Config;
  handle: DatabaseHandle;
  args: string[];
  /** Aborted on Ctrl-C / SIGTERM: a command stops at the next batch boundary, its work so far kept. */
  signal: AbortSignal;
  out: NodeJS.WriteStream;
  err: NodeJS.WriteStream;
}

/** Returns the exit code. */
export type CatalogCommand = (ctx: CatalogCommandContext) => Promise<number>;

export interface CatalogCommandEntry {
  usage: string;
  load: () => Promise<CatalogCommand>;
}
