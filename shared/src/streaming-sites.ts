// The streaming sites the clients recognise by address, written once: each platform's domains (the
// domain or any subdomain of it) and its search page. The catalog pack (server/catalog/platforms.json,
// data) carries the same for its platforms and the extension's badge runs on pages of these domains
// only: server/test/streaming-sites.test.ts and extension/src/lib/browse-sites.test.ts hold both to
// this list. Plain data, no zod.

export interface StreamingSite {
  /** The platform's name as the catalog stores it. */
  readonly name: string;
  readonly hosts: readonly string[];
  /** A search page template with {q} for the title. */
  readonly search_url: string;
}

export const STREAMING_SITES: readonly StreamingSite[] = [
  { name: 'Netflix', hosts: ['netflix.com'], search_url: 'https://www.netflix.com/search?q={q}' },
  { name: 'Prime Video', hosts: ['primevideo.com'], search_url: 'https://www.primevideo.com/search/ref=atv_nb_sr?phrase={q}' },
  { name: 'Disney+', hosts: ['disneyplus.com'], search_url: 'https://www.disneyplus.com/search?q={q}' },
  { name: 'HBO Max', hosts: ['hbomax.com', 'max.com'], search_url: 'https://play.hbomax.com/search?q={q}' },
  { name: 'Hulu', hosts: ['hulu.com'], search_url: 'https://www.hulu.com/search?q={q}' },
  { name: 'Apple TV', hosts: ['tv.apple.com'], search_url: 'https://tv.apple.com/search?term={q}' },
  { name: 'Paramount+', hosts: ['paramountplus.com'], search_url: 'https://www.paramountplus.com/search/?q={q}' },
  { name: 'Peacock', hosts: ['peacocktv.com'], search_url: 'https://www.peacocktv.com/search?q={q}' },
  { name: 'JioHotstar', hosts: ['hotstar.com', 'jiohotstar.com'], search_url: 'https://www.hotstar.com/in/explore?search_query={q}' },
];
