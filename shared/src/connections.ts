// The apps a person connects (Settings > "Connected apps") and the origins of what they bring in
// (issue 37). The web app, the extension and the server name them from here.

/** The kinds of connected app, in the order Settings lists them. */
export const CONNECTION_KINDS = ['jellyfin', 'emby', 'plex', 'trakt'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];

/** Where a synced or detected event came from: a connected app, or the extension on a streaming site. */
export const SYNC_ORIGINS = [...CONNECTION_KINDS, 'extension'] as const;
export type SyncOrigin = (typeof SYNC_ORIGINS)[number];

export const CONNECTION_NAMES: Record<ConnectionKind, string> = {
  jellyfin: 'Jellyfin',
  emby: 'Emby',
  plex: 'Plex',
  trakt: 'Trakt',
};

/** How the history names a title a source brought in ("Watched on Jellyfin"). */
export function watchedOnLabel(origin: SyncOrigin): string {
  return origin === 'extension' ? 'Watched on a streaming site' : `Watched on ${CONNECTION_NAMES[origin]}`;
}

export function isSyncOrigin(origin: string): origin is SyncOrigin {
  return (SYNC_ORIGINS as readonly string[]).includes(origin);
}
