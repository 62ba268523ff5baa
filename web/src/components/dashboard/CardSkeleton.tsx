/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
/** The card's exact footprint while it loads, so nothing moves when it arrives. */
export function CardSkeleton() {
  return (
    <div className="rec-card rec-skeleton" aria-busy="true" role="status">
      <span className="visually-hidden">Loading tonight&rsquo;s pick</span>
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
