import { SERVER_TEXTS } from '@app/shared';
import { useT } from '../../i18n/useT';

/** The server's own 503 detail for create-order when it has no payment provider, word for word (the English of settings.payments.off). */
export const PAYMENTS_OFF_TEXT = SERVER_TEXTS.paymentsOff;

/** Shown beside an upgrade button that cannot work here; `id` lets that button point at it. */
export function PaymentsOffNote({ id }: { id?: string }) {
  const t = useT();
  return (
    <p id={id} className="field-hint payments-off">
      {t('settings.payments.off')}
    </p>
  );
}
