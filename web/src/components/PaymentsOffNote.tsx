/** The server's own 503 detail for create-order when it has no payment provider, word for word. */
export const PAYMENTS_OFF_TEXT = 'Payments are not enabled on this server. Ask the operator to grant the lifetime plan.';

/** Shown beside an upgrade button that cannot work here; `id` lets that button point at it. */
export function PaymentsOffNote({ id }: { id?: string }) {
  return (
    <p id={id} className="field-hint payments-off">
      {PAYMENTS_OFF_TEXT}
    </p>
  );
}
