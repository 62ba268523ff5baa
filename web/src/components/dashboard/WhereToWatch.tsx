import { useLingui } from '@lingui/react';
import type { Recommendation, WatchOption } from '@app/shared';
import { useT } from '../../i18n/useT';
import { countryName } from './localeFormat';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

type Rec = Pick<Recommendation, 'platform' | 'platform_logo_url' | 'watch_url' | 'region' | 'where_to_watch'>;
type T = ReturnType<typeof useT>;

/** How an offer is had, beside a service's name ("Tubi (free with ads)"); a subscription says nothing. */
const HOW: Record<Exclude<WatchOption['kind'], 'library'>, string | null> = {
  subscription: null,
  free: 'dashboard.watch.free',
  ads: 'dashboard.watch.ads',
  rent: 'dashboard.watch.rent',
  buy: 'dashboard.watch.buy',
};

/** "Streaming on Netflix in the United States, Canada and India." (three countries named at most). */
function elsewhereText(t: T, locale: string, platform: string, regions: string[]): string {
  const [first, second, third] = regions.slice(0, 3).map((r) => countryName(r, locale));
  const more = regions.length - 3;
  if (more > 0) return t('dashboard.watch.elsewhereMore', { platform, first, second, third, more });
  if (third) return t('dashboard.watch.elsewhere3', { platform, first, second, third });
  if (second) return t('dashboard.watch.elsewhere2', { platform, first, second });
  return t('dashboard.watch.elsewhere1', { platform, first });
}

/**
 * The words of a card's "Where to watch" (shared/src/where-to-watch.ts's watchSummary, in the active
 * language; service and app names stay as they are).
 */
function summary(t: T, locale: string, rec: Rec) {
  const own = rec.where_to_watch.filter((o) => o.kind === 'library').map((o) => ({ label: t('dashboard.watch.onYourLibrary', { service: o.platform }), link: o.link }));
  const here = rec.where_to_watch
    .filter((o): o is WatchOption & { kind: Exclude<WatchOption['kind'], 'library'> } => o.kind !== 'library')
    .filter((o) => !o.elsewhere && o.platform !== rec.platform)
    .map((o) => {
      const how = HOW[o.kind] ? t(HOW[o.kind]!) : '';
      // The region's code only while no country is chosen (every region is listed, each named).
      const region = rec.region === null && o.region !== 'GLOBAL' ? o.region : '';
      const notes = how && region ? t('dashboard.watch.notesPair', { how, region }) : how || region;
      return { label: notes ? t('dashboard.watch.withNotes', { platform: o.platform, notes }) : o.platform, link: o.link, logo_url: o.logo_url };
    });
  const away = rec.where_to_watch.filter((o) => o.elsewhere);
  const first = away[0];
  const elsewhere = first ? { text: elsewhereText(t, locale, first.platform, away.filter((o) => o.platform === first.platform).map((o) => o.region)), link: first.link } : null;
  const notice =
    rec.platform || own.length > 0
      ? null
      : rec.where_to_watch.length === 0
        ? t('dashboard.watch.unknown')
        : rec.region
          ? t('dashboard.watch.notOnServicesIn', { country: countryName(rec.region, locale) })
          : t('dashboard.watch.notOnServices');
  return { own, notice, here, elsewhere };
}

/**
 * Where to watch in the user's country (docs/product-decisions.md, "Country and where to watch"):
 * the user's own copy ("On your Jellyfin"), the service the pick was made for, other places there,
 * or, said plainly, that it is not on the user's services there and where it streams instead.
 */
export function WhereToWatch({ rec }: { rec: Rec }) {
  const t = useT();
  const { i18n } = useLingui();
  const { own, notice, here, elsewhere } = summary(t, i18n.locale, rec);
  const country = rec.region ? t('dashboard.watch.alsoInCountry') : t('dashboard.watch.alsoAvailable');
  return (
    <>
      {/* A copy on the user's own media server first: they can watch it there whatever their services. */}
      {own.map((o) => (
        <span key={o.label} className="rec-platform rec-own">
          {o.link ? <a href={o.link} {...external}>{o.label}</a> : o.label}
        </span>
      ))}
      {rec.platform ? (
        <span className="rec-platform">
          {rec.platform_logo_url && <img src={rec.platform_logo_url} alt="" width={20} height={20} className="platform-logo" fetchPriority="low" />}
          {rec.watch_url ? <a href={rec.watch_url} {...external}>{rec.platform}</a> : rec.platform}
        </span>
      ) : (
        notice && <span className="muted">{notice}</span>
      )}
      {here.length > 0 && (
        <ul className="watch-options" aria-label={country}>
          {here.map((o) => (
            <li key={o.label} className="rec-platform">
              {o.logo_url && <img src={o.logo_url} alt="" width={20} height={20} className="platform-logo" fetchPriority="low" />}
              {o.link ? <a href={o.link} {...external}>{o.label}</a> : o.label}
            </li>
          ))}
        </ul>
      )}
      {elsewhere && (
        <span className="muted watch-elsewhere">
          {elsewhere.link ? (
            <a href={elsewhere.link} {...external}>{elsewhere.text}</a>
          ) : (
            elsewhere.text
          )}
        </span>
      )}
    </>
  );
}
