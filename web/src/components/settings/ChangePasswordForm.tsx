// Settings > Sign-in and security: change the password with the current one. Other devices are
// signed out; this one stays (docs/security.md, "Password and email changes").
import { useState, type FormEvent } from 'react';
import { PASSWORD_RULES, type User } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { Notice } from '../common/Notice';
import { useT } from '../../i18n/useT';

/** The English texts as the tests quote them; the words shown come from shared/locales/settings. */
export const PASSWORD_TEXTS = {
  noPassword: 'Your account has no password yet. To set one, sign out and use "Forgot password?" on the sign-in page.',
  failed: 'Could not change your password. Please try again.',
} as const;

export function ChangePasswordForm({ user }: { user: User }) {
  const api = useApi();
  const t = useT();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  if (!user.has_password) {
    return (
      <div className="form">
        <h3>{t('settings.password.title')}</h3>
        <p className="muted">{t('settings.password.noPassword')}</p>
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
      setMessage({ tone: 'error', text: errorText(err, t('settings.password.failed')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)}>
      <h3 id="change-password-title">{t('settings.password.title')}</h3>
      <div className="field">
        <label htmlFor="password-current">{t('settings.password.current')}</label>
        <input id="password-current" type="password" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="password-new">{t('settings.password.new')}</label>
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
          {t('settings.password.hint')}
        </p>
      </div>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('settings.common.saving') : t('settings.password.change')}
      </button>
    </form>
  );
}
