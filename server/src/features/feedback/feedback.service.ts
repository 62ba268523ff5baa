import type { z } from 'zod';
import type { FeedbackRequest } from '@app/shared';
import type { AppContext } from '../../context.js';
import { hit } from '../../http/rate-limit.js';
import { insertFeedback } from './feedback.repository.js';

export const FEEDBACK_WINDOW_SECONDS = 3600;

/** Feedback is unauthenticated, so each IP may send only a few per hour (docs/product-decisions.md, "Unauthenticated actions"). */
export async function submitFeedback(ctx: AppContext, ip: string, f: z.output<typeof FeedbackRequest>): Promise<void> {
  const now = ctx.clock.now();
  await hit(
    ctx.db,
    { bucket: `feedback:ip:${ip}`, max: ctx.config.rateLimits.feedbackPerIp, windowSeconds: FEEDBACK_WINDOW_SECONDS },
    now,
    'Too much feedback from this address. Please try again later.',
  );
  await insertFeedback(ctx.db, {
    rating: f.rating,
    comment: f.comment.trim(),
    email: f.email ? f.email.trim().toLowerCase() : null,
    pageUrl: f.page_url ?? null,
    userAgent: f.user_agent ?? null,
    now,
  });
}
