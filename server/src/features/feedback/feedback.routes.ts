import { Router } from 'express';
import { FeedbackRequest, FEEDBACK_BODY_LIMIT_BYTES } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { Mount } from '../../services.js';
import { validate, body } from '../../http/validate.js';
import { submitFeedback } from './feedback.service.js';

/** POST /api/feedback/submit, parsed with its own 16 KB body limit (mounted before the 100 KB parser). */
export function feedbackMount(ctx: AppContext): Mount & { limit: string } {
  const r = Router();
  r.post('/submit', validate({ body: FeedbackRequest }), async (req, res) => {
    await submitFeedback(ctx, req.ip ?? 'unknown', body(req, FeedbackRequest));
    res.status(201).json({ message: 'Thank you for your feedback!' });
  });
  return { path: '/api/feedback', router: r, limit: `${FEEDBACK_BODY_LIMIT_BYTES}b` };
}
