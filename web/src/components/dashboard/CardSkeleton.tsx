import { useT } from '../../i18n/useT';

/** The card's exact footprint while it loads, so nothing moves when it arrives. */
export function CardSkeleton() {
  const t = useT();
  return (
    <div className="rec-card rec-skeleton" aria-busy="true" role="status">
      <span className="visually-hidden">{t('dashboard.skeleton.loading')}</span>
      <div className="rec-poster skeleton-block" />
      <div className="rec-body">
        <div className="skeleton-line w-60 h-title" />
        <div className="skeleton-line w-40" />
        <div className="skeleton-line w-30" />
        <div className="skeleton-line w-90" />
        <div className="skeleton-line w-80" />
        <div className="skeleton-line w-70" />
      </div>
    </div>
  );
}
