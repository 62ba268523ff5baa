import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { CONNECTION_NAMES, type HistoryEditRequest, type HistoryResponse, type Recommendation, type SyncOrigin } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { HISTORY_PAGE_SIZE, useHistory } from '../../hooks/useHistory';
import { ErrorState } from '../common/ErrorState';
import { Icon } from '../common/Icon';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { Notice } from '../common/Notice';
import { PageLoading } from '../common/PageLoading';
import { PosterImage } from '../common/PosterImage';
import { SaveForLaterButton } from './SaveForLaterButton';
import { WhyNotRecommended } from './WhyNotRecommended';
import { useT } from '../../i18n/useT';
import { formatDate, formatInteger, formatYear, genreLabel } from './localeFormat';
import '../../styles/library.css';

/** How the history names a title a source brought in ("Watched on Jellyfin"); the app's name stays. */
function useWatchedOn(): (origin: SyncOrigin) => string {
  const t = useT();
  return (origin) => (origin === 'extension' ? t('dashboard.history.watchedOnSite') : t('dashboard.history.watchedOn', { app: CONNECTION_NAMES[origin] }));
}

/** The row as it will be once the edit is saved (shown at once; the server's answer replaces it). */
function edited(r: Recommendation, b: HistoryEditRequest): Recommendation {
  const next = { ...r };
  if (b.rating !== undefined) Object.assign(next, { user_rating: b.rating, is_rated: b.rating !== null });
  if (b.watched !== undefined) next.status = b.watched ? 'watched' : 'skipped';
  return next;
}

function Toggle({ on, label, icon, disabled, onClick }: { on: boolean; label: string; icon?: 'thumbUp' | 'thumbDown' | 'check'; disabled: boolean; onClick: () => void }) {
  return (
    <button type="button" className={`btn btn-rate btn-small${on ? ' is-chosen' : ''}`} aria-pressed={on} disabled={disabled} onClick={onClick}>
      {icon && <Icon name={icon} size={16} />} {label}
    </button>
  );
}

function HistoryRow({
  r,
  busy,
  onEdit,
  onRemove,
  onSaveError,
}: {
  r: Recommendation;
  busy: boolean;
  onEdit: (b: HistoryEditRequest) => void;
  onRemove: () => void;
  onSaveError: (err: unknown) => void;
}) {
  const t = useT();
  const watchedOn = useWatchedOn();
  const active = r.status === 'active';
  const watched = r.status === 'watched';
  const imported = r.origin === 'import';
  // A together pick the user rated: its reason names both of them.
  const together = r.origin === 'together';
  // Seen on a connected app or a streaming site (brought in, or tonight's pick watched there).
  const synced = r.watched_on ?? null;
  const titleId = `history-${r.id}`;
  return (
    <li className="history-item" aria-labelledby={titleId}>
      <PosterImage src={r.poster_url} fallbackSrc={r.poster_fallback_url} alt="" width={48} height={72} loading="lazy" />
      <div className="history-text">
        <span className="history-title" id={titleId}>{r.movie_title}</span>
        <span className="muted">
          {formatYear(r.year)}
          {r.genre ? ` · ${genreLabel(r.genre)}` : ''} · {formatDate(new Date(r.created_at))}
        </span>
        {(imported || together || r.origin === 'badge') && <span className="muted history-reason">{r.reason}</span>}
        <span className="history-tags">
          {imported && <span className="tag tag-imported">{t('dashboard.history.imported')}</span>}
          {together && <span className="tag tag-together">{t('dashboard.history.together')}</span>}
          {synced && <span className="tag tag-synced">{watchedOn(synced)}</span>}
          {active && <span className="tag tag-active">{t('dashboard.history.active')}</span>}
          {r.status === 'skipped' && !imported && <span className="tag tag-skipped">{t('dashboard.history.skipped')}</span>}
        </span>
      </div>
      <div className="history-controls" role="group" aria-label={t('dashboard.history.edit', { title: r.movie_title })}>
        <Toggle on={r.user_rating === true} label={t('dashboard.history.like')} icon="thumbUp" disabled={busy} onClick={() => onEdit({ rating: r.user_rating === true ? null : true })} />
        <Toggle on={r.user_rating === false} label={t('dashboard.history.dislike')} icon="thumbDown" disabled={busy} onClick={() => onEdit({ rating: r.user_rating === false ? null : false })} />
        {r.user_rating !== null && (
          <button type="button" className="btn btn-ghost btn-small" disabled={busy} onClick={() => onEdit({ rating: null })}>
            {t('dashboard.history.clearRating')}
          </button>
        )}
        {/* Tonight's pick is marked watched on its card (which also brings the next one). */}
        {!active && <Toggle on={watched} label={t('dashboard.history.watched')} icon="check" disabled={busy} onClick={() => onEdit({ watched: !watched })} />}
        {!watched && <SaveForLaterButton titleId={r.title_id} saved={r.saved} small disabled={busy} onError={onSaveError} />}
        {!active && (
          <button type="button" className="btn btn-ghost btn-small history-remove" disabled={busy} onClick={onRemove}>
            {t('dashboard.history.remove')}
          </button>
        )}
      </div>
      {/* Tonight's pick is recommended: the question is for every other title. */}
      {!active && <WhyNotRecommended titleId={r.title_id} title={r.movie_title} />}
    </li>
  );
}

export function HistoryList() {
  const t = useT();
  const api = useApi();
  const { mutate: mutateAll } = useSWRConfig();
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useHistory(page);
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Recommendation | null>(null);
  const pages = data ? Math.max(1, Math.ceil(data.total / HISTORY_PAGE_SIZE)) : 1;
  const empty = data?.recommendations.length === 0;

  const put = (row: Recommendation) =>
    mutate((h?: HistoryResponse) => (h ? { ...h, recommendations: h.recommendations.map((x) => (x.id === row.id ? row : x)) } : h), { revalidate: false });

  async function edit(r: Recommendation, body: HistoryEditRequest) {
    setPending(r.id);
    setProblem(null);
    await put(edited(r, body));
    try {
      const next = await api.recommendations.editHistory(r.id, body);
      await put(next);
      // Tonight's card shows the same rating.
      if (next.status === 'active') {
        void mutateAll((k) => Array.isArray(k) && k[0] === 'recommendation', (rec?: Recommendation) => (rec?.id === next.id ? { ...rec, ...next } : rec), { revalidate: false });
      }
    } catch (err) {
      await put(r);
      setProblem(errorText(err, t('dashboard.history.editFailed')));
    }
    setPending(null);
  }

  async function remove(r: Recommendation) {
    setPending(r.id);
    setProblem(null);
    try {
      await api.recommendations.removeHistory(r.id);
      setRemoving(null);
      // The last row of a later page gone: show the page before it.
      if (data && data.recommendations.length === 1 && page > 1) setPage(page - 1);
      await mutateAll((k) => Array.isArray(k) && k[0] === 'history');
    } catch (err) {
      setRemoving(null);
      setProblem(errorText(err, t('dashboard.history.removeFailed')));
    }
    setPending(null);
  }

  return (
    <section className="history" aria-labelledby="history-title">
      <h2 id="history-title">{t('dashboard.history.title')}</h2>
      {problem && <Notice tone="error">{problem}</Notice>}
      {error ? (
        <ErrorState error={error} fallback={t('dashboard.history.loadFailed')} onRetry={() => void mutate()} />
      ) : !data ? (
        <PageLoading label={t('dashboard.history.loading')} />
      ) : empty ? (
        <p className="muted">{t('dashboard.history.empty')}</p>
      ) : (
        <>
          <p className="field-hint history-hint">{t('dashboard.history.hint')}</p>
          <ul className="history-list">
            {data.recommendations.map((r) => (
              <HistoryRow
                key={r.id}
                r={r}
                busy={pending === r.id}
                onEdit={(b) => void edit(r, b)}
                onRemove={() => setRemoving(r)}
                onSaveError={(err) => setProblem(errorText(err, t('dashboard.history.saveFailed')))}
              />
            ))}
          </ul>
          {pages > 1 && (
            <nav className="pager" aria-label={t('dashboard.history.pages')}>
              <button type="button" className="btn btn-ghost btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('dashboard.history.previous')}
              </button>
              <span>{t('dashboard.history.page', { page: formatInteger(page), pages: formatInteger(pages) })}</span>
              <button type="button" className="btn btn-ghost btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('dashboard.history.next')}
              </button>
            </nav>
          )}
        </>
      )}
      {removing && (
        <ConfirmDialog
          title={t('dashboard.history.removeTitle', { title: removing.movie_title })}
          cancelLabel={t('dashboard.history.keep')}
          confirmLabel={t('dashboard.history.removeConfirm')}
          busyLabel={t('dashboard.history.removing')}
          busy={pending === removing.id}
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove(removing)}
        >
          <p>{t('dashboard.history.removeBody')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
