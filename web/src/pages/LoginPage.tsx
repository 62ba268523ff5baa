import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../components/common/Link';
import { Trans } from '@lingui/react';
import { ApiError, VERIFICATION, unlockAvailable } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { CodeInput } from '../components/common/CodeInput';
import { GoogleButton } from '../components/common/GoogleButton';
import { Notice } from '../components/common/Notice';
import { useCountdown } from '../hooks/useCountdown';
import { useHydratedForm } from '../hooks/useHydratedForm';
import { usePendingEmail } from '../hooks/usePendingEmail';
import { usePageTitle } from '../hooks/usePageTitle';
import { pageLocale } from '../i18n/i18n';
import { useT } from '../i18n/useT';
import '../styles/auth.css';

/**
 * The typed address goes along in the state and in the fragment, so a link opened natively (a new
 * tab) carries it too; a fragment never reaches a server or a Referer.
 */
function forgotPasswordLink(email: string) {
  const typed = email.trim();
  return typed ? { pathname: '/forgot-password', hash: `email=${encodeURIComponent(typed)}` } : '/forgot-password';
}

export function LoginPage() {
  const t = useT();
  usePageTitle(t('auth.login.title'));
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const pending = usePendingEmail();
  const expired = (location.state as { expired?: boolean } | null)?.expired === true;
  // Only the extension's connect page asks to come back after sign-in.
  const from = (location.state as { from?: string } | null)?.from;
  const returnTo = from?.startsWith('/extension/connect') ? from : null;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // While someone guesses this account's password, new browsers are limited; an emailed code lets
  // this browser in with the password (docs/security.md, "Sign-in limits").
  const [unlock, setUnlock] = useState<'none' | 'offered' | 'sent'>('none');
  const [code, setCode] = useState('');
  const [info, setInfo] = useState<string | null>(null);
  const cooldown = useCountdown(0);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const ready = useHydratedForm([
    [emailRef, setEmail],
    [passwordRef, setPassword],
  ]);

  function changeEmail(value: string) {
    setEmail(value);
    if (unlock !== 'none') {
      setUnlock('none');
      setCode('');
      setInfo(null);
    }
  }

  async function requestCode() {
    setError(null);
    setInfo(null);
    try {
      const r = await api.auth.requestUnlockCode({ email });
      setInfo(r.message);
      setUnlock('sent');
      cooldown.start(r.retry_after_seconds || VERIFICATION.resendCooldownSeconds);
    } catch (err) {
      // Inside the cooldown, the code mailed a moment ago still works.
      if (err instanceof ApiError && err.status === 429 && err.retryAfterSeconds) {
        setUnlock('sent');
        cooldown.start(err.retryAfterSeconds);
      }
      setError(errorText(err, t('auth.error.loginFailed')));
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const withCode = unlock === 'sent';
    if (withCode && code.length !== VERIFICATION.codeLength) return;
    setBusy(true);
    setError(null);
    try {
      const r = await api.auth.login(withCode ? { email, password, unlock_code: code } : { email, password });
      if (r.requires_verification || !r.access_token) {
        pending.set(email.trim().toLowerCase());
        navigate('/verify-email', { state: { notice: r.message ?? t('auth.login.verifyNotice') } });
        return;
      }
      navigate(returnTo ?? (r.user?.is_onboarded ? '/app/dashboard' : '/app/onboarding'), { replace: true });
    } catch (err) {
      if (unlockAvailable(err) && unlock === 'none') setUnlock('offered');
      setError(errorText(err, t('auth.error.loginFailed')));
      setBusy(false);
    }
  }

  async function google(idToken: string) {
    setError(null);
    try {
      await api.auth.google({ id_token: idToken, ui_language: pageLocale() });
      navigate(returnTo ?? '/app/dashboard', { replace: true });
    } catch (err) {
      setError(errorText(err, t('auth.error.googleSignInFailed')));
    }
  }

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('auth.login.heading')}</h1>
      <p className="muted">{t('auth.login.intro')}</p>
      {expired && <Notice tone="info">{t('auth.login.expired')}</Notice>}
      <form onSubmit={submit} className="form" noValidate={false}>
        <div className="field">
          <label htmlFor="login-email">{t('auth.field.email')}</label>
          <input ref={emailRef} id="login-email" type="email" autoComplete="email" required value={email} onChange={(e) => changeEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="login-password">{t('auth.field.password')}</label>
          <input ref={passwordRef} id="login-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <p className="field-hint">
            <Link to={forgotPasswordLink(email)} state={{ email: email.trim() }}>
              {t('auth.login.forgot')}
            </Link>
          </p>
        </div>
        {unlock === 'sent' && (
          <div className="field">
            <label htmlFor="login-code">{t('auth.login.codeLabel')}</label>
            <CodeInput id="login-code" value={code} onChange={setCode} describedBy="login-code-hint" />
            <p className="field-hint" id="login-code-hint">
              {t('auth.login.codeHint', { length: VERIFICATION.codeLength, minutes: VERIFICATION.codeTtlMinutes })}
            </p>
          </div>
        )}
        {info && <Notice tone="info">{info}</Notice>}
        {error && <Notice tone="error">{error}</Notice>}
        {unlock === 'offered' && (
          <button type="button" className="btn btn-secondary btn-block" onClick={() => void requestCode()}>
            {t('auth.login.emailCode')}
          </button>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={!ready || busy || (unlock === 'sent' && code.length !== VERIFICATION.codeLength)}>
          {busy ? t('auth.login.signingIn') : unlock === 'sent' ? t('auth.login.signInWithCode') : t('auth.login.signIn')}
        </button>
        {unlock === 'sent' && (
          <button type="button" className="btn btn-ghost" onClick={() => void requestCode()} disabled={cooldown.secondsLeft > 0}>
            {cooldown.secondsLeft > 0 ? t('auth.login.newCodeIn', { seconds: cooldown.secondsLeft }) : t('auth.login.newCode')}
          </button>
        )}
      </form>
      <GoogleButton mode="signin" onCredential={(token) => void google(token)} onFailure={() => setError(t('auth.error.googleCancelled'))} />
      <p className="auth-switch">
        <Trans id="auth.login.newHere" components={{ 0: <Link to="/register" /> }} />
      </p>
    </section>
  );
}
