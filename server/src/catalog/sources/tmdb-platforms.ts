// TMDB watch providers -> the platforms offers are stored under (docs/catalog.md, "Providers").
// By TMDB's provider id only: TMDB renames providers (2 went from "Apple iTunes" to "Apple TV",
// the name of our Apple TV+ platform), so a name never decides which service an offer is on.
// Pure: the platforms earlier syncs created come in as ProviderLabels.
import type { OfferKind, SourceOffer } from './types.js';
import type { TmdbProvider, TmdbRegionProviders, TmdbWatchProviders } from '../../integrations/tmdb/types.js';

/** Items read at most from any one provider list. */
const MAX_ITEMS = 200;
const take = <T>(list: T[] | undefined | null): T[] => (Array.isArray(list) ? list.slice(0, MAX_ITEMS) : []);

/**
 * TMDB provider ids of our platforms (server/catalog/platforms.json). Ad-supported tiers, plans and
 * kids' profiles of one service are the same place to watch; a channel sold inside another store
 * (Paramount+ Amazon Channel, 582) is a subscription of its own and is not listed.
 */
export const TMDB_PROVIDERS: ReadonlyMap<number, string> = new Map([
  [8, 'Netflix'],
  [175, 'Netflix'], // Netflix Kids
  [1796, 'Netflix'], // Netflix basic with Ads
  [9, 'Prime Video'],
  [119, 'Prime Video'],
  [2100, 'Prime Video'], // Amazon Prime Video with Ads
  [337, 'Disney+'],
  [1899, 'HBO Max'], // "Max", then "HBO Max" again
  [384, 'HBO Max'],
  [15, 'Hulu'],
  [350, 'Apple TV'], // Apple TV+ ("Apple TV Plus")
  [531, 'Paramount+'],
  [1770, 'Paramount+'], // Paramount+ with Showtime
  [2303, 'Paramount+'], // Paramount Plus Premium
  [2304, 'Paramount+'], // Paramount Plus Basic with Ads
  [386, 'Peacock'],
  [387, 'Peacock'],
  [122, 'JioHotstar'], // Hotstar
  [377, 'JioHotstar'], // Hotstar Disney+
  [2336, 'JioHotstar'],
  [232, 'ZEE5'],
  [237, 'Sony LIV'],
  [283, 'Crunchyroll'],
  [11, 'MUBI'],
  [532, 'aha'],
  [309, 'Sun NXT'],
  [315, 'hoichoi'],
]);

/**
 * Stores (rent and buy) under a label that does not move when TMDB renames them. Provider 2 is
 * Apple's store, whatever TMDB calls it ("Apple iTunes", "Apple TV Store", "Apple TV"): never
 * Apple TV+ (350).
 */
const TMDB_STORES: ReadonlyMap<number, string> = new Map([
  [2, 'Apple TV Store'],
  [3, 'Google Play Movies'],
  [10, 'Amazon Video'],
]);

const fold = (s: string) => s.toLowerCase().replace(/[^a-z0-9+]/g, '');
/** Labels only an id of ours may use: a provider we do not list never lands on one of these by its name. */
const RESERVED = new Set([...TMDB_PROVIDERS.values(), ...TMDB_STORES.values()].map(fold));

/**
 * Platforms earlier syncs created for providers we do not list, by TMDB id
 * (`platforms.tmdb_provider_id`), so a provider TMDB renames keeps the platform it had.
 */
export class ProviderLabels {
  private readonly byId = new Map<number, string>();
  private readonly idByName = new Map<string, number>();

  constructor(rows: Iterable<{ id: number; name: string }> = []) {
    for (const r of rows) this.add(r.id, r.name);
  }

  add(id: number, name: string): void {
    if (!this.byId.has(id)) this.byId.set(id, name);
    if (!this.idByName.has(fold(name))) this.idByName.set(fold(name), id);
  }

  get(id: number): string | undefined {
    return this.byId.get(id);
  }

  /** Whether another provider's platform already has this name. */
  takenByOther(name: string, id: number): boolean {
    const other = this.idByName.get(fold(name));
    return other !== undefined && other !== id;
  }
}

const NO_LABELS = new ProviderLabels();

/**
 * The platform a provider's offers are stored under: ours or a store's by id, else the platform an
 * earlier sync made for this id, else TMDB's name as the label of a service of its own (with the
 * id added when the name is one of ours or another provider's). Null without an id or a name.
 */
export function platformName(p: Pick<TmdbProvider, 'provider_id' | 'provider_name'>, labels = NO_LABELS): string | null {
  const id = p.provider_id;
  if (!Number.isInteger(id)) return null;
  const known = TMDB_PROVIDERS.get(id) ?? TMDB_STORES.get(id) ?? labels.get(id);
  if (known) return known;
  const name = typeof p.provider_name === 'string' ? p.provider_name.trim().slice(0, 100) : '';
  if (!name) return null;
  return RESERVED.has(fold(name)) || labels.takenByOther(name, id) ? `${name} (TMDB ${id})` : name;
}

/** Every TMDB id that maps to one of our platforms. */
export function providerIdsOf(platform: string): number[] {
  return [...TMDB_PROVIDERS].filter(([, name]) => name === platform).map(([id]) => id);
}

const OFFER_LISTS: Array<[keyof Omit<TmdbRegionProviders, 'link'>, OfferKind]> = [
  ['flatrate', 'subscription'],
  ['free', 'free'],
  ['ads', 'ads'],
  ['rent', 'rent'],
  ['buy', 'buy'],
];

/** watch/providers -> offers in the configured regions, each with the region's TMDB link. */
export function mapOffers(wp: TmdbWatchProviders | undefined, regions: string[], asOf: string, labels?: ProviderLabels): SourceOffer[] {
  const out = new Map<string, SourceOffer>();
  for (const region of regions) {
    const r = wp?.results?.[region];
    if (!r || typeof r !== 'object') continue;
    const link = typeof r.link === 'string' && /^https?:\/\//.test(r.link) ? r.link : null;
    for (const [list, kind] of OFFER_LISTS) {
      for (const p of take(r[list])) {
        const platform = platformName(p, labels);
        if (!platform) continue;
        const key = `${platform}|${region}|${kind}`;
        if (!out.has(key)) out.set(key, { platform, region, kind, as_of: asOf, link });
      }
    }
  }
  return [...out.values()];
}

/** An image path under TMDB's image host ("/abc.jpg"); anything else is dropped, since clients build URLs from it. */
export const imagePath = (s: string | null | undefined): string | null =>
  typeof s === 'string' && /^\/[A-Za-z0-9_-]{1,100}\.(jpg|jpeg|png|svg|webp)$/.test(s) ? s : null;

/** Providers behind the offers (for the platforms' TMDB id and logo). */
export function providersOf(wp: TmdbWatchProviders | undefined, regions: string[], labels?: ProviderLabels): Map<string, { id: number; logo: string | null }> {
  const out = new Map<string, { id: number; logo: string | null }>();
  for (const region of regions) {
    const r = wp?.results?.[region];
    if (!r) continue;
    for (const [list] of OFFER_LISTS) {
      for (const p of take(r[list])) {
        const name = platformName(p, labels);
        if (name && !out.has(name)) out.set(name, { id: p.provider_id, logo: imagePath(p.logo_path) });
      }
    }
  }
  return out;
}
