/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Link } from '../components/common/Link';
import { ApiError, ERROR_TEXTS, VERIFICATION } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { CodeInput } from '../components/common/CodeInput';
import { Notice } from '../components/common/Notice';
import { useCountdown } from '../hooks/useCountdown';
import { usePendingEmail } from '../hooks/usePendingEmail';
import { usePageTitle } from '../hooks/usePageTitle';
import '../styles/auth.css';

/** docs/screens.md, "Sessions and account actions": success shows a message, clears the pending email, onboarding after 2 s. */
export const VERIFIED_REDIRECT_MS = 2000;

export function VerifyEmailPage() {
  usePageTitle('Verify your email');
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
    const t = setTimeout(() => navigate('/app/onboarding', { replace: true }), VERIFIED_REDIRECT_MS);
    return () => clearTimeout(t);
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
      setError(errorText(err, ERROR_TEXTS.verificationFailed));
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
      setError(errorText(err, ERROR_TEXTS.resendFailed));
    }
  }

  if (verified) {
    return (
      <section className="auth-card" aria-labelledby="verify-title">
        <h1 id="verify-title">Email verified</h1>
        <Notice tone="success">Your email is verified. Taking you to onboarding…</Notice>
      </section>
    );
  }

  return (
    <section className="auth-card" aria-labelledby="verify-title">
      <h1 id="verify-title">Check your email</h1>
      <p className="muted">
        We sent a 6-character code to <strong>{email}</strong>. It expires in {VERIFICATION.codeTtlMinutes} minutes.
      </p>
      {info && <Notice tone="info">{info}</Notice>}
      <form onSubmit={submit} className="form">
        <div className="field">
          <label htmlFor="verify-code">Verification code</label>
          <CodeInput id="verify-code" value={code} onChange={setCode} focus />
          <p className="field-hint">Letters and digits, {VERIFICATION.codeLength} characters.</p>
        </div>
        {error && <Notice tone="error">{error}</Notice>}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || code.length !== VERIFICATION.codeLength}>
          {busy ? 'Verifying…' : 'Verify email'}
        </button>
      </form>
      <div className="verify-actions">
        <button type="button" className="btn btn-ghost" onClick={() => void resend()} disabled={cooldown.secondsLeft > 0}>
          {cooldown.secondsLeft > 0 ? `Resend code in ${cooldown.secondsLeft}s` : 'Resend code'}
        </button>
        <Link to="/register">Back to sign-up</Link>
      </div>
    </section>
  );
}
