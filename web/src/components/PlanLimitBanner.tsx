import { PLAN_LIMIT_TEXTS, type SubscriptionStatus } from '@app/shared';
import { useSubscriptionStatus } from '../hooks/useSubscriptionStatus';

export interface PlanLimit {
  message: string;
  expired: boolean;
}

const freeReplacements = (n: number) => (n === 0 ? 'no free replacements left' : `${n} free replacement${n === 1 ? '' : 's'}`);

/**
 * What the free plan has left this week, e.g. "2 of 3 picks left this week · 5 free replacements"
 * (docs/product-decisions.md); null for a plan without a weekly limit.
 */
export function allowanceText(s: SubscriptionStatus): string | null {
  if (s.recommendations_limit === null || s.recommendations_left === null) return null;
  const picks = `${s.recommendations_left} of ${s.recommendations_limit} picks left this week`;
  return s.free_replacements_left === null ? picks : `${picks} · ${freeReplacements(s.free_replacements_left)}`;
}

/** The quiet line under the pick's actions: exactly what remains this week. */
export function PlanAllowance() {
  const { data } = useSubscriptionStatus();
  const text = data ? allowanceText(data) : null;
  return text ? <p className="field-hint plan-allowance">{text}</p> : null;
}

/** Spec section 8: on a 402 the banner shows the server's detail (or the default text). */
export function PlanLimitBanner({ limit, onUpgrade }: { limit: PlanLimit; onUpgrade: () => void }) {
  const { data } = useSubscriptionStatus();
  const free = !limit.expired && data?.free_replacements_left ? data.free_replacements_left : 0;
  return (
    <div className="banner banner-upgrade" role="alert">
      <div>
        <strong>{PLAN_LIMIT_TEXTS.title}</strong>
        <p>{limit.message || (limit.expired ? PLAN_LIMIT_TEXTS.expired : PLAN_LIMIT_TEXTS.limitReached)}</p>
        {free > 0 && (
          <p>
            You still have {freeReplacements(free)} this week: Already Watched, or a Dislike, gets you another pick for free.
          </p>
        )}
      </div>
      <button type="button" className="btn btn-primary" onClick={onUpgrade}>
        Upgrade
      </button>
    </div>
  );
}
