// The parts of Stripe's objects this server reads. Unknown fields are dropped; a field Stripe
// may send expanded (an object) or as an id is accepted both ways.
import { z } from 'zod';

const expandable = z.union([z.string(), z.object({ id: z.string() })]).nullable().optional();
const metadata = z.record(z.string(), z.string()).nullable().optional();

export const StripeCheckoutSession = z.object({
  id: z.string(),
  object: z.literal('checkout.session'),
  mode: z.string().optional(),
  /** open | complete | expired */
  status: z.string().nullable().optional(),
  /** paid | unpaid | no_payment_required */
  payment_status: z.string(),
  url: z.string().nullable().optional(),
  client_reference_id: z.string().nullable().optional(),
  metadata,
  amount_total: z.number().int().nullable().optional(),
  currency: z.string().nullable().optional(),
  payment_intent: expandable,
});
export type StripeCheckoutSession = z.infer<typeof StripeCheckoutSession>;

export const StripeCharge = z.object({
  id: z.string(),
  object: z.literal('charge'),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  /** true only once the charge is refunded in full */
  refunded: z.boolean(),
  payment_intent: expandable,
  metadata,
});
export type StripeCharge = z.infer<typeof StripeCharge>;

export const StripeEvent = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('event'),
  type: z.string(),
  created: z.number().optional(),
  data: z.object({ object: z.unknown() }),
});
export type StripeEvent = z.infer<typeof StripeEvent>;

export const StripeErrorBody = z.object({
  error: z.object({ type: z.string(), message: z.string().optional(), code: z.string().optional(), param: z.string().optional() }),
});

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
