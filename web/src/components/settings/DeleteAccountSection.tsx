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
import { useT } from '../../i18n/useT';

function DeleteDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const api = useApi();
  const t = useT();
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
      setNotice({ tone: 'info', text: t('settings.delete.codeSent', { message: r.message, email: user.email }) });
    } catch (err) {
      setNotice({ tone: 'error', text: errorText(err, t('settings.delete.sendFailed')) });
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
      setNotice({ tone: 'error', text: errorText(err, t('settings.delete.failed')) });
      setBusy(false);
    }
  }

  return (
    <Modal title={t('settings.delete.dialogTitle')} onClose={onClose}>
      <p>{t('settings.delete.what')}</p>
      <form className="form" onSubmit={(e) => void submit(e)}>
        {withPassword ? (
          <div className="field">
            <label htmlFor="delete-password">{t('settings.delete.password')}</label>
            <input id="delete-password" type="password" autoComplete="current-password" value={secret} onChange={(e) => setSecret(e.target.value)} required />
          </div>
        ) : (
          <>
            <p className="muted">{t('settings.delete.byEmail')}</p>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void sendCode()}>
              {codeSent ? t('settings.delete.sendAnother') : t('settings.delete.send')}
            </button>
            {codeSent && (
              <div className="field">
                <label htmlFor="delete-code">{t('settings.delete.code')}</label>
                <input id="delete-code" type="text" autoComplete="one-time-code" maxLength={16} value={secret} onChange={(e) => setSecret(e.target.value)} required />
              </div>
            )}
          </>
        )}
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('settings.common.cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy || secret === '' || (!withPassword && !codeSent)}>
            {busy ? t('settings.delete.deleting') : t('settings.delete.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function DeleteAccountSection({ user }: { user: User }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection id="delete-account" title={t('settings.delete.title')}>
      <p className="muted">{t('settings.delete.intro')}</p>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        {t('settings.delete.title')}
      </button>
      {open && <DeleteDialog user={user} onClose={() => setOpen(false)} />}
    </SettingsSection>
  );
}
