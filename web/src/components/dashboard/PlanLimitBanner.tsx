/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { PLAN_LIMIT_TEXTS, allowanceText, stillFreeText } from '@app/shared';
import { useSubscriptionStatus } from '../../hooks/useSubscriptionStatus';

export interface PlanLimit {
  message: string;
  expired: boolean;
}

/** The quiet line under the pick's actions: exactly what remains this week. */
export function PlanAllowance() {
  const { data } = useSubscriptionStatus();
  const text = data ? allowanceText(data) : null;
  return text ? <p className="field-hint plan-allowance">{text}</p> : null;
}

/** docs/screens.md, "User-visible texts": on a 402 the banner shows the server's detail (or the default text). */
export function PlanLimitBanner({ limit, onUpgrade }: { limit: PlanLimit; onUpgrade: () => void }) {
  const { data } = useSubscriptionStatus();
  const free = !limit.expired && data?.free_replacements_left ? data.free_replacements_left : 0;
  return (
    <div className="banner banner-upgrade" role="alert">
      <div>
        <strong>{PLAN_LIMIT_TEXTS.title}</strong>
        <p>{limit.message || (limit.expired ? PLAN_LIMIT_TEXTS.expired : PLAN_LIMIT_TEXTS.limitReached)}</p>
        {free > 0 && (
          <p>{stillFreeText(free)}</p>
        )}
      </div>
      <button type="button" className="btn btn-primary" onClick={onUpgrade}>
        Upgrade
      </button>
    </div>
  );
}
