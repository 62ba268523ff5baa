// The words of a card's "Where to watch", shared by the web app and the extension so both say the
// same (docs/product-decisions.md, "Country and where to watch").
import { countryPhrase } from './countries.js';
import type { Recommendation, WatchOption } from './schemas/recommendations.js';

type ServiceOffer = WatchOption & { kind: Exclude<WatchOption['kind'], 'library'> };
const isService = (o: WatchOption): o is ServiceOffer => o.kind !== 'library';
const HOW: Record<ServiceOffer['kind'], string> = { subscription: '', free: 'free', ads: 'free with ads', rent: 'rent', buy: 'buy' };

/** "On your Jellyfin": a copy on the user's own media server (docs/product-decisions.md, "Your own library is a service"). */
export const onYourLibrary = (service: string) => `On your ${service}`;

export interface WatchLine {
  label: string;
  link: string | null;
  logo_url: string | null;
}

export interface WatchSummary {
  /** The user's own copies ("On your Jellyfin", linking to the item on their server): shown first. */
  own: WatchLine[];
  /** "Not on your services in India." when the pick names no service of the user's and they own no copy; null otherwise. */
  notice: string | null;
  /** Other places in the user's country (all regions, each named, when no country is chosen). */
  here: WatchLine[];
  /** "Streaming on Netflix in the United States." when it streams nowhere in the user's country. */
  elsewhere: { text: string; platform: string; link: string | null } | null;
}

/** "in the United States, Canada and India"; "in the United States, Canada, India and 2 more countries". */
function inRegions(regions: string[]): string {
  const names = regions.slice(0, 3).map(countryPhrase);
  const more = regions.length - names.length;
  if (more > 0) return `in ${names.join(', ')} and ${more} more ${more === 1 ? 'country' : 'countries'}`;
  return `in ${names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0]}`;
}

export function watchSummary(rec: Pick<Recommendation, 'platform' | 'region' | 'where_to_watch'>): WatchSummary {
  const country = rec.region ? ` in ${countryPhrase(rec.region)}` : '';
  const own = rec.where_to_watch.filter((o) => o.kind === 'library').map((o) => ({ label: onYourLibrary(o.platform), link: o.link, logo_url: o.logo_url }));
  const here = rec.where_to_watch
    .filter(isService)
    .filter((o) => !o.elsewhere && o.platform !== rec.platform)
    .map((o) => {
      const notes = [HOW[o.kind], rec.region === null && o.region !== 'GLOBAL' ? o.region : ''].filter(Boolean).join(', ');
      return { label: notes ? `${o.platform} (${notes})` : o.platform, link: o.link, logo_url: o.logo_url };
    });
  const away = rec.where_to_watch.filter((o) => o.elsewhere);
  let elsewhere: WatchSummary['elsewhere'] = null;
  if (away.length > 0) {
    const first = away[0];
    const regions = away.filter((o) => o.platform === first.platform).map((o) => o.region);
    elsewhere = { text: `Streaming on ${first.platform} ${inRegions(regions)}.`, platform: first.platform, link: first.link };
  }
  const notice = rec.platform || own.length > 0 ? null : rec.where_to_watch.length > 0 ? `Not on your services${country}.` : 'Availability unknown';
  return { own, notice, here, elsewhere };
}
