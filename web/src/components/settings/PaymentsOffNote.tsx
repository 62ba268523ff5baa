import { SERVER_TEXTS } from '@app/shared';

/** The server's own 503 detail for create-order when it has no payment provider, word for word. */
export const PAYMENTS_OFF_TEXT = SERVER_TEXTS.paymentsOff;

/** Shown beside an upgrade button that cannot work here; `id` lets that button point at it. */
export function PaymentsOffNote({ id }: { id?: string }) {
  return (
    <p id={id} className="field-hint payments-off">
      {PAYMENTS_OFF_TEXT}
    </p>
  );
}
