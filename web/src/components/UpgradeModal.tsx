import { useCheckout } from '../hooks/useCheckout';
import { Modal } from './Modal';
import { Notice } from './Notice';
import { PaymentsOffNote } from './PaymentsOffNote';
import { UpgradeOffer } from './UpgradeOffer';

/** Settings' upgrade modal (?upgrade=true): the lifetime offer and the way to pay. */
export function UpgradeModal({ paymentsEnabled, onClose }: { paymentsEnabled: boolean; onClose: () => void }) {
  const checkout = useCheckout();
  return (
    <Modal title="Upgrade to lifetime" onClose={onClose}>
      <UpgradeOffer>
        {checkout.error && <Notice tone="error">{checkout.error}</Notice>}
        {!paymentsEnabled && <PaymentsOffNote />}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Not now
          </button>
          <button type="button" className="btn btn-primary" disabled={!paymentsEnabled || checkout.busy} onClick={() => void checkout.start()}>
            {checkout.busy ? 'Opening payment…' : 'Pay once and upgrade'}
          </button>
        </div>
      </UpgradeOffer>
    </Modal>
  );
}
