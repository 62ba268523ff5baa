import type { SubscriptionStatus } from '@app/shared';
import { useSubscriptionStatus } from '../../hooks/useSubscriptionStatus';
import { useT } from '../../i18n/useT';

export interface PlanLimit {
  message: string;
  expired: boolean;
}

/**
 * What remains this week, e.g. "2 of 3 picks left this week · 5 free replacements"; null for a
 * plan without a weekly limit (the words of shared/src/allowance.ts, in the active language).
 */
export function allowanceMessage(t: ReturnType<typeof useT>, s: SubscriptionStatus): string | null {
  if (s.recommendations_limit === null || s.recommendations_left === null) return null;
  const values = { left: s.recommendations_left, limit: s.recommendations_limit };
  return s.free_replacements_left === null ? t('dashboard.planLimit.allowance', values) : t('dashboard.planLimit.allowanceWithFree', { ...values, free: s.free_replacements_left });
}

/** The quiet line under the pick's actions: exactly what remains this week. */
export function PlanAllowance() {
  const t = useT();
  const { data } = useSubscriptionStatus();
  const text = data ? allowanceMessage(t, data) : null;
  return text ? <p className="field-hint plan-allowance">{text}</p> : null;
}

/** The limit's text (PLAN_LIMIT_TEXTS): the server's detail when it sent one. */
export function useLimitText(): (limit: PlanLimit) => string {
  const t = useT();
  return (limit) => limit.message || (limit.expired ? t('dashboard.planLimit.expired') : t('dashboard.planLimit.limitReached'));
}

/** docs/screens.md, "User-visible texts": on a 402 the banner shows the server's detail (or the default text). */
export function PlanLimitBanner({ limit, onUpgrade }: { limit: PlanLimit; onUpgrade: () => void }) {
  const t = useT();
  const limitText = useLimitText();
  const { data } = useSubscriptionStatus();
  const free = !limit.expired && data?.free_replacements_left ? data.free_replacements_left : 0;
  return (
    <div className="banner banner-upgrade" role="alert">
      <div>
        <strong>{t('dashboard.planLimit.title')}</strong>
        <p>{limitText(limit)}</p>
        {free > 0 && (
          <p>{t('dashboard.planLimit.stillFree', { free })}</p>
        )}
      </div>
      <button type="button" className="btn btn-primary" onClick={onUpgrade}>
        {t('dashboard.planLimit.upgrade')}
      </button>
    </div>
  );
}
