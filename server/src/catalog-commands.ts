// The catalog commands `npm run catalog` knows; each loads its module only when run.
import { registerCatalogCommand } from './catalog-cli.js';
import { IMPORT_USAGE } from './catalog/import-usage.js';

registerCatalogCommand('import', IMPORT_USAGE, async () => (await import('./catalog/import-command.js')).default);

export {};
void registerCatalogCommand;
