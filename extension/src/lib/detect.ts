// Site detection by URL only: the active tab's host against the catalog's platform hosts.
// No page content is read.

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
