/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../components/common/Link';
import { ApiError, type UnsubscribeResponse } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { Notice } from '../components/common/Notice';
import { usePageTitle } from '../hooks/usePageTitle';

export const UNSUBSCRIBE_INVALID_TEXT = 'This unsubscribe link is not valid. You can turn scheduled picks off in Settings instead.';
const SETTINGS_LINK = '/app/settings?section=profile';

type Outcome = { kind: 'done'; result: UnsubscribeResponse } | { kind: 'invalid'; text: string } | null;

/**
 * /unsubscribe?token= from a scheduled email. Nothing changes until the button is pressed, so a
 * link scanner that opens the page unsubscribes nobody.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const api = useApi();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm(t: string) {
    setBusy(true);
    setError(null);
    try {
      setOutcome({ kind: 'done', result: await api.delivery.unsubscribe(t) });
    } catch (err) {
      // 400 and 404 are final for this link; anything else (network, 5xx) is worth a retry.
      if (err instanceof ApiError && (err.status === 400 || err.status === 404)) setOutcome({ kind: 'invalid', text: errorText(err, UNSUBSCRIBE_INVALID_TEXT) });
      else setError(errorText(err, 'We could not unsubscribe you just now. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  if (!token || outcome?.kind === 'invalid') {
    return (
      <section className="container-narrow center-block">
        <h1>We could not use this unsubscribe link</h1>
        <p className="muted">{outcome?.kind === 'invalid' ? outcome.text : UNSUBSCRIBE_INVALID_TEXT}</p>
        <Link to={SETTINGS_LINK} className="btn btn-primary">Open Settings</Link>
      </section>
    );
  }

  if (outcome?.kind === 'done') {
    return (
      <section className="container-narrow center-block">
        <h1>You are unsubscribed</h1>
        <Notice tone="success">{outcome.result.message}</Notice>
        <Link to={SETTINGS_LINK} className="btn btn-secondary">Open Settings</Link>
      </section>
    );
  }

  return (
    <section className="container-narrow center-block">
      <h1>Stop scheduled picks?</h1>
      <p>You will no longer get a recommendation by email (or in your calendar) on your chosen days. Your account and the app stay as they are.</p>
      {error && <Notice tone="error">{error}</Notice>}
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void confirm(token)}>
        {busy ? 'Unsubscribing…' : 'Unsubscribe'}
      </button>
    </section>
  );
}
