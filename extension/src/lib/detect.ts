// Site detection by URL only: the active tab's host against the catalog's platform hosts, and
// which of a streaming site's addresses is its player page. No page content is read.
import type { BrowseSiteId } from './browse-sites';

export interface PlatformSite {
  name: string;
  hosts: readonly string[];
  /** A search page template with {q} for the title. */
  search_url: string;
}

/** The platform whose host the URL is on (the host itself or a subdomain), or null. */
export function detectPlatform<P extends PlatformSite>(url: string | undefined | null, platforms: readonly P[]): P | null {
  if (!url) return null;
  let host: string;
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    host = u.hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
  for (const p of platforms) {
    for (const raw of p.hosts) {
      const h = raw.toLowerCase();
      if (host === h || host.endsWith(`.${h}`)) return p;
    }
  }
  return null;
}

/** The platform's search page for a title. */
export function platformSearchUrl(platform: PlatformSite, title: string): string {
  const q = encodeURIComponent(title);
  return platform.search_url.includes('{q}') ? platform.search_url.replace('{q}', q) : platform.search_url;
}

/** Whether the pick should be swapped for one on the detected platform. */
export function wantsPlatformPick(pickPlatform: string | null, detected: PlatformSite | null, alreadyAskedFor: string | null): boolean {
  if (!detected) return false;
  if (pickPlatform && pickPlatform.toLowerCase() === detected.name.toLowerCase()) return false;
  // One ask per pick and platform: if the server had no title there, do not spend the quota again.
  return alreadyAskedFor !== detected.name;
}

/** An optional two-letter country or language part before the path (netflix.com/gb/watch/...). */
const LOCALE = String.raw`(?:/[a-z]{2}(?:-[a-z]{2})?)?`;

/**
 * Each site's player page: where a title is played to its end. Prime Video has none of its own (it
 * plays over the detail page, which the badge already reads), so it is absent.
 */
const PLAYER_PAGES: Partial<Record<BrowseSiteId, RegExp>> = {
  netflix: new RegExp(`^${LOCALE}/watch/\\d+/?$`, 'i'),
  'disney-plus': new RegExp(`^${LOCALE}/(?:video|play)/[0-9a-z-]{8,}/?$`, 'i'),
  max: /^\/video\/watch\/[0-9a-f-]{8,}(?:\/[0-9a-f-]{8,})?\/?$/i,
  hotstar: /^\/[a-z]{2}\/(?:movies|shows)\/(?:[^/]+\/){1,4}\d+\/watch\/?$/i,
};

/** Whether `url` is the player page of `site` (the address alone says it). */
export function isPlayerPage(site: BrowseSiteId, url: URL): boolean {
  return PLAYER_PAGES[site]?.test(url.pathname) ?? false;
}
