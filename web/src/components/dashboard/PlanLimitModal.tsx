import { Modal } from '../common/Modal';
import { UpgradeOffer } from '../settings/UpgradeOffer';
import { useT } from '../../i18n/useT';
import { useLimitText, type PlanLimit } from './PlanLimitBanner';

export function PlanLimitModal({ limit, onUpgrade, onClose }: { limit: PlanLimit; onUpgrade: () => void; onClose: () => void }) {
  const t = useT();
  const limitText = useLimitText();
  return (
    <Modal title={t('dashboard.planLimit.title')} onClose={onClose}>
      <p>{limitText(limit)}</p>
      <UpgradeOffer>
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('dashboard.planLimit.notNow')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onUpgrade}>
            {t('dashboard.planLimit.upgradeLifetime')}
          </button>
        </div>
      </UpgradeOffer>
    </Modal>
  );
}
