// The seams between the foundation and the features built on it: each feature registers
// its routers here (see server.ts), so app.ts stays the same as features are added.
import type { Router } from 'express';
import type { AppContext } from './context.js';
import type { CatalogStore } from './catalog/catalog.store.js';

export interface Mount {
  path: string;
  router: Router;
}

export interface AppServices {
  /** The catalog in memory (titles, platforms, display helpers), loaded once at start. */
  catalog: CatalogStore;
  /** Platform names users may list (from the catalog). */
  platformNames: () => Promise<Set<string>>;
  /** Counts the landing page may claim. */
  stats: () => Promise<{ platforms: number; titles: number; tmdb: boolean }>;
  /** Routers mounted after the JSON body parser. */
  routes: Mount[];
  /** Routers that parse JSON with their own (smaller) limit, mounted first. */
  smallBodyRoutes: Array<Mount & { limit: string }>;
  /** Routers that need the raw body (webhooks) or parse their own (uploads), mounted before any parser. */
  rawBodyRoutes: Mount[];
}

export type ServicesFactory = (ctx: AppContext) => Promise<AppServices>;
