// The watchlist: titles saved for later (from tonight's card, the history, or an import), each with
// where it streams for the user; the ones on their services are favoured for tonight's pick.
import { useState } from 'react';
import { Link } from '../components/common/Link';
import { useSWRConfig } from 'swr';
import type { WatchlistItem, WatchlistResponse } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { useWatchlist } from '../hooks/useLibrary';
import { usePageTitle } from '../hooks/usePageTitle';
import { ErrorState } from '../components/common/ErrorState';
import { Notice } from '../components/common/Notice';
import { PageLoading } from '../components/common/PageLoading';
import { PosterImage } from '../components/common/PosterImage';
import { WhereToWatch } from '../components/dashboard/WhereToWatch';
import { WhyNotRecommended } from '../components/dashboard/WhyNotRecommended';
import { titleFacts } from '../components/dashboard/formatTitle';
import { Trans } from '@lingui/react';
import { useT } from '../i18n/useT';
import '../styles/library.css';
import { OriginalTitle } from '../components/common/OriginalTitle';

function WatchlistCard({ item, busy, onRemove }: { item: WatchlistItem; busy: boolean; onRemove: () => void }) {
  const t = useT();
  const id = `watch-${item.title_id}`;
  return (
    <li className="watch-card" aria-labelledby={id}>
      <PosterImage src={item.poster_url} fallbackSrc={item.poster_fallback_url} alt="" width={80} height={120} loading="lazy" />
      <div className="watch-card-body">
        <p className="eyebrow watch-kind">{item.kind === 'series' ? t('watchlist.card.series') : t('watchlist.card.movie')}</p>
        <h2 className="watch-title" id={id}>{item.movie_title}</h2>
        <OriginalTitle title={item.original_title} />
        <p className="muted watch-facts">{titleFacts(item).join(' · ')}</p>
        {item.on_your_services && <span className="tag tag-on-services">{t('watchlist.card.onServices')}</span>}
        <div className="watch-where">
          <WhereToWatch rec={item} />
        </div>
        <WhyNotRecommended titleId={item.title_id} title={item.movie_title} />
      </div>
      <button type="button" className="btn btn-ghost btn-small watch-remove" disabled={busy} aria-label={t('watchlist.card.removeTitle', { title: item.movie_title })} onClick={onRemove}>
        {t('watchlist.card.remove')}
      </button>
    </li>
  );
}

export function WatchlistPage() {
  const t = useT();
  usePageTitle(t('watchlist.page.title'));
  const api = useApi();
  const { mutate: mutateAll } = useSWRConfig();
  const { data, error, mutate } = useWatchlist();
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function remove(item: WatchlistItem) {
    setPending(item.title_id);
    setProblem(null);
    const without = (w?: WatchlistResponse): WatchlistResponse =>
      w ? { items: w.items.filter((i) => i.title_id !== item.title_id), total: Math.max(0, w.total - 1) } : { items: [], total: 0 };
    try {
      await mutate(async (w) => {
        await api.watchlist.remove(item.title_id);
        return without(w);
      }, { optimisticData: without, rollbackOnError: true, revalidate: false });
      // The card and the history rows show it as no longer saved.
      const unsave = (r: { title_id: string; saved: boolean }) => (r.title_id === item.title_id ? { ...r, saved: false } : r);
      void mutateAll((k) => Array.isArray(k) && k[0] === 'recommendation', (rec?: { title_id: string; saved: boolean }) => (rec ? unsave(rec) : rec), { revalidate: false });
      void mutateAll((k) => Array.isArray(k) && k[0] === 'history');
    } catch (err) {
      setProblem(errorText(err, t('watchlist.page.removeFailed')));
    }
    setPending(null);
  }

  const onServices = data?.items.filter((i) => i.on_your_services).length ?? 0;
  return (
    <div className="container watchlist">
      <h1>{t('watchlist.page.title')}</h1>
      {problem && <Notice tone="error">{problem}</Notice>}
      {error ? (
        <ErrorState error={error} fallback={t('watchlist.page.loadFailed')} onRetry={() => void mutate()} />
      ) : !data ? (
        <PageLoading label={t('watchlist.page.loading')} />
      ) : data.items.length === 0 ? (
        <div className="card watch-empty">
          <p>{t('watchlist.page.empty')}</p>
          <p className="muted">
            <Trans id="watchlist.page.emptyHint" components={{ 0: <strong /> }} />
          </p>
          <Link to="/app/dashboard" className="btn btn-primary">{t('watchlist.page.seePick')}</Link>
        </div>
      ) : (
        <>
          <p className="muted">
            {onServices > 0 ? t('watchlist.page.countOnServices', { total: data.total, onServices }) : t('watchlist.page.count', { total: data.total })}
          </p>
          <ul className="watch-grid" aria-label={t('watchlist.page.list')}>
            {data.items.map((item) => (
              <WatchlistCard key={item.title_id} item={item} busy={pending === item.title_id} onRemove={() => void remove(item)} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
