import { countryPhrase, type Recommendation, type WatchOption } from '@app/shared';

const HOW: Record<WatchOption['kind'], string> = { subscription: '', free: 'free', ads: 'free with ads', rent: 'rent', buy: 'buy' };

/** "in India", "everywhere" */
const where = (region: string) => (region === 'GLOBAL' ? 'everywhere' : `in ${countryPhrase(region)}`);

function Option({ o, showRegion }: { o: WatchOption; showRegion: boolean }) {
  const notes = [HOW[o.kind], showRegion && o.region !== 'GLOBAL' ? o.region : ''].filter(Boolean).join(', ');
  const label = notes ? `${o.platform} (${notes})` : o.platform;
  return (
    <li className="rec-platform">
      {o.logo_url && <img src={o.logo_url} alt="" width={20} height={20} className="platform-logo" />}
      {o.link ? (
        <a href={o.link} target="_blank" rel="noopener noreferrer">{label}</a>
      ) : (
        label
      )}
    </li>
  );
}

/**
 * Where to watch in the user's country (docs/product-decisions.md, "Country and where to watch"):
 * the service the pick was made for, other places there, or, said plainly, that it is not on the
 * user's services there and where it streams instead.
 */
export function WhereToWatch({ rec }: { rec: Recommendation }) {
  const here = rec.where_to_watch.filter((o) => !o.elsewhere && o.platform !== rec.platform);
  const away = rec.where_to_watch.filter((o) => o.elsewhere);
  const first = away[0];
  const awayRegions = first ? away.filter((o) => o.platform === first.platform).map((o) => o.region) : [];
  const country = rec.region ? ` in ${countryPhrase(rec.region)}` : '';
  return (
    <>
      {rec.platform ? (
        <span className="rec-platform">
          {rec.platform_logo_url && <img src={rec.platform_logo_url} alt="" width={20} height={20} className="platform-logo" />}
          {rec.watch_url ? (
            <a href={rec.watch_url} target="_blank" rel="noopener noreferrer">{rec.platform}</a>
          ) : (
            rec.platform
          )}
        </span>
      ) : rec.where_to_watch.length > 0 ? (
        <span className="muted">Not on your services{country}.</span>
      ) : (
        <span className="muted">Availability unknown</span>
      )}
      {here.length > 0 && (
        <ul className="watch-options" aria-label={`Also${country || ' available'}`}>
          {here.map((o) => (
            <Option key={`${o.platform}|${o.kind}|${o.region}`} o={o} showRegion={rec.region === null} />
          ))}
        </ul>
      )}
      {first && (
        <span className="muted watch-elsewhere">
          Streaming on {first.link ? <a href={first.link} target="_blank" rel="noopener noreferrer">{first.platform}</a> : first.platform}{' '}
          {awayRegions.slice(0, 3).map(where).join(', ')}
          {awayRegions.length > 3 ? ` and ${awayRegions.length - 3} more` : ''}.
        </span>
      )}
    </>
  );
}
