/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { PLAN_LIMIT_TEXTS } from '@app/shared';
import { Modal } from '../common/Modal';
import { UpgradeOffer } from '../settings/UpgradeOffer';
import type { PlanLimit } from './PlanLimitBanner';

export function PlanLimitModal({ limit, onUpgrade, onClose }: { limit: PlanLimit; onUpgrade: () => void; onClose: () => void }) {
  return (
    <Modal title={PLAN_LIMIT_TEXTS.title} onClose={onClose}>
      <p>{limit.message || (limit.expired ? PLAN_LIMIT_TEXTS.expired : PLAN_LIMIT_TEXTS.limitReached)}</p>
      <UpgradeOffer>
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Not now
          </button>
          <button type="button" className="btn btn-primary" onClick={onUpgrade}>
            Upgrade to lifetime
          </button>
        </div>
      </UpgradeOffer>
    </Modal>
  );
}
