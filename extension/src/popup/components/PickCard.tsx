import { useState, type MouseEvent } from 'react';
import type { Recommendation } from '@app/shared';
import { absoluteUrl } from '../../lib/download';
import { useLingui } from '@lingui/react';
import { openTab } from '../../lib/tabs';
import { useT, type MessageValues } from '../../lib/useT';
import { watchText } from '../watch-text';

type T = (key: string, values?: MessageValues) => string;

/** The scores' sources: product names, never translated. */
const SOURCES = { rottenTomatoes: 'Rotten Tomatoes', imdb: 'IMDb', tmdb: 'TMDB' } as const;

function runtimeText(t: T, pick: Recommendation): string | null {
  if (pick.kind === 'series') {
    const seasons = pick.seasons ? t('extension-popup.card.seasons', { count: pick.seasons }) : null;
    return [seasons, pick.runtime ? t('extension-popup.card.episodeMinutes', { minutes: pick.runtime }) : null].filter(Boolean).join(t('extension-popup.tonight.separator')) || null;
  }
  if (!pick.runtime) return null;
  const hours = Math.floor(pick.runtime / 60);
  const minutes = pick.runtime % 60;
  return hours ? t('extension-popup.card.runtimeHours', { hours, minutes }) : t('extension-popup.card.runtimeMinutes', { minutes });
}

// i18n-dynamic: extension-popup.mood.
/** The web card's notices (shared/src/pick-notice.ts's words): a mood nothing on the services fits, little there fits the taste. */
function noticeText(t: T, n: Recommendation['notices'][number]): string {
  if (n.code === 'low_fit') return t('extension-popup.notice.lowFit');
  const text = n.mood ? t('extension-popup.notice.moodUnmet', { mood: t(`extension-popup.mood.${n.mood}`), moodId: n.mood }) : t('extension-popup.notice.thatMoodUnmet');
  return n.nearest_mood ? `${text} ${t('extension-popup.notice.nearest', { mood: t(`extension-popup.mood.${n.nearest_mood}`) })}` : text;
}

/**
 * The pick: poster, title, facts, both scores named by their source (the catalog's Rotten Tomatoes
 * Tomatometer and IMDb user rating: server/catalog/FORMAT.md), platform, the description folded to
 * two lines behind "More", and the reason.
 */
export function PickCard({ pick, serverUrl }: { pick: Recommendation; serverUrl: string }) {
  const t = useT();
  const { i18n } = useLingui();
  const [more, setMore] = useState(false);
  // TMDB's poster, or ours (generated) when there is none or it fails to load.
  const poster = absoluteUrl(serverUrl, pick.poster_url);
  const fallback = absoluteUrl(serverUrl, pick.poster_fallback_url);
  const [failedPoster, setFailedPoster] = useState<string | null>(null);
  const shownPoster = poster && failedPoster === poster ? fallback : poster;
  const logo = absoluteUrl(serverUrl, pick.platform_logo_url);
  const runtime = runtimeText(t, pick);
  const trailer = pick.trailer_url;
  const openTrailer = (e: MouseEvent) => {
    // A new tab from the popup, like its other links.
    e.preventDefault();
    if (trailer) void openTab(trailer);
  };
  // The same words as the web app's card (docs/product-decisions.md, "Country and where to watch").
  const where = watchText(t, i18n.locale, pick);
  return (
    <article className="card" data-state="pick" data-recommendation-id={pick.id} aria-labelledby="pick-title">
      {shownPoster && (
        <img
          className="poster"
          src={shownPoster}
          alt={t('extension-popup.card.posterAlt', { title: pick.movie_title })}
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
          <span>{pick.end_year && pick.end_year !== pick.year ? t('extension-popup.card.years', { start: pick.year, end: pick.end_year }) : pick.year}</span>
          <span>{pick.genre}</span>
          {runtime && <span>{runtime}</span>}
        </p>
        {trailer && (
          <a className="trailer" data-action="trailer" href={trailer} target="_blank" rel="noopener noreferrer" onClick={openTrailer} aria-label={t('extension-popup.card.trailerLabel', { title: pick.movie_title })}>
            {t('extension-popup.card.trailer')}
          </a>
        )}
        <dl className="scores">
          <div>
            <dt>{SOURCES.rottenTomatoes}</dt>
            <dd>{pick.rotten_tomatoes !== null ? t('extension-popup.card.percent', { score: pick.rotten_tomatoes }) : t('extension-popup.card.notRated')}</dd>
          </div>
          <div>
            <dt>{pick.imdb_rating === null && pick.tmdb_rating !== null ? SOURCES.tmdb : SOURCES.imdb}</dt>
            <dd>{(pick.imdb_rating ?? pick.tmdb_rating) !== null ? t('extension-popup.card.outOfTen', { score: new Intl.NumberFormat(i18n.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format((pick.imdb_rating ?? pick.tmdb_rating)!) }) : t('extension-popup.card.notRated')}</dd>
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
          <ul className="watch-options" aria-label={pick.region ? t('extension-popup.card.alsoInYourCountry') : t('extension-popup.card.alsoAvailable')}>
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
        {pick.where_to_watch.some((o) => o.from_justwatch) && <p className="source muted">{t('extension-popup.card.streamingData')}</p>}
      </div>
      {pick.movie_description && (
        <div className="description">
          <p id="pick-description" className={more ? undefined : 'clamped'}>
            {pick.movie_description}
          </p>
          <button type="button" className="link" data-action="more" aria-expanded={more} aria-controls="pick-description" onClick={() => setMore((m) => !m)}>
            {more ? t('extension-popup.card.less') : t('extension-popup.card.more')}
          </button>
        </div>
      )}
      {/* The web card's words (shared/src/pick-notice.ts): a mood nothing on the services fits, little there fits the taste. */}
      {pick.notices.map((n) => (
        <p key={n.code} className="pick-notice" data-notice={n.code} role="status">
          {noticeText(t, n)}
        </p>
      ))}
      <p className="reason">{pick.reason}</p>
    </article>
  );
}
