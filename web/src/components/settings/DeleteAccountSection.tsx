/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
// Settings > Delete my account: a confirmation dialog that asks for the password, or for a code we
// email to accounts without one (Google sign-in). After deletion this browser is signed out and
// shows the confirmation page. docs/product-decisions.md, "Your data".
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { Modal } from '../common/Modal';
import { Notice } from '../common/Notice';
import { SettingsSection } from './SettingsSection';

export const DELETE_ACCOUNT_TEXTS = {
  what: 'Your profile, preferences, favourites, recommendations and ratings, schedule, connected browsers and feedback are deleted for good, scheduled emails stop, and Google Calendar access is revoked. Records of payments are kept for accounting without your name or email. You can register again with the same email later.',
  confirm: 'Delete my account for good',
} as const;

function DeleteDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const api = useApi();
  const navigate = useNavigate();
  const [secret, setSecret] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const withPassword = user.has_password;

  async function sendCode() {
    setBusy(true);
    setNotice(null);
    try {
      const r = await api.account.requestDeletionCode();
      setCodeSent(true);
      setNotice({ tone: 'info', text: `${r.message} We sent it to ${user.email}.` });
    } catch (err) {
      setNotice({ tone: 'error', text: errorText(err, 'Could not send the code. Please try again.') });
    }
    setBusy(false);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      await api.account.delete(withPassword ? { password: secret } : { code: secret.trim() });
      navigate('/account-deleted', { replace: true });
    } catch (err) {
      setNotice({ tone: 'error', text: errorText(err, 'Could not delete your account. Please try again.') });
      setBusy(false);
    }
  }

  return (
    <Modal title="Delete your account?" onClose={onClose}>
      <p>{DELETE_ACCOUNT_TEXTS.what}</p>
      <form className="form" onSubmit={(e) => void submit(e)}>
        {withPassword ? (
          <div className="field">
            <label htmlFor="delete-password">Your password</label>
            <input id="delete-password" type="password" autoComplete="current-password" value={secret} onChange={(e) => setSecret(e.target.value)} required />
          </div>
        ) : (
          <>
            <p className="muted">Your account has no password, so we confirm by email.</p>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void sendCode()}>
              {codeSent ? 'Email me another code' : 'Email me a code'}
            </button>
            {codeSent && (
              <div className="field">
                <label htmlFor="delete-code">Code from the email</label>
                <input id="delete-code" type="text" autoComplete="one-time-code" maxLength={16} value={secret} onChange={(e) => setSecret(e.target.value)} required />
              </div>
            )}
          </>
        )}
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy || secret === '' || (!withPassword && !codeSent)}>
            {busy ? 'Deleting…' : DELETE_ACCOUNT_TEXTS.confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function DeleteAccountSection({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection id="delete-account" title="Delete my account">
      <p className="muted">Delete your account and all its data. This cannot be undone; export your data first if you want a copy.</p>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      {open && <DeleteDialog user={user} onClose={() => setOpen(false)} />}
    </SettingsSection>
  );
}
