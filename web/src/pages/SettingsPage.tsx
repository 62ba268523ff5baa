import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFreshProfile } from '../hooks/useProfile';
import { useSubscriptionStatus } from '../hooks/useSubscriptionStatus';
import { usePaymentReturn } from '../hooks/usePaymentReturn';
import { usePageTitle } from '../hooks/usePageTitle';
import { SubscriptionSection } from '../components/settings/SubscriptionSection';
import { CalendarSection } from '../components/settings/CalendarSection';
import { ProfileSection } from '../components/settings/ProfileSection';
import { ListSettingSection } from '../components/settings/ListSettingSection';
import { ResetSection } from '../components/settings/ResetSection';
import { SecuritySection } from '../components/settings/SecuritySection';
import { DevicesSection } from '../components/settings/DevicesSection';
import { ExportDataSection } from '../components/settings/ExportDataSection';
import { ImportSection } from '../components/imports/ImportSection';
import { ConnectedAppsSection } from '../components/connections/ConnectedAppsSection';
import { DeleteAccountSection } from '../components/settings/DeleteAccountSection';
import { HouseholdSection } from '../components/household/HouseholdSection';
import { UpgradeModal } from '../components/settings/UpgradeModal';
import { PlatformStep } from '../components/onboarding/PlatformStep';
import { LanguageStep } from '../components/onboarding/LanguageStep';
import { NeverShowSection } from '../components/settings/NeverShowSection';
import { LanguageSection } from '../components/settings/LanguageSection';
import { ErrorState } from '../components/common/ErrorState';
import { PageLoading } from '../components/common/PageLoading';
import { Notice } from '../components/common/Notice';
import { useT } from '../i18n/useT';

const SECTIONS = [
  ['subscription', 'settings.nav.subscription'],
  ['calendar', 'settings.nav.calendar'],
  ['streaming', 'settings.nav.streaming'],
  ['languages', 'settings.nav.languages'],
  ['language', 'settings.nav.language'],
  ['never-show', 'settings.nav.neverShow'],
  ['household', 'settings.nav.household'],
  ['profile', 'settings.nav.profile'],
  ['security', 'settings.nav.security'],
  ['devices', 'settings.nav.devices'],
  ['connected-apps', 'settings.nav.connectedApps'],
  ['import', 'settings.nav.import'],
  ['reset', 'settings.nav.reset'],
  ['data', 'settings.nav.data'],
  ['delete-account', 'settings.nav.deleteAccount'],
] as const;

export function SettingsPage() {
  const t = useT();
  usePageTitle(t('settings.page.title'));
  const [params, setParams] = useSearchParams();
  // Forms start from the server's current profile, never from a copy cached before this page.
  const { data: user, error, mutate, update, remember, fresh } = useFreshProfile();
  const { data: plan } = useSubscriptionStatus();
  const [upgradeOpen, setUpgradeOpen] = useState(params.get('upgrade') === 'true');
  // The calendar authorisation's return: ?code=&state= when allowed, ?error=&state= when not.
  const [oauth] = useState(() => ({ code: params.get('code'), state: params.get('state'), error: params.get('error') }));
  const [orderId] = useState(() => params.get('order_id'));

  /** One-shot parameters leave the address bar once used, so a reload does not repeat them. */
  const drop = useCallback(
    (...keys: string[]) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const k of keys) next.delete(k);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const dropOAuth = useCallback(() => drop('code', 'state', 'scope', 'authuser', 'prompt', 'hd', 'iss', 'error', 'error_description', 'error_uri'), [drop]);
  const dropPayment = useCallback(() => drop('payment', 'order_id'), [drop]);
  const payment = usePaymentReturn(params.get('payment'), orderId, dropPayment);

  const section = params.get('section');
  useEffect(() => {
    if (!section || !user || !fresh) return;
    const el = document.getElementById(section);
    el?.scrollIntoView?.({ block: 'start' });
    if (!upgradeOpen) el?.focus({ preventScroll: true });
  }, [section, user, fresh, upgradeOpen]);

  function closeUpgrade() {
    setUpgradeOpen(false);
    drop('upgrade');
  }

  if (error) return <ErrorState error={error} fallback={t('settings.page.loadFailed')} onRetry={() => void mutate()} />;
  if (!user || !fresh) return <PageLoading label={t('settings.page.loading')} />;

  return (
    <div className="container settings">
      <h1>{t('settings.page.title')}</h1>
      <nav className="settings-nav" aria-label={t('settings.page.sections')}>
        {SECTIONS.map(([id, key]) => (
          <a key={id} href={`#${id}`}>{t(key)}</a>
        ))}
      </nav>
      {payment && <Notice tone={payment.tone}>{payment.text}</Notice>}
      <div className="settings-sections">
        <SubscriptionSection onUpgrade={() => setUpgradeOpen(true)} />
        <CalendarSection user={user} oauth={oauth} onOAuthUsed={dropOAuth} onUpgrade={() => setUpgradeOpen(true)} />
        <ListSettingSection id="streaming" title={t('settings.streaming.title')} value={user.ott_subscriptions} save={(v) => update({ ott_subscriptions: v })}>
          {(selected, onChange) => <PlatformStep selected={selected} onChange={onChange} legend={t('settings.streaming.legend')} country={user.country} />}
        </ListSettingSection>
        <ListSettingSection
          id="languages"
          title={t('settings.languages.title')}
          value={user.preferred_languages}
          min={1}
          minText={t('settings.languages.min')}
          save={(v) => update({ preferred_languages: v })}
        >
          {(selected, onChange) => <LanguageStep selected={selected} onChange={onChange} legend={t('settings.languages.legend')} />}
        </ListSettingSection>
        <LanguageSection user={user} save={update} />
        <NeverShowSection user={user} save={update} />
        <HouseholdSection />
        <ProfileSection user={user} save={update} />
        <SecuritySection user={user} onEmailChanged={remember} />
        <DevicesSection />
        <ConnectedAppsSection />
        <ImportSection />
        <ResetSection />
        <ExportDataSection />
        <DeleteAccountSection user={user} />
      </div>
      {upgradeOpen && plan?.subscription_tier !== 'paid_lifetime' && <UpgradeModal paymentsEnabled={plan?.payments_enabled} onClose={closeUpgrade} />}
    </div>
  );
}
