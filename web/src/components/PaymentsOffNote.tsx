export const PAYMENTS_OFF_TEXT =
  'Payments are not enabled on this server, so the lifetime plan cannot be bought here right now. Please contact the person who runs this server or our support.';

export function PaymentsOffNote() {
  return <p className="field-hint payments-off">{PAYMENTS_OFF_TEXT}</p>;
}
