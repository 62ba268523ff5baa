import type { ReactNode } from 'react';
import type { Recommendation } from '@app/shared';
import { titleFacts } from './formatTitle';

/** Title, year, genre, runtime, critic score, audience rating, platform, description, reason, poster. */
export function RecommendationCard({ rec, children }: { rec: Recommendation; children?: ReactNode }) {
  return (
    <article className="rec-card" aria-labelledby="rec-title">
      <img className="rec-poster" src={rec.poster_url} alt={`Poster of ${rec.movie_title}`} width={240} height={360} />
      <div className="rec-body">
        <p className="eyebrow">{rec.kind === 'series' ? 'Series' : 'Movie'} · Tonight&rsquo;s pick</p>
        <h2 id="rec-title" className="rec-title">{rec.movie_title}</h2>
        <p className="rec-facts">{titleFacts(rec).join(' · ')}</p>
        <dl className="rec-scores">
          <div>
            <dt>Critic score</dt>
            <dd>{rec.rotten_tomatoes !== null ? `${rec.rotten_tomatoes}%` : 'Not rated'}</dd>
          </div>
          <div>
            <dt>Audience rating</dt>
            <dd>{rec.imdb_rating !== null ? `${rec.imdb_rating.toFixed(1)}/10` : 'Not rated'}</dd>
          </div>
          <div>
            <dt>Where to watch</dt>
            <dd className="rec-platform">
              {rec.platform ? (
                <>
                  {rec.platform_logo_url && <img src={rec.platform_logo_url} alt="" width={20} height={20} className="platform-logo" />}
                  {rec.watch_url ? (
                    <a href={rec.watch_url} target="_blank" rel="noopener noreferrer">{rec.platform}</a>
                  ) : (
                    rec.platform
                  )}
                </>
              ) : (
                <span className="muted">Availability unknown</span>
              )}
            </dd>
          </div>
        </dl>
        <p className="rec-description">{rec.movie_description}</p>
        <p className="rec-reason">
          <strong>Why this pick: </strong>
          {rec.reason}
        </p>
        {(rec.director || rec.cast.length > 0) && (
          <p className="rec-credits muted">
            {rec.director && <>By {rec.director}. </>}
            {rec.cast.length > 0 && <>With {rec.cast.join(', ')}.</>}
          </p>
        )}
        {children}
      </div>
    </article>
  );
}
