/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { errorText } from '../../api/errorText';

/** A failed fetch: what went wrong and a way to try again. */
export function ErrorState({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry?: () => void }) {
  return (
    <div className="error-state" role="alert">
      <p>{errorText(error, fallback)}</p>
      {onRetry && (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
