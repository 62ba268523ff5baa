import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../components/common/Link';
import { Trans } from '@lingui/react';
import { MINIMUM_AGE, PASSWORD_RULES } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { GoogleButton } from '../components/common/GoogleButton';
import { Notice } from '../components/common/Notice';
import { browserTimezone } from '../components/common/scheduleRules';
import { pageLocale } from '../i18n/i18n';
import { useT } from '../i18n/useT';
import { usePendingEmail } from '../hooks/usePendingEmail';
import { usePageTitle } from '../hooks/usePageTitle';
import '../styles/auth.css';

export function RegisterPage() {
  const t = useT();
  usePageTitle(t('auth.register.title'));
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
      setError(errorText(err, t('auth.error.registrationFailed')));
      setBusy(false);
    }
  }

  async function google(idToken: string) {
    setError(null);
    try {
      const r = await api.auth.google({ id_token: idToken, timezone: browserTimezone(), ui_language: pageLocale() });
      navigate(r.user?.is_onboarded ? '/app/dashboard' : '/app/onboarding', { replace: true });
    } catch (err) {
      setError(errorText(err, t('auth.error.googleSignUpFailed')));
    }
  }

  return (
    <section className="auth-card" aria-labelledby="register-title">
      <h1 id="register-title">{t('auth.register.title')}</h1>
      <p className="muted">{t('auth.register.intro')}</p>
      <form onSubmit={submit} className="form">
        <div className="field">
          <label htmlFor="register-name">
            <Trans id="auth.register.fullName" components={{ 0: <span className="optional" /> }} />
          </label>
          <input id="register-name" type="text" autoComplete="name" maxLength={100} value={fullName} onChange={(e) => setFullName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="register-email">{t('auth.field.email')}</label>
          <input id="register-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="register-password">{t('auth.field.password')}</label>
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
          <p id="register-password-hint" className="field-hint">{t('auth.password.hint')}</p>
        </div>
        {error && <Notice tone="error">{error}</Notice>}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t('auth.register.creating') : t('auth.register.submit')}
        </button>
      </form>
      <GoogleButton mode="signup" onCredential={(token) => void google(token)} onFailure={() => setError(t('auth.error.googleCancelled'))} />
      <p className="auth-switch">
        <Trans id="auth.register.haveAccount" components={{ 0: <Link to="/login" /> }} />
      </p>
      <p className="fine-print">
        <Trans
          id="auth.register.finePrint"
          values={{ age: MINIMUM_AGE }}
          components={{ 0: <Link to="/terms-of-service" />, 1: <Link to="/privacy-policy" /> }}
        />
      </p>
    </section>
  );
}
