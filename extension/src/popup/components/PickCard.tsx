/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { useState, type MouseEvent } from 'react';
import type { Recommendation } from '@app/shared';
import { absoluteUrl } from '../../lib/download';
import { ATTRIBUTION, pickNoticeText, watchSummary } from '../../lib/shared';
import { openTab } from '../../lib/tabs';

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

/**
 * The pick: poster, title, facts, both scores named by their source (the catalog's Rotten Tomatoes
 * Tomatometer and IMDb user rating: server/catalog/FORMAT.md), platform, the description folded to
 * two lines behind "More", and the reason.
 */
export function PickCard({ pick, serverUrl }: { pick: Recommendation; serverUrl: string }) {
  const [more, setMore] = useState(false);
  // TMDB's poster, or ours (generated) when there is none or it fails to load.
  const poster = absoluteUrl(serverUrl, pick.poster_url);
  const fallback = absoluteUrl(serverUrl, pick.poster_fallback_url);
  const [failedPoster, setFailedPoster] = useState<string | null>(null);
  const shownPoster = poster && failedPoster === poster ? fallback : poster;
  const logo = absoluteUrl(serverUrl, pick.platform_logo_url);
  const runtime = runtimeText(pick);
  const trailer = pick.trailer_url;
  const openTrailer = (e: MouseEvent) => {
    // A new tab from the popup, like its other links.
    e.preventDefault();
    if (trailer) void openTab(trailer);
  };
  // The same words as the web app's card (docs/product-decisions.md, "Country and where to watch").
  const where = watchSummary(pick);
  return (
    <article className="card" data-state="pick" data-recommendation-id={pick.id} aria-labelledby="pick-title">
      {shownPoster && (
        <img
          className="poster"
          src={shownPoster}
          alt={`Poster of ${pick.movie_title}`}
          width={96}
          height={144}
          onError={() => {
            if (poster && failedPoster !== poster && fallback && fallback !== poster) setFailedPoster(poster);
          }}
        />
      )}
      <div className="card-body">
        <h1 id="pick-title" className="title">
          {pick.movie_title}
        </h1>
        <p className="meta">
          <span>{pick.end_year && pick.end_year !== pick.year ? `${pick.year}–${pick.end_year}` : pick.year}</span>
          <span>{pick.genre}</span>
          {runtime && <span>{runtime}</span>}
        </p>
        {trailer && (
          <a className="trailer" data-action="trailer" href={trailer} target="_blank" rel="noopener noreferrer" onClick={openTrailer} aria-label={`Trailer of ${pick.movie_title} on YouTube (opens in a new tab)`}>
            Trailer
          </a>
        )}
        <dl className="scores">
          <div>
            <dt>Rotten Tomatoes</dt>
            <dd>{pick.rotten_tomatoes !== null ? `${pick.rotten_tomatoes}%` : 'Not rated'}</dd>
          </div>
          <div>
            <dt>{pick.imdb_rating === null && pick.tmdb_rating !== null ? 'TMDB' : 'IMDb'}</dt>
            <dd>{(pick.imdb_rating ?? pick.tmdb_rating) !== null ? `${(pick.imdb_rating ?? pick.tmdb_rating)!.toFixed(1)}/10` : 'Not rated'}</dd>
          </div>
        </dl>
        {/* A copy on the user's own media server first (docs/product-decisions.md, "Your own library is a service"). */}
        {where.own.map((o) => (
          <p key={o.label} className="platform own">
            {o.link ? (
              <a href={o.link} target="_blank" rel="noopener noreferrer">
                {o.label}
              </a>
            ) : (
              o.label
            )}
          </p>
        ))}
        <p className="platform" data-platform={pick.platform ?? ''} data-region={pick.region ?? ''}>
          {pick.platform ? (
            <>
              {logo && <img src={logo} alt="" width={16} height={16} />}
              <span>{pick.platform}</span>
            </>
          ) : (
            <span className="muted">{where.notice}</span>
          )}
        </p>
        {where.here.length > 0 && (
          <ul className="watch-options" aria-label={pick.region ? 'Also in your country' : 'Also available'}>
            {where.here.map((o) => (
              <li key={o.label}>
                {o.link ? (
                  <a href={o.link} target="_blank" rel="noopener noreferrer">
                    {o.label}
                  </a>
                ) : (
                  o.label
                )}
              </li>
            ))}
          </ul>
        )}
        {where.elsewhere && (
          <p className="muted watch-elsewhere" data-elsewhere={where.elsewhere.platform}>
            {where.elsewhere.text}
          </p>
        )}
        {pick.where_to_watch.some((o) => o.from_justwatch) && <p className="source muted">{ATTRIBUTION.streamingData}</p>}
      </div>
      {pick.movie_description && (
        <div className="description">
          <p id="pick-description" className={more ? undefined : 'clamped'}>
            {pick.movie_description}
          </p>
          <button type="button" className="link" data-action="more" aria-expanded={more} aria-controls="pick-description" onClick={() => setMore((m) => !m)}>
            {more ? 'Less' : 'More'}
          </button>
        </div>
      )}
      {/* The web card's words (shared/src/pick-notice.ts): a mood nothing on the services fits, little there fits the taste. */}
      {pick.notices.map((n) => (
        <p key={n.code} className="pick-notice" data-notice={n.code} role="status">
          {pickNoticeText(n)}
        </p>
      ))}
      <p className="reason">{pick.reason}</p>
    </article>
  );
}
