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
  /** Picks that count against the weekly limit still available this week; null: no weekly limit. */
  recommendations_left: z.number().int().nullable(),
  /** Free replacements (after "Already Watched" or a Dislike) taken this week. */
  free_replacements_used: z.number().int(),
  /** Free replacements per week; null: the plan has no weekly limit to spare. */
  free_replacements_limit: z.number().int().nullable(),
  /** Free replacements still available this week; null: the plan has no weekly limit. */
  free_replacements_left: z.number().int().nullable(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const CreateOrderRequest = z.object({ billing_period: z.literal('lifetime', { error: "billing_period must be 'lifetime'" }) });
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;

export const CreateOrderResponse = z.object({ payment_link: z.string(), order_id: z.string() });
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

export const ConfirmOrderRequest = z.object({ order_id: z.string().min(1).max(255) });
export type ConfirmOrderRequest = z.input<typeof ConfirmOrderRequest>;
