// Catalog operator commands, run from the repository root: `npm run catalog -- <command> [args]`.
// They write to the database the server uses (DATABASE_URL, or the SQLite file in DATA_DIR); a
// running server picks the change up within a minute (CatalogStore polls the catalog version).
import { ConfigError, loadConfig } from './config.js';
import { loadEnvFile } from './env-file.js';
import { migrateToLatest, openDatabase } from './db/connection.js';
import { CATALOG_COMMANDS as COMMANDS } from './catalog-commands.js';

function usage(): string {
  const lines = Object.values(COMMANDS).map((c) => `  ${c.usage}`);
  return `Usage: npm run catalog -- <command>\n\nCommands:\n${lines.join('\n')}\n  help\n\nThe database is the server's: DATABASE_URL, or the SQLite file in DATA_DIR (default ./data).`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    (name ? process.stdout : process.stderr).write(`${usage()}\n`);
    return name ? 0 : 1;
  }
  const entry = COMMANDS[name];
  if (!entry) {
    process.stderr.write(`Unknown command: ${name}\n\n${usage()}\n`);
    return 1;
  }
  loadEnvFile();
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  const controller = new AbortController();
  let stoppingAt = 0;
  const stop = () => {
    // One Ctrl-C reaches this process more than once: from the terminal (the whole foreground
    // group), then relayed by npm and by tsx. Repeats within a second are that same keypress.
    if (controller.signal.aborted) {
      if (Date.now() - stoppingAt < 1000) return;
      process.exit(130);
    }
    stoppingAt = Date.now();
    process.stderr.write('\nStopping after the current batch (Ctrl-C again to quit at once)...\n');
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    await migrateToLatest(handle);
    const command = await entry.load();
    return await command({ config, handle, args, signal: controller.signal, out: process.stdout, err: process.stderr });
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof ConfigError ? err.message : err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
