import { useCheckout } from '../../hooks/useCheckout';
import { Modal } from '../common/Modal';
import { Notice } from '../common/Notice';
import { PaymentsOffNote } from './PaymentsOffNote';
import { UpgradeOffer } from './UpgradeOffer';
import { useT } from '../../i18n/useT';

const OFF_NOTE_ID = 'upgrade-payments-off';

/**
 * Settings' upgrade modal (?upgrade=true): the lifetime offer and the way to pay.
 * `paymentsEnabled` is undefined until the server has said; the button waits for it.
 */
export function UpgradeModal({ paymentsEnabled, onClose }: { paymentsEnabled: boolean | undefined; onClose: () => void }) {
  const t = useT();
  const checkout = useCheckout();
  const off = paymentsEnabled === false;
  return (
    <Modal title={t('settings.upgrade.title')} onClose={onClose}>
      <UpgradeOffer>
        {checkout.error && <Notice tone="error">{checkout.error}</Notice>}
        {off && <PaymentsOffNote id={OFF_NOTE_ID} />}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('settings.upgrade.notNow')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!paymentsEnabled || checkout.busy}
            aria-describedby={off ? OFF_NOTE_ID : undefined}
            onClick={() => void checkout.start()}
          >
            {checkout.busy ? t('settings.upgrade.opening') : t('settings.upgrade.pay')}
          </button>
        </div>
      </UpgradeOffer>
    </Modal>
  );
}
