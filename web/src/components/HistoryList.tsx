import { useState } from 'react';
import type { Recommendation } from '@app/shared';
import { HISTORY_PAGE_SIZE, useHistory } from '../hooks/useHistory';
import { ErrorState } from './ErrorState';
import { PageLoading } from './PageLoading';
import { PosterImage } from './PosterImage';

function ratingLabel(r: Recommendation): string {
  if (r.user_rating === true) return 'Liked';
  if (r.user_rating === false) return 'Disliked';
  return 'Not rated';
}

const STATUS: Record<Recommendation['status'], string> = { active: 'Current', watched: 'Watched', skipped: 'Skipped' };

export function HistoryList() {
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useHistory(page);
  const pages = data ? Math.max(1, Math.ceil(data.total / HISTORY_PAGE_SIZE)) : 1;
  return (
    <section className="history" aria-labelledby="history-title">
      <h2 id="history-title">Your past picks</h2>
      {error ? (
        <ErrorState error={error} fallback="Could not load your history." onRetry={() => void mutate()} />
      ) : !data ? (
        <PageLoading label="Loading history" />
      ) : data.recommendations.length === 0 ? (
        <p className="muted">Your recommendations will appear here.</p>
      ) : (
        <>
          <ul className="history-list">
            {data.recommendations.map((r) => (
              <li key={r.id} className="history-item">
                <PosterImage src={r.poster_url} fallbackSrc={r.poster_fallback_url} alt="" width={48} height={72} loading="lazy" />
                <div className="history-text">
                  <span className="history-title">{r.movie_title}</span>
                  <span className="muted">
                    {r.year} · {r.genre} · {new Date(r.created_at).toLocaleDateString()}
                  </span>
                </div>
                <span className="history-rating">{ratingLabel(r)}</span>
                <span className={`tag tag-${r.status}`}>{STATUS[r.status]}</span>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="pager" aria-label="History pages">
              <button type="button" className="btn btn-ghost btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button type="button" className="btn btn-ghost btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
