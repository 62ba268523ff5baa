import { PLAN_LIMIT_TEXTS } from '@app/shared';

export interface PlanLimit {
  message: string;
  expired: boolean;
}

/** Spec section 8: on a 402 the banner shows the server's detail (or the default text). */
export function PlanLimitBanner({ limit, onUpgrade }: { limit: PlanLimit; onUpgrade: () => void }) {
  return (
    <div className="banner banner-upgrade" role="alert">
      <div>
        <strong>{PLAN_LIMIT_TEXTS.title}</strong>
        <p>{limit.message || (limit.expired ? PLAN_LIMIT_TEXTS.expired : PLAN_LIMIT_TEXTS.limitReached)}</p>
      </div>
      <button type="button" className="btn btn-primary" onClick={onUpgrade}>
        Upgrade
      </button>
    </div>
  );
}
