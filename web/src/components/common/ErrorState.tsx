import { errorText } from '../../api/errorText';
import { useT } from '../../i18n/useT';

/** A failed fetch: what went wrong and a way to try again. */
export function ErrorState({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="error-state" role="alert">
      <p>{errorText(error, fallback)}</p>
      {onRetry && (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          {t('common.errorState.retry')}
        </button>
      )}
    </div>
  );
}
