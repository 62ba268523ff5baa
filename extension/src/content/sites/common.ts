// What every site reader shares: the page's structured data (JSON-LD), its meta tags and its
// headings, read with hard bounds (a page is never trusted to be small). A reader returns only a
// title name and a year; nothing else of the page is kept or sent.

export interface PageTitle {
  title: string;
  /** The year the page gives, when it gives one the API accepts. */
  year?: number;
}

export type SiteReader = (doc: Document, url: URL) => PageTitle | null;

/** The page's media session metadata (`navigator.mediaSession.metadata`), where the site sets it. */
export interface MediaTitle {
  title?: unknown;
}

/**
 * A player page's reader: the player's own title element first, then the document title, then the
 * media session's title (a player page titled with the site's name alone names nothing).
 */
export type PlayerReader = (doc: Document, url: URL, media: MediaTitle | null) => PageTitle | null;

const MAX_TITLE = 300;
const YEAR_MIN = 1870;
const YEAR_MAX = 2100;
/** JSON-LD blocks read per page, characters per block, and nodes walked per block. */
const MAX_BLOCKS = 10;
const MAX_BLOCK_CHARS = 200_000;
const MAX_NODES = 50;

const TITLE_TYPES = new Set(['movie', 'tvseries', 'tvseason', 'tvepisode', 'creativework', 'creativeworkseries', 'videoobject']);

/** A year the API accepts, from a date or any text holding one ("2016-7-15", "2019 • 2h 12m"). */
export function yearIn(text: unknown): number | undefined {
  if (typeof text === 'number') return Number.isInteger(text) && text >= YEAR_MIN && text <= YEAR_MAX ? text : undefined;
  if (typeof text !== 'string') return undefined;
  const m = /(?:^|[^\d])(1[89]\d\d|20\d\d|2100)(?!\d)/.exec(text.slice(0, 200));
  const year = m ? Number(m[1]) : NaN;
  return year >= YEAR_MIN && year <= YEAR_MAX ? year : undefined;
}

/** Whitespace collapsed, within the API's bounds; null when nothing is left. */
export function cleanName(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const name = raw.replace(/\s+/g, ' ').trim();
  return name.length > 0 && name.length <= MAX_TITLE ? name : null;
}

/** `title` and `year` as a PageTitle, or null when the title is unusable. */
export function pageTitle(title: unknown, year?: unknown): PageTitle | null {
  const name = cleanName(title);
  if (!name) return null;
  const y = yearIn(year);
  return y === undefined ? { title: name } : { title: name, year: y };
}

/** The first Movie / TVSeries (or similar) node of the page's JSON-LD with a name. */
export function jsonLdTitle(doc: Document): PageTitle | null {
  const blocks = Array.from(doc.querySelectorAll('script[type="application/ld+json"]')).slice(0, MAX_BLOCKS);
  for (const block of blocks) {
    const text = block.textContent ?? '';
    if (text.length > MAX_BLOCK_CHARS) continue;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      continue;
    }
    const queue: unknown[] = [data];
    for (let seen = 0; queue.length > 0 && seen < MAX_NODES; seen++) {
      const node = queue.shift();
      if (Array.isArray(node)) {
        queue.push(...node.slice(0, MAX_NODES));
        continue;
      }
      if (typeof node !== 'object' || node === null) continue;
      const n = node as Record<string, unknown>;
      if (Array.isArray(n['@graph'])) queue.push(...(n['@graph'] as unknown[]).slice(0, MAX_NODES));
      const types = (Array.isArray(n['@type']) ? n['@type'] : [n['@type']]).map((t) => String(t).toLowerCase());
      if (!types.some((t) => TITLE_TYPES.has(t))) continue;
      const found = pageTitle(n.name, n.datePublished ?? n.dateCreated ?? n.startDate ?? n.copyrightYear);
      if (found) return found;
    }
  }
  return null;
}

export function metaContent(doc: Document, key: string): string | null {
  const el = doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`);
  return el?.getAttribute('content') ?? null;
}

/** The text of the first element matching `selector` (headings, year badges). */
export function textOf(doc: Document, selector: string): string | null {
  const text = doc.querySelector(selector)?.textContent;
  return text ? text.replace(/\s+/g, ' ').trim() || null : null;
}

/**
 * A site's og:title or document title without its own decoration ("Watch X | Netflix Official
 * Site" -> "X"): `marker` must be in it (a page titled just "Netflix" names no title), then the
 * `strip` patterns are removed in order.
 */
export function stripDecoration(raw: string | null, marker: RegExp, strip: readonly RegExp[]): string | null {
  if (!raw || !marker.test(raw)) return null;
  let name = raw;
  for (const re of strip) name = name.replace(re, '');
  return cleanName(name);
}
