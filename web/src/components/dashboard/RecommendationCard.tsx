import { useId, useState, type ReactNode, type Ref } from 'react';
import type { MoodValue, PickNotice, Recommendation } from '@app/shared';
import { titleFacts } from './formatTitle';
import { Notice } from '../common/Notice';
import { PosterImage } from '../common/PosterImage';
import { WhereToWatch } from './WhereToWatch';
import { useT } from '../../i18n/useT';
import { formatNames, formatPercent, formatRating, moodLabel } from './localeFormat';
import { OriginalTitle } from '../common/OriginalTitle';

/** The scores' sources: names, the same in every language. */
const SOURCES = { rt: 'Rotten Tomatoes', imdb: 'IMDb', tmdb: 'TMDB' } as const;

/**
 * What a pick says plainly beside its reason (the words of shared/src/pick-notice.ts, in the active
 * language): "Nothing on your services fits “Thrilling” tonight, so this pick is not a thrilling
 * one. “Dark” has titles there."
 */
function noticeText(t: ReturnType<typeof useT>, n: PickNotice): string {
  if (n.code === 'low_fit') return t('dashboard.notice.lowFit');
  const text = n.mood ? t('dashboard.notice.moodUnmet', { label: moodLabel(n.mood), mood: n.mood }) : t('dashboard.notice.moodUnmetAny');
  return n.nearest_mood ? `${text} ${t('dashboard.notice.nearestHasTitles', { label: moodLabel(n.nearest_mood) })}` : text;
}

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
  eyebrow,
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
  const t = useT();
  const [more, setMore] = useState(false);
  const audience = rec.imdb_rating ?? rec.tmdb_rating;
  const credits = [rec.director && t('dashboard.card.director', { name: rec.director }), rec.cast.length > 0 && t('dashboard.card.cast', { names: formatNames(rec.cast) })].filter(Boolean).join(' ');
  const detailsId = useId();
  return (
    <article ref={cardRef} className={`rec-card${more ? ' is-expanded' : ''}`} aria-labelledby={headingId}>
      <PosterImage className="rec-poster" src={rec.poster_url} fallbackSrc={rec.poster_fallback_url} alt={t('dashboard.card.poster', { title: rec.movie_title })} width={240} height={360} />
      <div className="rec-head">
        <p className="eyebrow">{rec.kind === 'series' ? t('dashboard.card.series') : t('dashboard.card.movie')} · {eyebrow ?? t('dashboard.card.tonightsPick')}</p>
        <h2 id={headingId} className="rec-title">{rec.movie_title}</h2>
        <OriginalTitle title={rec.original_title} />
        <p className="rec-facts">{titleFacts(rec).join(' · ')}</p>
        {(rec.trailer_url || headAction) && (
          <div className="rec-head-actions">
            {rec.trailer_url && (
              <a className="rec-trailer" href={rec.trailer_url} target="_blank" rel="noopener noreferrer" aria-label={t('dashboard.card.trailerLabel', { title: rec.movie_title })}>
                {t('dashboard.card.trailer')}
              </a>
            )}
            {headAction}
          </div>
        )}
      </div>
      <div className="rec-body">
        <dl className="rec-scores">
          <div>
            <dt>{SOURCES.rt}</dt>
            <dd>{rec.rotten_tomatoes !== null ? formatPercent(rec.rotten_tomatoes) : t('dashboard.card.notRated')}</dd>
          </div>
          <div>
            {/* The audience score names its source: IMDb's, else TMDB's where only TMDB rates it. */}
            <dt>{rec.imdb_rating === null && rec.tmdb_rating !== null ? SOURCES.tmdb : SOURCES.imdb}</dt>
            <dd>{audience !== null ? t('dashboard.card.outOfTen', { score: formatRating(audience) }) : t('dashboard.card.notRated')}</dd>
          </div>
          <div>
            <dt>{t('dashboard.card.whereToWatch')}</dt>
            <dd className="rec-where">
              <WhereToWatch rec={rec} />
            </dd>
            {rec.where_to_watch.some((o) => o.from_justwatch) && <dd className="rec-source muted">{t('dashboard.card.streamingData')}</dd>}
          </div>
        </dl>
        <div id={detailsId} className="rec-details">
          {/* The catalog's description keeps its own direction (English on an Arabic page, where TMDB has no translation). */}
          <p className="rec-description" dir="auto">{rec.movie_description}</p>
          {credits && <p className="rec-credits muted">{credits}</p>}
        </div>
        <button type="button" className="link-button rec-more" aria-expanded={more} aria-controls={detailsId} onClick={() => setMore((m) => !m)}>
          {more ? t('dashboard.card.less') : t('dashboard.card.more')}
        </button>
        {/* Said plainly, before the reason: a mood nothing on the services fits, little there fits the taste. */}
        {rec.notices.map((n) => (
          <Notice key={n.code} tone="info" className="rec-notice">
            {noticeText(t, n)}
            {n.nearest_mood && onTryMood && (
              <>
                {' '}
                <button type="button" className="link-button" disabled={tryMoodDisabled} onClick={() => onTryMood(n.nearest_mood!)}>
                  {t('dashboard.notice.tryMood', { label: moodLabel(n.nearest_mood) })}
                </button>
              </>
            )}
          </Notice>
        ))}
        <p className="rec-reason">
          <strong>{t('dashboard.card.why')} </strong>
          <bdi>{rec.reason}</bdi>
        </p>
        {children}
      </div>
    </article>
  );
}
