import { useLingui } from '@lingui/react';
import type { SubscriptionStatus } from '@app/shared';
import { useSession } from '../../api/ServicesContext';
import { useSubscriptionStatus } from '../../hooks/useSubscriptionStatus';
import { defaultTimezone } from '../common/scheduleRules';
import { ErrorState } from '../common/ErrorState';
import { PageLoading } from '../common/PageLoading';
import { PaymentsOffNote } from './PaymentsOffNote';
import { SettingsSection } from './SettingsSection';
import { useT, type MessageValues } from '../../i18n/useT';

/** Each plan's name (shared/locales/settings). */
const TIER_NAMES: Record<string, string> = {
  free_trial: 'settings.plan.tierFree',
  paid_lifetime: 'settings.plan.tierLifetime',
  paid_monthly: 'settings.plan.tierMonthly',
  paid_yearly: 'settings.plan.tierYearly',
};

/** The plan's status as the server names it ('Active', 'Limit Reached', 'Expired'), said in the language shown. */
const STATUS_NAMES: Record<string, string> = {
  Active: 'settings.plan.statusActive',
  'Limit Reached': 'settings.plan.statusLimit',
  Expired: 'settings.plan.statusExpired',
};

/**
 * "Monday, 30 November" (English), "Montag, 30. November", "11月30日月曜日": a plan date as a day in
 * the user's timezone, not an instant in the browser's, in the language shown.
 */
export function planDate(iso: string, timeZone: string, locale = 'en'): string {
  const options = { weekday: 'long', day: 'numeric', month: 'long', timeZone: defaultTimezone(timeZone) } as const;
  if (locale !== 'en') return new Intl.DateTimeFormat(locale, options).format(new Date(iso));
  const parts = new Intl.DateTimeFormat('en-GB', options).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('weekday')}, ${get('day')} ${get('month')}`;
}

type Translate = (key: string, values?: MessageValues) => string;

/**
 * This week's use, free replacements included (docs/product-decisions.md), e.g.
 * "1 of 3 picks used · 5 free replacements left"; a plan without a weekly limit counts only picks.
 */
export function weekUseText(s: SubscriptionStatus, t: Translate): string {
  const values = { used: s.recommendations_used, limit: s.recommendations_limit ?? 0 };
  if (s.recommendations_limit === null) return t('settings.plan.weekUnlimited', values);
  if (s.free_replacements_left === null) return t('settings.plan.weekPicks', values);
  if (s.free_replacements_left === 0) return t('settings.plan.weekNoFree', values);
  return t('settings.plan.weekFree', { ...values, free: s.free_replacements_left });
}

export function SubscriptionSection({ onUpgrade }: { onUpgrade: () => void }) {
  const t = useT();
  const { i18n } = useLingui();
  const { data: s, error, mutate } = useSubscriptionStatus();
  const timezone = useSession().user?.timezone ?? 'UTC';
  return (
    <SettingsSection id="subscription" title={t('settings.plan.title')}>
      {error ? (
        <ErrorState error={error} fallback={t('settings.plan.loadFailed')} onRetry={() => void mutate()} />
      ) : !s ? (
        <PageLoading label={t('settings.plan.loading')} />
      ) : (
        <>
          <dl className="facts">
            <div>
              <dt>{t('settings.plan.plan')}</dt>
              <dd>{TIER_NAMES[s.subscription_tier] ? t(TIER_NAMES[s.subscription_tier]) : s.subscription_tier}</dd>
            </div>
            <div>
              <dt>{t('settings.plan.status')}</dt>
              <dd>
                <span className={`tag tag-${s.status.replace(' ', '-').toLowerCase()}`}>{STATUS_NAMES[s.status] ? t(STATUS_NAMES[s.status]) : s.status}</span>
              </dd>
            </div>
            <div>
              <dt>{t('settings.plan.thisWeek')}</dt>
              <dd>{weekUseText(s, t)}</dd>
            </div>
            {s.week_resets_at && s.recommendations_limit !== null && (
              <div>
                <dt>{t('settings.plan.weeklyReset')}</dt>
                <dd>{t('settings.plan.renews', { limit: s.recommendations_limit, date: planDate(s.week_resets_at, timezone, i18n.locale) })}</dd>
              </div>
            )}
            {s.subscription_end_date && s.subscription_tier !== 'free_trial' && s.subscription_tier !== 'paid_lifetime' && (
              <div>
                <dt>{t('settings.plan.ends')}</dt>
                <dd>{planDate(s.subscription_end_date, timezone, i18n.locale)}</dd>
              </div>
            )}
          </dl>
          {s.subscription_tier === 'paid_lifetime' ? (
            <p className="muted">{t('settings.plan.lifetime')}</p>
          ) : (
            <>
              <button type="button" className="btn btn-primary" onClick={onUpgrade} aria-describedby={s.payments_enabled ? undefined : 'subscription-payments-off'}>
                {t('settings.upgrade.title')}
              </button>
              {!s.payments_enabled && <PaymentsOffNote id="subscription-payments-off" />}
            </>
          )}
        </>
      )}
    </SettingsSection>
  );
}
