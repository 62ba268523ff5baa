import type { Recommendation } from '@app/shared';
import { absoluteUrl } from '../../lib/download';

function runtimeText(pick: Recommendation): string | null {
  if (pick.kind === 'series') {
    const seasons = pick.seasons ? `${pick.seasons} season${pick.seasons === 1 ? '' : 's'}` : null;
    return [seasons, pick.runtime ? `${pick.runtime} min episodes` : null].filter(Boolean).join(' · ') || null;
  }
  if (!pick.runtime) return null;
  const h = Math.floor(pick.runtime / 60);
  const m = pick.runtime % 60;
  return h ? `${h}h ${m}m` : `${m}m`;
}

export function PickCard({ pick, serverUrl }: { pick: Recommendation; serverUrl: string }) {
  const poster = absoluteUrl(serverUrl, pick.poster_url);
  const logo = absoluteUrl(serverUrl, pick.platform_logo_url);
  const runtime = runtimeText(pick);
  return (
    <article className="card" data-state="pick" data-recommendation-id={pick.id} aria-labelledby="pick-title">
      {poster && <img className="poster" src={poster} alt={`Poster of ${pick.movie_title}`} width={96} height={144} />}
      <div className="card-body">
        <h1 id="pick-title" className="title">
          {pick.movie_title}
        </h1>
        <p className="meta">
          <span>{pick.end_year && pick.end_year !== pick.year ? `${pick.year}–${pick.end_year}` : pick.year}</span>
          <span>{pick.genre}</span>
          {runtime && <span>{runtime}</span>}
        </p>
        <p className="scores">
          {pick.rotten_tomatoes !== null && <span title="Critic score (Rotten Tomatoes)">Critics {pick.rotten_tomatoes}%</span>}
          {pick.imdb_rating !== null && <span title="Audience rating (IMDb)">IMDb {pick.imdb_rating.toFixed(1)}</span>}
        </p>
        <p className="platform" data-platform={pick.platform ?? ''}>
          {pick.platform ? (
            <>
              {logo && <img src={logo} alt="" width={16} height={16} />}
              <span>{pick.platform}</span>
            </>
          ) : (
            <span className="muted">Availability unknown</span>
          )}
        </p>
      </div>
      <p className="reason">{pick.reason}</p>
    </article>
  );
}
