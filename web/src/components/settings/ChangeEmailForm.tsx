// Settings > Sign-in and security: move the account to a new address. A code goes to the new
// address and confirms it; the old address is told (docs/security.md, "Password and email changes").
import { useState, type FormEvent } from 'react';
import { ApiError, VERIFICATION, type User } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { CodeInput } from '../common/CodeInput';
import { Notice } from '../common/Notice';
import { useT } from '../../i18n/useT';

export function ChangeEmailForm({ user, onChanged }: { user: User; onChanged: (user: User) => Promise<unknown> }) {
  const api = useApi();
  const t = useT();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'request' | 'code'>('request');
  const [message, setMessage] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function request(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const r = await api.credentials.changeEmail({ new_email: newEmail, password });
      setPassword('');
      setStep('code');
      setMessage({ tone: 'info', text: r.message });
    } catch (err) {
      // Inside the cooldown, the code mailed a moment ago still works.
      if (err instanceof ApiError && err.status === 429) setStep('code');
      setMessage({ tone: 'error', text: errorText(err, t('settings.email.requestFailed')) });
    } finally {
      setBusy(false);
    }
  }

  async function verify(e: FormEvent) {
    e.preventDefault();
    if (code.length !== VERIFICATION.codeLength) return;
    setBusy(true);
    setMessage(null);
    try {
      const updated = await api.credentials.verifyEmailChange({ code });
      await onChanged(updated);
      setStep('request');
      setNewEmail('');
      setCode('');
      setMessage({ tone: 'success', text: t('settings.email.changed', { email: updated.email }) });
    } catch (err) {
      setMessage({ tone: 'error', text: errorText(err, t('settings.email.verifyFailed')) });
    } finally {
      setBusy(false);
    }
  }

  const notice = message && <Notice tone={message.tone}>{message.text}</Notice>;
  if (step === 'code') {
    return (
      <form className="form" onSubmit={(e) => void verify(e)}>
        <h3 id="change-email-title">{t('settings.email.title')}</h3>
        {notice}
        <div className="field">
          <label htmlFor="email-change-code">{t('settings.email.codeSent', { email: newEmail })}</label>
          <CodeInput id="email-change-code" value={code} onChange={setCode} describedBy="email-change-code-hint" />
          <p className="field-hint" id="email-change-code-hint">
            {t('settings.email.codeHint', { minutes: VERIFICATION.codeTtlMinutes, email: user.email })}
          </p>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={() => { setStep('request'); setCode(''); setMessage(null); }}>
            {t('settings.common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || code.length !== VERIFICATION.codeLength}>
            {busy ? t('settings.email.confirming') : t('settings.email.confirm')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form className="form" onSubmit={(e) => void request(e)}>
      <h3 id="change-email-title">{t('settings.email.title')}</h3>
      <p className="muted">{t('settings.email.current', { email: user.email })}</p>
      {!user.has_password ? (
        <p className="muted">{t('settings.password.noPassword')}</p>
      ) : (
        <>
          <div className="field">
            <label htmlFor="email-new">{t('settings.email.new')}</label>
            <input id="email-new" type="email" autoComplete="email" required value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="email-password">{t('settings.email.password')}</label>
            <input id="email-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          </div>
          {notice}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('settings.email.sending') : t('settings.email.send')}
          </button>
        </>
      )}
    </form>
  );
}
