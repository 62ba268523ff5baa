// The streaming sites where the badge may run (docs/product-decisions.md, "The badge on a title
// page"): each site's real hosts, the match patterns its content script is registered for (the
// only origins the extension ever asks for on that site, and only when the user turns it on), and
// the shape of its title pages' addresses. Pure data and URL tests: no page is read here.

export const BROWSE_SITE_IDS = ['netflix', 'prime-video', 'disney-plus', 'max', 'hotstar'] as const;
export type BrowseSiteId = (typeof BROWSE_SITE_IDS)[number];

export interface BrowseSite {
  id: BrowseSiteId;
  name: string;
  /** Match patterns: the optional host permissions asked for this site, and where its script runs. */
  matches: string[];
  /** A title page of the site (the badge shows only there). */
  isTitlePage(url: URL): boolean;
}

/** An optional two-letter country or language part before the path (netflix.com/gb/title/...). */
const LOCALE = String.raw`(?:/[a-z]{2}(?:-[a-z]{2})?)?`;

export const BROWSE_SITES: readonly BrowseSite[] = [
  {
    id: 'netflix',
    name: 'Netflix',
    matches: ['https://www.netflix.com/*'],
    isTitlePage: (u) => new RegExp(`^${LOCALE}/title/\\d+/?$`, 'i').test(u.pathname),
  },
  {
    id: 'prime-video',
    name: 'Prime Video',
    matches: ['https://www.primevideo.com/*'],
    isTitlePage: (u) => /^(?:\/region\/[a-z]{2})?(?:\/-\/[a-z]{2})?\/detail\/[^/]+/i.test(u.pathname),
  },
  {
    id: 'disney-plus',
    name: 'Disney+',
    matches: ['https://www.disneyplus.com/*'],
    isTitlePage: (u) => new RegExp(`^${LOCALE}/(?:(?:movies|series)/[^/]+/[^/]+|browse/entity-[0-9a-f-]+)/?$`, 'i').test(u.pathname),
  },
  {
    id: 'max',
    name: 'Max',
    matches: ['https://play.max.com/*', 'https://play.hbomax.com/*'],
    isTitlePage: (u) => /^\/(?:movie|show|mini-series)\/[0-9a-f-]{8,}\/?$/i.test(u.pathname),
  },
  {
    id: 'hotstar',
    name: 'JioHotstar',
    matches: ['https://www.hotstar.com/*'],
    isTitlePage: (u) => /^\/[a-z]{2}\/(?:movies|shows)\/[^/]+\/\d+\/?$/i.test(u.pathname),
  },
];

/** The site an address is on (by the site's own match patterns), or null. */
export function browseSiteOf(href: string): BrowseSite | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return BROWSE_SITES.find((s) => s.matches.some((m) => matchesPattern(m, url))) ?? null;
}

/** Whether `url` is covered by a match pattern of the form scheme://host/* (the only form used here). */
export function matchesPattern(pattern: string, url: URL): boolean {
  const m = /^(https?):\/\/([^/]+)\/\*$/.exec(pattern);
  return m !== null && url.protocol === `${m[1]}:` && url.hostname.toLowerCase() === m[2].toLowerCase();
}
