/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
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

const SECTIONS = [
  ['subscription', 'Subscription'],
  ['calendar', 'Calendar'],
  ['streaming', 'Streaming services'],
  ['languages', 'Languages'],
  ['language', 'Language'],
  ['never-show', 'Never show me'],
  ['household', 'Household'],
  ['profile', 'Profile'],
  ['security', 'Sign-in and security'],
  ['devices', 'Devices'],
  ['connected-apps', 'Connected apps'],
  ['import', 'Import history'],
  ['reset', 'Reset'],
  ['data', 'Your data'],
  ['delete-account', 'Delete account'],
] as const;

export function SettingsPage() {
  usePageTitle('Settings');
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

  if (error) return <ErrorState error={error} fallback="Could not load your settings." onRetry={() => void mutate()} />;
  if (!user || !fresh) return <PageLoading label="Loading settings" />;

  return (
    <div className="container settings">
      <h1>Settings</h1>
      <nav className="settings-nav" aria-label="Settings sections">
        {SECTIONS.map(([id, label]) => (
          <a key={id} href={`#${id}`}>{label}</a>
        ))}
      </nav>
      {payment && <Notice tone={payment.tone}>{payment.text}</Notice>}
      <div className="settings-sections">
        <SubscriptionSection onUpgrade={() => setUpgradeOpen(true)} />
        <CalendarSection user={user} oauth={oauth} onOAuthUsed={dropOAuth} onUpgrade={() => setUpgradeOpen(true)} />
        <ListSettingSection id="streaming" title="Streaming services" value={user.ott_subscriptions} save={(v) => update({ ott_subscriptions: v })}>
          {(selected, onChange) => <PlatformStep selected={selected} onChange={onChange} legend="Your streaming services" country={user.country} />}
        </ListSettingSection>
        <ListSettingSection
          id="languages"
          title="Preferred languages"
          value={user.preferred_languages}
          min={1}
          minText="Select at least one language to save."
          save={(v) => update({ preferred_languages: v })}
        >
          {(selected, onChange) => <LanguageStep selected={selected} onChange={onChange} legend="Languages you watch in" />}
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
