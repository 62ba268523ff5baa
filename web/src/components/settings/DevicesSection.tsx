// Settings > Devices: every web browser signed in to the account and every connected browser
// extension, with when each was last used; Revoke signs one out at its next request, and "Sign
// out everywhere" signs out all of them, this one too (docs/security.md, "Sessions").
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AccountSession } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { Notice } from '../common/Notice';
import { SettingsSection } from './SettingsSection';
import '../../styles/extension.css';
import { useLingui } from '@lingui/react';
import { useT } from '../../i18n/useT';

/** A moment in the language shown, as a date and a time ("Dec 3, 2026, 5:04 PM" in English). */
const when = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export function DevicesSection() {
  const api = useApi();
  const t = useT();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setSessions((await api.sessions.list()).sessions);
      setError(null);
    } catch (err) {
      setError(errorText(err, t('settings.devices.loadFailed')));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows the language; loading again on a switch is not needed
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  async function revoke(s: AccountSession) {
    setRevoking(s.id);
    setError(null);
    try {
      await api.sessions.revoke(s.id);
      setSessions((list) => list?.filter((x) => x.id !== s.id) ?? null);
    } catch (err) {
      setError(errorText(err, t('settings.devices.revokeFailed')));
      await load();
    }
    setRevoking(null);
  }

  async function signOutEverywhere() {
    setBusy(true);
    setError(null);
    try {
      await api.auth.signOutEverywhere();
      navigate('/login', { replace: true });
    } catch (err) {
      setError(errorText(err, t('settings.devices.everywhereFailed')));
      setBusy(false);
    }
  }

  return (
    <SettingsSection id="devices" title={t('settings.devices.title')}>
      <p className="muted">{t('settings.devices.intro')}</p>
      {error && <Notice tone="error">{error}</Notice>}
      {sessions === null && !error && <p className="muted">{t('settings.common.loading')}</p>}
      {sessions && sessions.length > 0 && (
        <ul className="connected-browsers" aria-label={t('settings.devices.list')}>
          {sessions.map((s) => (
            <li key={s.id} data-session-id={s.id}>
              <div>
                <strong>{s.label}</strong>
                <span className="muted">
                  {t(s.kind === 'extension' ? 'settings.devices.extensionSince' : 'settings.devices.signedInSince', { since: when(s.created_at, i18n.locale) })} &middot;{' '}
                  {s.last_used_at ? t('settings.devices.lastUsed', { when: when(s.last_used_at, i18n.locale) }) : t('settings.devices.neverUsed')}
                </span>
              </div>
              {s.current ? (
                <span className="muted">{t('settings.devices.current')}</span>
              ) : (
                <button type="button" className="btn btn-danger btn-small" onClick={() => void revoke(s)} disabled={revoking === s.id} aria-label={t(s.kind === 'extension' ? 'settings.devices.revokeExtension' : 'settings.devices.revokeBrowser', { name: s.label })}>
                  {t('settings.devices.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
        {t('settings.devices.everywhere')}
      </button>
      {confirming && (
        <ConfirmDialog
          title={t('settings.devices.confirmTitle')}
          cancelLabel={t('settings.common.cancel')}
          confirmLabel={t('settings.devices.confirmYes')}
          busyLabel={t('settings.devices.signingOut')}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void signOutEverywhere()}
        >
          <p>{t('settings.devices.confirmBody')}</p>
        </ConfirmDialog>
      )}
    </SettingsSection>
  );
}
