/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../components/common/Link';
import { ALERT_TEXTS, type PublicRateResponse } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { Notice } from '../components/common/Notice';
import { usePageTitle } from '../hooks/usePageTitle';
import '../styles/legal.css';
import { Icon } from '../components/common/Icon';

type Rating = 'like' | 'dislike';
const isRating = (v: string | null): v is Rating => v === 'like' || v === 'dislike';

/** The rating link from an email: confirm first, then record through the API. */
export function RatePage() {
  usePageTitle('Rate your pick');
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
        <h1>{ALERT_TEXTS.invalidLink}</h1>
        <p className="muted">This rating link is incomplete. Open it again from your email, or rate from the app.</p>
        <Link to="/login" className="btn btn-primary">Open the app</Link>
      </section>
    );
  }

  async function confirm(t: string, r: Rating) {
    setBusy(true);
    setError(null);
    try {
      setResult(await api.recommendations.rateFromLink({ token: t, rating: r }));
    } catch (err) {
      setError(errorText(err, 'We could not record your rating. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const liked = rating === 'like';
  return (
    <section className="container-narrow center-block rate-page">
      {result ? (
        <>
          <h1>Thanks!</h1>
          <Notice tone="success">
            {result.message} You {result.rating ? 'liked' : 'disliked'} <strong>{result.movie_title}</strong>.
          </Notice>
          <p>Your next picks will take this into account.</p>
          <Link to="/login" className="btn btn-secondary">Open the app</Link>
        </>
      ) : (
        <>
          <h1>Rate your pick</h1>
          <p className="rate-question">
            <span className="rate-emoji"><Icon name={liked ? 'thumbUp' : 'thumbDown'} size={40} /></span>
            Record that you <strong>{liked ? 'liked' : 'disliked'}</strong> this recommendation?
          </p>
          {error && <Notice tone="error">{error}</Notice>}
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void confirm(token, rating)}>
            {busy ? 'Saving…' : `Yes, I ${liked ? 'liked' : 'disliked'} it`}
          </button>
        </>
      )}
    </section>
  );
}
