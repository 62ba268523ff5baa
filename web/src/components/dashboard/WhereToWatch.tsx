import { watchSummary, type Recommendation } from '@app/shared';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * Where to watch in the user's country (docs/product-decisions.md, "Country and where to watch"):
 * the user's own copy ("On your Jellyfin"), the service the pick was made for, other places there,
 * or, said plainly, that it is not on the user's services there and where it streams instead. The words are shared with the extension.
 */
export function WhereToWatch({ rec }: { rec: Pick<Recommendation, 'platform' | 'platform_logo_url' | 'watch_url' | 'region' | 'where_to_watch'> }) {
  const { own, notice, here, elsewhere } = watchSummary(rec);
  const country = rec.region ? 'Also in your country' : 'Also available';
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
