/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
// Settings > Sign-in and security: change the password with the current one. Other devices are
// signed out; this one stays (docs/security.md, "Password and email changes").
import { useState, type FormEvent } from 'react';
import { PASSWORD_RULES, type User } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { Notice } from '../common/Notice';

export const PASSWORD_TEXTS = {
  noPassword: 'Your account has no password yet. To set one, sign out and use "Forgot password?" on the sign-in page.',
  failed: 'Could not change your password. Please try again.',
} as const;

export function ChangePasswordForm({ user }: { user: User }) {
  const api = useApi();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  if (!user.has_password) {
    return (
      <div className="form">
        <h3>Password</h3>
        <p className="muted">{PASSWORD_TEXTS.noPassword}</p>
      </div>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const r = await api.credentials.changePassword({ current_password: current, new_password: next });
      setCurrent('');
      setNext('');
      setMessage({ tone: 'success', text: r.message });
    } catch (err) {
      setMessage({ tone: 'error', text: errorText(err, PASSWORD_TEXTS.failed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)}>
      <h3 id="change-password-title">Password</h3>
      <div className="field">
        <label htmlFor="password-current">Current password</label>
        <input id="password-current" type="password" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="password-new">New password</label>
        <input
          id="password-new"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_RULES.minLength}
          aria-describedby="password-new-hint"
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <p id="password-new-hint" className="field-hint">
          {PASSWORD_RULES.hint}. Every other device will be signed out.
        </p>
      </div>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving…' : 'Change password'}
      </button>
    </form>
  );
}
