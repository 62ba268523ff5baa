/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useApi, useServices } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { Notice } from '../common/Notice';
import { SettingsSection } from './SettingsSection';

/** docs/screens.md, "Sessions and account actions": after confirmation, preferences reset, not onboarded, back to onboarding. */
export function ResetSection() {
  const api = useApi();
  const { session } = useServices();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function reset() {
    setBusy(true);
    setError(null);
    try {
      const r = await api.onboarding.resetPreferences();
      session.setUser({ ...r.user, is_onboarded: false });
      navigate('/app/onboarding', { replace: true });
    } catch (err) {
      setError(errorText(err, 'Failed to reset preferences. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <SettingsSection id="reset" title="Reset preferences">
      <p className="muted">Start over with new genres, languages, favourites and streaming services. Your history stays.</p>
      <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
        Reset preferences
      </button>
      {confirming && (
        <ConfirmDialog
          title="Reset your preferences?"
          cancelLabel="Cancel"
          confirmLabel="Yes, reset"
          busyLabel="Resetting…"
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void reset()}
        >
          <p>Your genres, languages, favourite titles and streaming services will be cleared and you will go through onboarding again.</p>
          {error && <Notice tone="error">{error}</Notice>}
        </ConfirmDialog>
      )}
    </SettingsSection>
  );
}
