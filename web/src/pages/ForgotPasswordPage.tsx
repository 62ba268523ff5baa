// "Forgot password?": a code mailed to the address sets a new password and signs in here; every
// other device is signed out (docs/security.md, "Password reset").
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../components/common/Link';
import { Trans } from '@lingui/react';
import { ApiError, PASSWORD_RESET, PASSWORD_RULES, VERIFICATION } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { CodeInput } from '../components/common/CodeInput';
import { Notice } from '../components/common/Notice';
import { useCountdown } from '../hooks/useCountdown';
import { usePageTitle } from '../hooks/usePageTitle';
import { useT } from '../i18n/useT';
import '../styles/auth.css';

function fragmentEmail(hash: string): string {
  const raw = new URLSearchParams(hash.replace(/^#/, '')).get('email');
  return raw?.trim().slice(0, 320) ?? '';
}

export function ForgotPasswordPage() {
  const t = useT();
  usePageTitle(t('auth.forgot.title'));
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  // The address typed on the sign-in page: in the state, or in the fragment when opened natively.
  const [email, setEmail] = useState(() => (location.state as { email?: string } | null)?.email || fragmentEmail(location.hash));
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [info, setInfo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cooldown = useCountdown(0);

  // The address leaves the address bar (and the history) once it is in the form.
  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state });
  }, [location, navigate]);

  async function requestCode(e?: FormEvent) {
    e?.preventDefault();
    setBusy(true);
    setError(null);
    setInfo(null);
    try {
      const r = await api.credentials.forgotPassword({ email });
      setInfo(r.message);
      setStep('code');
      cooldown.start(r.retry_after_seconds || VERIFICATION.resendCooldownSeconds);
    } catch (err) {
      // Inside the cooldown, the code mailed a moment ago still works.
      if (err instanceof ApiError && err.status === 429 && err.retryAfterSeconds) {
        setStep('code');
        cooldown.start(err.retryAfterSeconds);
      }
      setError(errorText(err, t('auth.forgot.requestFailed')));
    } finally {
      setBusy(false);
    }
  }

  async function reset(e: FormEvent) {
    e.preventDefault();
    if (code.length !== VERIFICATION.codeLength) return;
    setBusy(true);
    setError(null);
    try {
      const r = await api.credentials.resetPassword({ email, code, new_password: password });
      navigate(r.user?.is_onboarded ? '/app/dashboard' : '/app/onboarding', { replace: true });
    } catch (err) {
      setError(errorText(err, t('auth.forgot.resetFailed')));
      setBusy(false);
    }
  }

  return (
    <section className="auth-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('auth.forgot.title')}</h1>
      {step === 'email' ? (
        <>
          <p className="muted">{t('auth.forgot.intro')}</p>
          <form onSubmit={(e) => void requestCode(e)} className="form">
            <div className="field">
              <label htmlFor="forgot-email">{t('auth.field.email')}</label>
              <input id="forgot-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
            </div>
            {error && <Notice tone="error">{error}</Notice>}
            <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
              {busy ? t('auth.forgot.sending') : t('auth.forgot.emailCode')}
            </button>
          </form>
        </>
      ) : (
        <form onSubmit={(e) => void reset(e)} className="form">
          {info && <Notice tone="info">{info}</Notice>}
          <div className="field">
            <label htmlFor="forgot-code">{t('auth.forgot.codeLabel')}</label>
            <CodeInput id="forgot-code" value={code} onChange={setCode} describedBy="forgot-code-hint" />
            <p className="field-hint" id="forgot-code-hint">
              {t('auth.forgot.codeHint', { length: VERIFICATION.codeLength, email, minutes: PASSWORD_RESET.codeTtlMinutes })}
            </p>
          </div>
          <div className="field">
            <label htmlFor="forgot-password">{t('auth.forgot.newPassword')}</label>
            <input
              id="forgot-password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_RULES.minLength}
              aria-describedby="forgot-password-hint"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <p id="forgot-password-hint" className="field-hint">
              {t('auth.forgot.passwordHint')}
            </p>
          </div>
          {error && <Notice tone="error">{error}</Notice>}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy || code.length !== VERIFICATION.codeLength}>
            {busy ? t('auth.forgot.saving') : t('auth.forgot.submit')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => void requestCode()} disabled={busy || cooldown.secondsLeft > 0}>
            {cooldown.secondsLeft > 0 ? t('auth.login.newCodeIn', { seconds: cooldown.secondsLeft }) : t('auth.login.newCode')}
          </button>
        </form>
      )}
      <p className="auth-switch">
        <Trans id="auth.forgot.remembered" components={{ 0: <Link to="/login" /> }} />
      </p>
    </section>
  );
}
