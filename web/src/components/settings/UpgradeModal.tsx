/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { useCheckout } from '../../hooks/useCheckout';
import { Modal } from '../common/Modal';
import { Notice } from '../common/Notice';
import { PaymentsOffNote } from './PaymentsOffNote';
import { UpgradeOffer } from './UpgradeOffer';

const OFF_NOTE_ID = 'upgrade-payments-off';

/**
 * Settings' upgrade modal (?upgrade=true): the lifetime offer and the way to pay.
 * `paymentsEnabled` is undefined until the server has said; the button waits for it.
 */
export function UpgradeModal({ paymentsEnabled, onClose }: { paymentsEnabled: boolean | undefined; onClose: () => void }) {
  const checkout = useCheckout();
  const off = paymentsEnabled === false;
  return (
    <Modal title="Upgrade to lifetime" onClose={onClose}>
      <UpgradeOffer>
        {checkout.error && <Notice tone="error">{checkout.error}</Notice>}
        {off && <PaymentsOffNote id={OFF_NOTE_ID} />}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Not now
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!paymentsEnabled || checkout.busy}
            aria-describedby={off ? OFF_NOTE_ID : undefined}
            onClick={() => void checkout.start()}
          >
            {checkout.busy ? 'Opening payment…' : 'Pay once and upgrade'}
          </button>
        </div>
      </UpgradeOffer>
    </Modal>
  );
}
