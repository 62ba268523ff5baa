import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ERROR_TEXTS } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { GoogleButton } from '../components/GoogleButton';
import { Notice } from '../components/Notice';
import { usePendingEmail } from '../hooks/usePendingEmail';
import { usePageTitle } from '../hooks/usePageTitle';
import '../styles/auth.css';

export function LoginPage() {
  usePageTitle('Sign in');
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

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await api.auth.login({ email, password });
      if (r.requires_verification || !r.access_token) {
        pending.set(email.trim().toLowerCase());
        navigate('/verify-email', { state: { notice: r.message ?? 'Please verify your email. We sent you a new code.' } });
        return;
      }
      navigate(returnTo ?? (r.user?.is_onboarded ? '/app/dashboard' : '/app/onboarding'), { replace: true });
    } catch (err) {
      setError(errorText(err, ERROR_TEXTS.loginFailed));
      setBusy(false);
    }
  }

  async function google(idToken: string) {
    setError(null);
    try {
      await api.auth.google({ id_token: idToken });
      navigate(returnTo ?? '/app/dashboard', { replace: true });
    } catch (err) {
      setError(errorText(err, ERROR_TEXTS.googleSignInFailed));
    }
  }

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">Welcome back</h1>
      <p className="muted">Sign in to see tonight&rsquo;s pick.</p>
      {expired && <Notice tone="info">Your session has ended. Please sign in again.</Notice>}
      <form onSubmit={submit} className="form" noValidate={false}>
        <div className="field">
          <label htmlFor="login-email">Email</label>
          <input id="login-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input id="login-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        {error && <Notice tone="error">{error}</Notice>}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <GoogleButton mode="signin" onCredential={(t) => void google(t)} onFailure={() => setError(ERROR_TEXTS.googleCancelled)} />
      <p className="auth-switch">
        New here? <Link to="/register">Create an account</Link>
      </p>
    </section>
  );
}
