/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../components/common/Link';
import { ERROR_TEXTS, PASSWORD_RULES } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { GoogleButton } from '../components/common/GoogleButton';
import { Notice } from '../components/common/Notice';
import { browserTimezone } from '../components/common/scheduleRules';
import { pageLocale } from '../i18n/i18n';
import { usePendingEmail } from '../hooks/usePendingEmail';
import { usePageTitle } from '../hooks/usePageTitle';
import '../styles/auth.css';

export function RegisterPage() {
  usePageTitle('Create your account');
  const api = useApi();
  const navigate = useNavigate();
  const pending = usePendingEmail();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await api.auth.register({ email, password, full_name: fullName.trim() || null, timezone: browserTimezone(), ui_language: pageLocale() });
      if (r.requires_verification || !r.access_token) {
        pending.set(email.trim().toLowerCase());
        navigate('/verify-email');
        return;
      }
      navigate('/app/onboarding', { replace: true });
    } catch (err) {
      setError(errorText(err, ERROR_TEXTS.registrationFailed));
      setBusy(false);
    }
  }

  async function google(idToken: string) {
    setError(null);
    try {
      const r = await api.auth.google({ id_token: idToken, timezone: browserTimezone(), ui_language: pageLocale() });
      navigate(r.user?.is_onboarded ? '/app/dashboard' : '/app/onboarding', { replace: true });
    } catch (err) {
      setError(errorText(err, ERROR_TEXTS.googleSignUpFailed));
    }
  }

  return (
    <section className="auth-card" aria-labelledby="register-title">
      <h1 id="register-title">Create your account</h1>
      <p className="muted">Free plan included. No card needed.</p>
      <form onSubmit={submit} className="form">
        <div className="field">
          <label htmlFor="register-name">
            Full name <span className="optional">(optional)</span>
          </label>
          <input id="register-name" type="text" autoComplete="name" maxLength={100} value={fullName} onChange={(e) => setFullName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="register-email">Email</label>
          <input id="register-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="register-password">Password</label>
          <input
            id="register-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_RULES.minLength}
            aria-describedby="register-password-hint"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <p id="register-password-hint" className="field-hint">{PASSWORD_RULES.hint}</p>
        </div>
        {error && <Notice tone="error">{error}</Notice>}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <GoogleButton mode="signup" onCredential={(t) => void google(t)} onFailure={() => setError(ERROR_TEXTS.googleCancelled)} />
      <p className="auth-switch">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
      <p className="fine-print">
        By creating an account you agree to the <Link to="/terms-of-service">terms</Link> and the{' '}
        <Link to="/privacy-policy">privacy policy</Link>. You must be at least 13.
      </p>
    </section>
  );
}
