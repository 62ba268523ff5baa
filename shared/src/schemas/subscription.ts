import { z } from 'zod';
import { SubscriptionTier } from './common.js';

export const SubscriptionStatus = z.object({
  subscription_tier: SubscriptionTier,
  is_active: z.boolean(),
  status: z.enum(['Active', 'Limit Reached', 'Expired']),
  expiry_reason: z.enum(['trial_limit', 'subscription_expired']).nullable(),
  limit_reached: z.boolean(),
  recommendations_used: z.number().int(),
  /** null: unlimited. */
  recommendations_limit: z.number().int().nullable(),
  week_resets_at: z.string().nullable(),
  subscription_end_date: z.string().nullable(),
  payments_enabled: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const CreateOrderRequest = z.object({ billing_period: z.literal('lifetime', { error: "billing_period must be 'lifetime'" }) });
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;

export const CreateOrderResponse = z.object({ payment_link: z.string(), order_id: z.string() });
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

export const ConfirmOrderRequest = z.object({ order_id: z.string().min(1).max(255) });
export type ConfirmOrderRequest = z.input<typeof ConfirmOrderRequest>;
