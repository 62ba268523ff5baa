/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { freeReplacementsText, type SubscriptionStatus } from '@app/shared';
import { useSession } from '../../api/ServicesContext';
import { useSubscriptionStatus } from '../../hooks/useSubscriptionStatus';
import { defaultTimezone } from '../common/scheduleRules';
import { ErrorState } from '../common/ErrorState';
import { PageLoading } from '../common/PageLoading';
import { PaymentsOffNote } from './PaymentsOffNote';
import { SettingsSection } from './SettingsSection';

const TIER_NAMES: Record<string, string> = {
  free_trial: 'Free plan',
  paid_lifetime: 'Lifetime plan',
  paid_monthly: 'Monthly plan (legacy)',
  paid_yearly: 'Yearly plan (legacy)',
};

/** "Monday, 30 November": a plan date as a day in the user's timezone, not an instant in the browser's. */
export function planDate(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: defaultTimezone(timeZone) }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('weekday')}, ${get('day')} ${get('month')}`;
}

/**
 * This week's use, free replacements included (docs/product-decisions.md), e.g.
 * "1 of 3 picks used · 5 free replacements left"; a plan without a weekly limit counts only picks.
 */
export function weekUseText(s: SubscriptionStatus): string {
  if (s.recommendations_limit === null) return `${s.recommendations_used} used · unlimited`;
  const picks = `${s.recommendations_used} of ${s.recommendations_limit} picks used`;
  if (s.free_replacements_left === null) return picks;
  const free = freeReplacementsText(s.free_replacements_left);
  return `${picks} · ${s.free_replacements_left === 0 ? free : `${free} left`}`;
}

export function SubscriptionSection({ onUpgrade }: { onUpgrade: () => void }) {
  const { data: s, error, mutate } = useSubscriptionStatus();
  const timezone = useSession().user?.timezone ?? 'UTC';
  return (
    <SettingsSection id="subscription" title="Subscription">
      {error ? (
        <ErrorState error={error} fallback="Could not load your plan." onRetry={() => void mutate()} />
      ) : !s ? (
        <PageLoading label="Loading your plan" />
      ) : (
        <>
          <dl className="facts">
            <div>
              <dt>Plan</dt>
              <dd>{TIER_NAMES[s.subscription_tier] ?? s.subscription_tier}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <span className={`tag tag-${s.status.replace(' ', '-').toLowerCase()}`}>{s.status}</span>
              </dd>
            </div>
            <div>
              <dt>This week</dt>
              <dd>{weekUseText(s)}</dd>
            </div>
            {s.week_resets_at && s.recommendations_limit !== null && (
              <div>
                <dt>Weekly reset</dt>
                <dd>
                  Your {s.recommendations_limit} picks renew on {planDate(s.week_resets_at, timezone)}
                </dd>
              </div>
            )}
            {s.subscription_end_date && s.subscription_tier !== 'free_trial' && s.subscription_tier !== 'paid_lifetime' && (
              <div>
                <dt>Ends</dt>
                <dd>{planDate(s.subscription_end_date, timezone)}</dd>
              </div>
            )}
          </dl>
          {s.subscription_tier === 'paid_lifetime' ? (
            <p className="muted">You have lifetime access. Plan changes are handled by support.</p>
          ) : (
            <>
              <button type="button" className="btn btn-primary" onClick={onUpgrade} aria-describedby={s.payments_enabled ? undefined : 'subscription-payments-off'}>
                Upgrade to lifetime
              </button>
              {!s.payments_enabled && <PaymentsOffNote id="subscription-payments-off" />}
            </>
          )}
        </>
      )}
    </SettingsSection>
  );
}
