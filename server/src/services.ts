// The seams between the foundation and the features built on it: wiring.ts builds these (the
// features' services and the API's routers), so app.ts stays the same as features are added.
import type { Router } from 'express';
import type { CatalogStore } from './catalog/catalog.store.js';
import type { History } from './features/history/history.js';
import type { Connections } from './features/connections/connections.service.js';

export interface AppServices {
  /** The catalog in memory (titles, platforms, display helpers), loaded once at start. */
  catalog: CatalogStore;
  /** The one owner of every person's history, with the taste states and co-likes it keeps (features/history/history.ts). */
  history: History;
  /** Connected apps (Jellyfin, Emby, Plex, Trakt): their adapters, pulls and webhooks. */
  connections: Connections;
  /** Platform names users may list (from the catalog). */
  platformNames: () => Promise<Set<string>>;
  /** Counts the landing page may claim. */
  stats: () => Promise<{ platforms: number; titles: number; tmdb: boolean }>;
  /** Every /api route (shared/src/routes.ts), each with its own auth, body parser and validation. */
  api: Router;
}

