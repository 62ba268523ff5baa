// Where to watch a title, for one viewer: the offers in their country (docs/product-decisions.md,
// "Country and where to watch"). Pure: the store passes its platform table.
import type { WatchOption } from '@app/shared';
import { STREAMABLE, type Offer } from './snapshot.js';
import { watchUrl } from './urls.js';

export interface Viewer {
  /** ISO 3166-1 alpha-2; null: not chosen yet, and any region counts. */
  country: string | null;
  /** The user's services. */
  platforms: readonly string[];
}

interface PlatformLinks {
  name: string;
  logo_url: string;
  search_url: string;
}

/** A copy of the title on the viewer's own media server: its service ("Jellyfin") and the item's page there. */
export interface OwnCopy {
  service: string;
  url: string | null;
}

/** A web address only (never javascript: and the like). */
const webLink = (link: string | null | undefined) => (link && /^https?:\/\//i.test(link) ? link : null);

/** The card lists at most this many places. */
export const WHERE_TO_WATCH_MAX = 8;
const KIND_ORDER: Record<string, number> = { subscription: 0, free: 1, ads: 2, rent: 3, buy: 4 };

/** In the viewer's country: its own offers and GLOBAL ones; every offer when no country is chosen. */
export const servesCountry = (region: string, country: string | null) => country === null || region === country || region === 'GLOBAL';

export function whereToWatch(
  title: string,
  offers: ReadonlyArray<Offer>,
  viewer: Viewer,
  platformOf: (name: string) => PlatformLinks | undefined,
  own: readonly OwnCopy[] = [],
): WatchOption[] {
  // The viewer's own copies come first: they can watch it there whatever their services and country.
  const mine = own
    .filter((c, i) => own.findIndex((o) => o.service === c.service) === i)
    .map((c): WatchOption => ({ platform: c.service, kind: 'library', region: 'GLOBAL', elsewhere: false, yours: true, link: webLink(c.url), logo_url: null, from_justwatch: false }));
  const yours = new Set(viewer.platforms.map((p) => p.toLowerCase()));
  const option = (o: Offer, elsewhere: boolean): WatchOption => {
    const p = platformOf(o.platform);
    return {
      platform: p?.name ?? o.platform,
      kind: o.kind,
      region: o.region,
      elsewhere,
      yours: yours.has(o.platform.toLowerCase()),
      // A source's deep link is used only when it is a web address.
      link: webLink(o.link) ?? (p?.search_url ? watchUrl(p.search_url, title) : null),
      logo_url: p?.logo_url ?? null,
      from_justwatch: o.source === 'tmdb',
    };
  };
  // Yours first, streaming before rent and buy, then by name: the same order on every instance.
  const order = (a: WatchOption, b: WatchOption) =>
    Number(b.yours) - Number(a.yours) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.platform.localeCompare(b.platform, 'en') || a.region.localeCompare(b.region);
  const distinct = (list: WatchOption[], key: (o: WatchOption) => string) => {
    const seen = new Set<string>();
    return list.filter((o) => !seen.has(key(o)) && Boolean(seen.add(key(o))));
  };
  const here = distinct(
    offers.filter((o) => servesCountry(o.region, viewer.country)).map((o) => option(o, false)).sort(order),
    // In a country, Netflix there and Netflix GLOBAL are one place; without one, each region is shown.
    (o) => (viewer.country ? `${o.platform}|${o.kind}` : `${o.platform}|${o.kind}|${o.region}`),
  );
  if (viewer.country === null || here.some((o) => STREAMABLE.has(o.kind))) return [...mine, ...here].slice(0, WHERE_TO_WATCH_MAX);
  const away = offers.filter((o) => STREAMABLE.has(o.kind) && !servesCountry(o.region, viewer.country)).map((o) => option(o, true)).sort(order);
  return [...mine, ...here, ...away].slice(0, WHERE_TO_WATCH_MAX);
}
