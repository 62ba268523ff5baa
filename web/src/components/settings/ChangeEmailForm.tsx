/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
// Settings > Sign-in and security: move the account to a new address. A code goes to the new
// address and confirms it; the old address is told (docs/security.md, "Password and email changes").
import { useState, type FormEvent } from 'react';
import { ApiError, VERIFICATION, type User } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { CodeInput } from '../common/CodeInput';
import { Notice } from '../common/Notice';
import { PASSWORD_TEXTS } from './ChangePasswordForm';

export const EMAIL_TEXTS = {
  requestFailed: 'Could not send a code. Please try again.',
  verifyFailed: 'Could not change your email address. Please try again.',
  changed: (email: string) => `Your email address is now ${email}. Every other device was signed out.`,
} as const;

export function ChangeEmailForm({ user, onChanged }: { user: User; onChanged: (user: User) => Promise<unknown> }) {
  const api = useApi();
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
      setMessage({ tone: 'error', text: errorText(err, EMAIL_TEXTS.requestFailed) });
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
      setMessage({ tone: 'success', text: EMAIL_TEXTS.changed(updated.email) });
    } catch (err) {
      setMessage({ tone: 'error', text: errorText(err, EMAIL_TEXTS.verifyFailed) });
    } finally {
      setBusy(false);
    }
  }

  const notice = message && <Notice tone={message.tone}>{message.text}</Notice>;
  if (step === 'code') {
    return (
      <form className="form" onSubmit={(e) => void verify(e)}>
        <h3 id="change-email-title">Email address</h3>
        {notice}
        <div className="field">
          <label htmlFor="email-change-code">Code sent to {newEmail}</label>
          <CodeInput id="email-change-code" value={code} onChange={setCode} describedBy="email-change-code-hint" />
          <p className="field-hint" id="email-change-code-hint">
            It expires in {VERIFICATION.codeTtlMinutes} minutes. Until you enter it, your address stays {user.email}.
          </p>
        </div>
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={() => { setStep('request'); setCode(''); setMessage(null); }}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || code.length !== VERIFICATION.codeLength}>
            {busy ? 'Confirming…' : 'Confirm new email'}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form className="form" onSubmit={(e) => void request(e)}>
      <h3 id="change-email-title">Email address</h3>
      <p className="muted">You sign in with {user.email}.</p>
      {!user.has_password ? (
        <p className="muted">{PASSWORD_TEXTS.noPassword}</p>
      ) : (
        <>
          <div className="field">
            <label htmlFor="email-new">New email address</label>
            <input id="email-new" type="email" autoComplete="email" required value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="email-password">Password</label>
            <input id="email-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          </div>
          {notice}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Sending…' : 'Email me a code'}
          </button>
        </>
      )}
    </form>
  );
}
