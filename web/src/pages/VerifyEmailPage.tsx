import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Link } from '../components/common/Link';
import { Trans } from '@lingui/react';
import { ApiError, VERIFICATION } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { CodeInput } from '../components/common/CodeInput';
import { Notice } from '../components/common/Notice';
import { useCountdown } from '../hooks/useCountdown';
import { usePendingEmail } from '../hooks/usePendingEmail';
import { usePageTitle } from '../hooks/usePageTitle';
import { useT } from '../i18n/useT';
import '../styles/auth.css';

/** docs/screens.md, "Sessions and account actions": success shows a message, clears the pending email, onboarding after 2 s. */
export const VERIFIED_REDIRECT_MS = 2000;

export function VerifyEmailPage() {
  const t = useT();
  usePageTitle(t('auth.verify.title'));
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const pending = usePendingEmail();
  const [email] = useState(pending.get);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>((location.state as { notice?: string } | null)?.notice ?? null);
  const [verified, setVerified] = useState(false);
  const [busy, setBusy] = useState(false);
  const cooldown = useCountdown(VERIFICATION.resendCooldownSeconds);

  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(() => navigate('/app/onboarding', { replace: true }), VERIFIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate]);

  if (!email) return <Navigate to="/register" replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (code.length !== VERIFICATION.codeLength || !email) return;
    setBusy(true);
    setError(null);
    try {
      await api.auth.verifyEmail({ email, verification_code: code });
      pending.clear();
      setVerified(true);
    } catch (err) {
      setError(errorText(err, t('auth.error.verificationFailed')));
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (!email) return;
    setError(null);
    setInfo(null);
    try {
      const r = await api.auth.resendVerification({ email });
      setInfo(r.message);
      cooldown.start(r.retry_after_seconds || VERIFICATION.resendCooldownSeconds);
    } catch (err) {
      if (err instanceof ApiError && err.retryAfterSeconds) cooldown.start(err.retryAfterSeconds);
      setError(errorText(err, t('auth.error.resendFailed')));
    }
  }

  if (verified) {
    return (
      <section className="auth-card" aria-labelledby="verify-title">
        <h1 id="verify-title">{t('auth.verify.verifiedHeading')}</h1>
        <Notice tone="success">{t('auth.verify.verifiedBody')}</Notice>
      </section>
    );
  }

  return (
    <section className="auth-card" aria-labelledby="verify-title">
      <h1 id="verify-title">{t('auth.verify.heading')}</h1>
      <p className="muted">
        <Trans id="auth.verify.sent" values={{ length: VERIFICATION.codeLength, email, minutes: VERIFICATION.codeTtlMinutes }} components={{ 0: <strong /> }} />
      </p>
      {info && <Notice tone="info">{info}</Notice>}
      <form onSubmit={submit} className="form">
        <div className="field">
          <label htmlFor="verify-code">{t('auth.verify.codeLabel')}</label>
          <CodeInput id="verify-code" value={code} onChange={setCode} focus />
          <p className="field-hint">{t('auth.verify.codeHint', { length: VERIFICATION.codeLength })}</p>
        </div>
        {error && <Notice tone="error">{error}</Notice>}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || code.length !== VERIFICATION.codeLength}>
          {busy ? t('auth.verify.verifying') : t('auth.verify.submit')}
        </button>
      </form>
      <div className="verify-actions">
        <button type="button" className="btn btn-ghost" onClick={() => void resend()} disabled={cooldown.secondsLeft > 0}>
          {cooldown.secondsLeft > 0 ? t('auth.verify.resendIn', { seconds: cooldown.secondsLeft }) : t('auth.verify.resend')}
        </button>
        <Link to="/register">{t('auth.verify.back')}</Link>
      </div>
    </section>
  );
}
