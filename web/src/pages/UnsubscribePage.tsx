import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../components/common/Link';
import { ApiError, type UnsubscribeResponse } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { Notice } from '../components/common/Notice';
import { usePageTitle } from '../hooks/usePageTitle';
import { useT } from '../i18n/useT';

/** The English of legal.unsubscribe.invalid (shared/locales/legal), word for word. */
export const UNSUBSCRIBE_INVALID_TEXT = 'This unsubscribe link is not valid. You can turn scheduled picks off in Settings instead.';
const SETTINGS_LINK = '/app/settings?section=profile';

type Outcome = { kind: 'done'; result: UnsubscribeResponse } | { kind: 'invalid'; text: string } | null;

/**
 * /unsubscribe?token= from a scheduled email. Nothing changes until the button is pressed, so a
 * link scanner that opens the page unsubscribes nobody.
 */
export function UnsubscribePage() {
  const t = useT();
  usePageTitle(t('legal.unsubscribe.pageTitle'));
  const api = useApi();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm(link: string) {
    setBusy(true);
    setError(null);
    try {
      setOutcome({ kind: 'done', result: await api.delivery.unsubscribe(link) });
    } catch (err) {
      // 400 and 404 are final for this link; anything else (network, 5xx) is worth a retry.
      if (err instanceof ApiError && (err.status === 400 || err.status === 404)) setOutcome({ kind: 'invalid', text: errorText(err, t('legal.unsubscribe.invalid')) });
      else setError(errorText(err, t('legal.unsubscribe.failed')));
    } finally {
      setBusy(false);
    }
  }

  if (!token || outcome?.kind === 'invalid') {
    return (
      <section className="container-narrow center-block">
        <h1>{t('legal.unsubscribe.invalidTitle')}</h1>
        <p className="muted">{outcome?.kind === 'invalid' ? outcome.text : t('legal.unsubscribe.invalid')}</p>
        <Link to={SETTINGS_LINK} className="btn btn-primary">{t('legal.unsubscribe.openSettings')}</Link>
      </section>
    );
  }

  if (outcome?.kind === 'done') {
    return (
      <section className="container-narrow center-block">
        <h1>{t('legal.unsubscribe.doneTitle')}</h1>
        <Notice tone="success">{outcome.result.message}</Notice>
        <Link to={SETTINGS_LINK} className="btn btn-secondary">{t('legal.unsubscribe.openSettings')}</Link>
      </section>
    );
  }

  return (
    <section className="container-narrow center-block">
      <h1>{t('legal.unsubscribe.confirmTitle')}</h1>
      <p>{t('legal.unsubscribe.confirmText')}</p>
      {error && <Notice tone="error">{error}</Notice>}
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void confirm(token)}>
        {busy ? t('legal.unsubscribe.busy') : t('legal.unsubscribe.button')}
      </button>
    </section>
  );
}
