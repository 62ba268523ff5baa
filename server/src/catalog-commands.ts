// The catalog commands `npm run catalog` knows (catalog-cli.ts); each loads its module only when run.
import type { CatalogCommandEntry } from './catalog/catalog-command.js';
import { IMPORT_USAGE } from './catalog/import-usage.js';

export const CATALOG_COMMANDS: Record<string, CatalogCommandEntry> = {
  import: { usage: IMPORT_USAGE, load: async () => (await import('./catalog/import-command.js')).default },
  sync: {
    usage: 'sync      fetch titles and where to watch them from TMDB (TMDB_API_KEY or TMDB_READ_TOKEN); resumes a stopped sync',
    load: () => import('./catalog/sources/tmdb-command.js').then((m) => m.syncCommand),
  },
};
