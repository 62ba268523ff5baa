// The catalog commands `npm run catalog` knows; each loads its module only when run.
import { registerCatalogCommand } from './catalog-cli.js';

export {};
void registerCatalogCommand;
