import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Trans } from '@lingui/react';
import { Link } from '../components/common/Link';
import type { PublicRateResponse } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { Notice } from '../components/common/Notice';
import { usePageTitle } from '../hooks/usePageTitle';
import { useT } from '../i18n/useT';
import '../styles/legal.css';
import { Icon } from '../components/common/Icon';

type Rating = 'like' | 'dislike';
const isRating = (v: string | null): v is Rating => v === 'like' || v === 'dislike';

/** The rating link from an email: confirm first, then record through the API. */
export function RatePage() {
  const t = useT();
  usePageTitle(t('dashboard.rate.title'));
  const api = useApi();
  const [params] = useSearchParams();
  const token = params.get('token');
  const rating = params.get('rating');
  const [result, setResult] = useState<PublicRateResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!token || !isRating(rating)) {
    return (
      <section className="container-narrow center-block">
        <h1>{t('dashboard.rate.invalidLink')}</h1>
        <p className="muted">{t('dashboard.rate.incomplete')}</p>
        <Link to="/login" className="btn btn-primary">{t('dashboard.rate.openApp')}</Link>
      </section>
    );
  }

  async function confirm(token: string, r: Rating) {
    setBusy(true);
    setError(null);
    try {
      setResult(await api.recommendations.rateFromLink({ token, rating: r }));
    } catch (err) {
      setError(errorText(err, t('dashboard.rate.failed')));
    } finally {
      setBusy(false);
    }
  }

  const liked = rating === 'like';
  return (
    <section className="container-narrow center-block rate-page">
      {result ? (
        <>
          <h1>{t('dashboard.rate.thanks')}</h1>
          <Notice tone="success">
            {/* The server's own words first ("Rating recorded."), said in the reader's language. */}
            {result.message}{' '}
            <Trans id="dashboard.rate.recorded" values={{ rating: result.rating ? 'like' : 'dislike', title: result.movie_title }} components={{ 0: <strong /> }} />
          </Notice>
          <p>{t('dashboard.rate.takenIntoAccount')}</p>
          <Link to="/login" className="btn btn-secondary">{t('dashboard.rate.openApp')}</Link>
        </>
      ) : (
        <>
          <h1>{t('dashboard.rate.title')}</h1>
          <p className="rate-question">
            <span className="rate-emoji"><Icon name={liked ? 'thumbUp' : 'thumbDown'} size={40} /></span>
            <Trans id="dashboard.rate.question" values={{ rating }} components={{ 0: <strong /> }} />
          </p>
          {error && <Notice tone="error">{error}</Notice>}
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void confirm(token, rating)}>
            {busy ? t('dashboard.rate.saving') : t('dashboard.rate.confirm', { rating })}
          </button>
        </>
      )}
    </section>
  );
}
