import { z } from 'zod';

/** GET or POST /api/delivery/unsubscribe?token=: the List-Unsubscribe link of a scheduled email. */
export const UnsubscribeQuery = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(1024),
});
export type UnsubscribeQuery = z.input<typeof UnsubscribeQuery>;

export const UnsubscribeResponse = z.object({
  message: z.string(),
  email_delivery: z.boolean(),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;
