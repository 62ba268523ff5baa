// Settings > Household: invite your partner by email, see or cancel the invite you sent, see who
// you share picks with, and leave with one confirmed click (docs/product-decisions.md, "A pick for two").
import { useState, type FormEvent } from 'react';
import { errorText } from '../../api/errorText';
import { useHousehold } from '../../hooks/useHousehold';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { Notice } from '../common/Notice';
import { SettingsSection } from '../settings/SettingsSection';
import { Trans, useLingui } from '@lingui/react';
import { useT } from '../../i18n/useT';

const day = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));

export function HouseholdSection() {
  const t = useT();
  const { i18n } = useLingui();
  const { data, error: loadError, invite, leave } = useHousehold();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function run(action: () => Promise<unknown>, fallback: string, after?: () => void) {
    setBusy(true);
    setError(null);
    try {
      await action();
      after?.();
    } catch (err) {
      setError(errorText(err, fallback));
    } finally {
      setBusy(false);
    }
  }

  function onInvite(e: FormEvent) {
    e.preventDefault();
    const to = email.trim();
    void run(() => invite(to), t('household.section.inviteFailed'), () => {
      setSent(to);
      setEmail('');
    });
  }

  const partner = data?.household?.members.find((m) => !m.you);
  return (
    <SettingsSection id="household" title={t('household.section.title')}>
      <p className="muted">{t('household.section.intro')}</p>
      {loadError && <Notice tone="error">{t('household.section.loadFailed')}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      {!data && !loadError && <p className="muted">{t('household.section.loading')}</p>}
      {data && partner && data.household && (
        <>
          <p>
            <Trans id="household.section.sharing" values={{ name: partner.name, since: day(data.household.since, i18n.locale) }} components={{ 0: <strong /> }} />
          </p>
          <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
            {t('household.section.leave')}
          </button>
        </>
      )}
      {data && !data.household && data.invite && (
        <>
          <p>
            <Trans
              id={sent === data.invite.email ? 'household.section.sent' : 'household.section.waiting'}
              values={{ email: data.invite.email, expires: day(data.invite.expires_at, i18n.locale) }}
              components={{ 0: <strong /> }}
            />
          </p>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void run(leave, t('household.section.cancelFailed'), () => setSent(null))}>
            {t('household.section.cancelInvite')}
          </button>
        </>
      )}
      {data && !data.household && !data.invite && (
        <form className="household-invite" onSubmit={onInvite}>
          <label htmlFor="household-email">{t('household.section.email')}</label>
          <div className="inline-form">
            <input id="household-email" type="email" autoComplete="off" required value={email} onChange={(e) => setEmail(e.target.value)} />
            <button type="submit" className="btn btn-primary" disabled={busy || email.trim() === ''}>
              {busy ? t('household.section.sending') : t('household.section.send')}
            </button>
          </div>
          <p className="muted">{t('household.section.inviteHint')}</p>
        </form>
      )}
      {confirming && partner && (
        <ConfirmDialog
          title={t('household.section.confirmTitle')}
          cancelLabel={t('household.section.cancel')}
          confirmLabel={t('household.section.confirmYes')}
          busyLabel={t('household.section.leaving')}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void run(leave, t('household.section.leaveFailed'), () => setConfirming(false))}
        >
          <p>{t('household.section.confirmBody', { name: partner.name })}</p>
        </ConfirmDialog>
      )}
    </SettingsSection>
  );
}
