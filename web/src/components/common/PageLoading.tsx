import { useT } from '../../i18n/useT';

/** A spinner; `label` (already in the page's language) is what a screen reader hears, "Loading" when none. */
export function PageLoading({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}
