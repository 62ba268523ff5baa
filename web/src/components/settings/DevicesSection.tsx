/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
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

export const DEVICES_TEXTS = {
  loadFailed: 'Could not load your devices.',
  revokeFailed: 'Could not sign out that device. Please try again.',
  everywhereFailed: 'Could not sign out everywhere. Please try again.',
} as const;

function when(iso: string | null): string {
  if (!iso) return 'never';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const revokeLabel = (s: AccountSession) => (s.kind === 'extension' ? `Revoke the extension in ${s.label}` : `Revoke ${s.label}`);

export function DevicesSection() {
  const api = useApi();
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
      setError(errorText(err, DEVICES_TEXTS.loadFailed));
    }
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
      setError(errorText(err, DEVICES_TEXTS.revokeFailed));
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
      setError(errorText(err, DEVICES_TEXTS.everywhereFailed));
      setBusy(false);
    }
  }

  return (
    <SettingsSection id="devices" title="Devices">
      <p className="muted">Browsers signed in to your account, and browsers where the Tonight&rsquo;s Pick extension is connected.</p>
      {error && <Notice tone="error">{error}</Notice>}
      {sessions === null && !error && <p className="muted">Loading&hellip;</p>}
      {sessions && sessions.length > 0 && (
        <ul className="connected-browsers" aria-label="Signed-in devices">
          {sessions.map((s) => (
            <li key={s.id} data-session-id={s.id}>
              <div>
                <strong>{s.label}</strong>
                <span className="muted">
                  {s.kind === 'extension' ? 'Browser extension, connected' : 'Signed in'} {when(s.created_at)} &middot; last used {when(s.last_used_at)}
                </span>
              </div>
              {s.current ? (
                <span className="muted">This device</span>
              ) : (
                <button type="button" className="btn btn-danger btn-small" onClick={() => void revoke(s)} disabled={revoking === s.id} aria-label={revokeLabel(s)}>
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
        Sign out everywhere
      </button>
      {confirming && (
        <ConfirmDialog
          title="Sign out everywhere?"
          cancelLabel="Cancel"
          confirmLabel="Yes, sign out everywhere"
          busyLabel="Signing out…"
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void signOutEverywhere()}
        >
          <p>Every browser and every connected extension will be signed out, this one too. You can sign in again with your password or Google.</p>
        </ConfirmDialog>
      )}
    </SettingsSection>
  );
}
