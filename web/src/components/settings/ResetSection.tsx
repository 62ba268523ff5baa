import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useApi, useServices } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { Notice } from '../common/Notice';
import { SettingsSection } from './SettingsSection';
import { useT } from '../../i18n/useT';

/** docs/screens.md, "Sessions and account actions": after confirmation, preferences reset, not onboarded, back to onboarding. */
export function ResetSection() {
  const api = useApi();
  const t = useT();
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
      setError(errorText(err, t('settings.reset.failed')));
      setBusy(false);
    }
  }

  return (
    <SettingsSection id="reset" title={t('settings.reset.title')}>
      <p className="muted">{t('settings.reset.intro')}</p>
      <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
        {t('settings.reset.title')}
      </button>
      {confirming && (
        <ConfirmDialog
          title={t('settings.reset.confirmTitle')}
          cancelLabel={t('settings.common.cancel')}
          confirmLabel={t('settings.reset.confirmYes')}
          busyLabel={t('settings.reset.resetting')}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void reset()}
        >
          <p>{t('settings.reset.confirmBody')}</p>
          {error && <Notice tone="error">{error}</Notice>}
        </ConfirmDialog>
      )}
    </SettingsSection>
  );
}
