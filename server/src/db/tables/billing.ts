// Payments: Stripe orders and the webhook events already handled.
// Shapes as stored: booleans 0/1, times ISO-8601 UTC text (see ../schema.ts).

export interface PaymentOrdersTable {
  id: string;
  /** null once the account was deleted: the order is kept for accounting (docs/product-decisions.md). */
  user_id: string | null;
  stripe_session_id: string;
  /** pending | paid | refunded | expired | failed */
  status: string;
  /** minor units (cents) */
  amount: number;
  currency: string;
  stripe_payment_intent: string | null;
  created_at: string;
  paid_at: string | null;
  refunded_at: string | null;
}

export interface ProcessedEventsTable {
  event_id: string;
  type: string;
  processed_at: string;
}
