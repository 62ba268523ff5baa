/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { useId, useState, type ReactNode, type Ref } from 'react';
import { ATTRIBUTION, nearestMoodLabel, pickNoticeText, type MoodValue, type Recommendation } from '@app/shared';
import { titleFacts } from './formatTitle';
import { Notice } from '../common/Notice';
import { PosterImage } from '../common/PosterImage';
import { WhereToWatch } from './WhereToWatch';

/**
 * Title, year, genre, runtime, the two scores named by their source (the catalog's `rt` is the
 * Rotten Tomatoes Tomatometer and `imdb` the IMDb user rating: server/catalog/FORMAT.md), platform,
 * description, reason, poster. On a phone the poster sits beside the title and the description
 * folds to two lines behind "More", so the actions are on the first screen.
 */
export function RecommendationCard({
  rec,
  children,
  cardRef,
  headAction,
  eyebrow = 'Tonight\u2019s pick',
  headingId = 'rec-title',
  onTryMood,
  tryMoodDisabled = false,
}: {
  rec: Recommendation;
  children?: ReactNode;
  cardRef?: Ref<HTMLElement>;
  /** A small action beside the trailer link (Save for later), where it costs the phone layout no height. */
  headAction?: ReactNode;
  /** What the card is, after the kind: "Tonight's pick", or "For you and Ben" on a together pick. */
  eyebrow?: string;
  /** The title heading's id: a second card on the page (the together pick) needs its own. */
  headingId?: string;
  /** Ask for a pick in the nearest mood a notice offers (the dashboard); without it the notice has no button. */
  onTryMood?: (mood: MoodValue) => void;
  tryMoodDisabled?: boolean;
}) {
  const [more, setMore] = useState(false);
  const detailsId = useId();
  return (
    <article ref={cardRef} className={`rec-card${more ? ' is-expanded' : ''}`} aria-labelledby={headingId}>
      <PosterImage className="rec-poster" src={rec.poster_url} fallbackSrc={rec.poster_fallback_url} alt={`Poster of ${rec.movie_title}`} width={240} height={360} />
      <div className="rec-head">
        <p className="eyebrow">{rec.kind === 'series' ? 'Series' : 'Movie'} · {eyebrow}</p>
        <h2 id={headingId} className="rec-title">{rec.movie_title}</h2>
        <p className="rec-facts">{titleFacts(rec).join(' · ')}</p>
        {(rec.trailer_url || headAction) && (
          <div className="rec-head-actions">
            {rec.trailer_url && (
              <a className="rec-trailer" href={rec.trailer_url} target="_blank" rel="noopener noreferrer" aria-label={`Trailer of ${rec.movie_title} on YouTube (opens in a new tab)`}>
                Trailer
              </a>
            )}
            {headAction}
          </div>
        )}
      </div>
      <div className="rec-body">
        <dl className="rec-scores">
          <div>
            <dt>Rotten Tomatoes</dt>
            <dd>{rec.rotten_tomatoes !== null ? `${rec.rotten_tomatoes}%` : 'Not rated'}</dd>
          </div>
          <div>
            {/* The audience score names its source: IMDb's, else TMDB's where only TMDB rates it. */}
            <dt>{rec.imdb_rating === null && rec.tmdb_rating !== null ? 'TMDB' : 'IMDb'}</dt>
            <dd>{(rec.imdb_rating ?? rec.tmdb_rating) !== null ? `${(rec.imdb_rating ?? rec.tmdb_rating)!.toFixed(1)}/10` : 'Not rated'}</dd>
          </div>
          <div>
            <dt>Where to watch</dt>
            <dd className="rec-where">
              <WhereToWatch rec={rec} />
            </dd>
            {rec.where_to_watch.some((o) => o.from_justwatch) && <dd className="rec-source muted">{ATTRIBUTION.streamingData}</dd>}
          </div>
        </dl>
        <div id={detailsId} className="rec-details">
          <p className="rec-description">{rec.movie_description}</p>
          {(rec.director || rec.cast.length > 0) && (
            <p className="rec-credits muted">
              {rec.director && <>By {rec.director}. </>}
              {rec.cast.length > 0 && <>With {rec.cast.join(', ')}.</>}
            </p>
          )}
        </div>
        <button type="button" className="link-button rec-more" aria-expanded={more} aria-controls={detailsId} onClick={() => setMore((m) => !m)}>
          {more ? 'Less' : 'More'}
        </button>
        {/* Said plainly, before the reason: a mood nothing on the services fits, little there fits the taste. */}
        {rec.notices.map((n) => (
          <Notice key={n.code} tone="info" className="rec-notice">
            {pickNoticeText(n)}
            {n.nearest_mood && onTryMood && (
              <>
                {' '}
                <button type="button" className="link-button" disabled={tryMoodDisabled} onClick={() => onTryMood(n.nearest_mood!)}>
                  {nearestMoodLabel(n.nearest_mood)}
                </button>
              </>
            )}
          </Notice>
        ))}
        <p className="rec-reason">
          <strong>Why this pick: </strong>
          {rec.reason}
        </p>
        {children}
      </div>
    </article>
  );
}
