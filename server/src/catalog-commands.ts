// The catalog commands `npm run catalog` knows; each loads its module only when run.
import { registerCatalogCommand } from './catalog-cli.js';
import { IMPORT_USAGE } from './catalog/import-usage.js';

registerCatalogCommand('import', IMPORT_USAGE, async () => (await import('./catalog/import-command.js')).default);

registerCatalogCommand('sync', 'sync      fetch titles and where to watch them from TMDB (TMDB_API_KEY or TMDB_READ_TOKEN); resumes a stopped sync', () => import('./catalog/sources/tmdb-command.js').then((m) => m.syncCommand));

export {};
void registerCatalogCommand;
