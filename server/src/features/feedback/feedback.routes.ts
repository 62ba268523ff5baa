import type { Router } from 'express';
import { FEEDBACK_BODY_LIMIT_BYTES } from '@app/shared';
import type { AppContext } from '../../context.js';
import { apiRouter } from '../../http/route.js';
import { submitFeedback } from './feedback.service.js';

/** Feedback is parsed with its own 16 KB body limit. */
export function feedbackRoutes(ctx: AppContext): Router {
  const { router, route } = apiRouter(ctx);
  route(
    'feedback_submit',
    async (req, res, { body }) => {
      await submitFeedback(ctx, req.ip ?? 'unknown', body);
      res.status(201).json({ message: 'Thank you for your feedback!' });
    },
    { bodyLimit: FEEDBACK_BODY_LIMIT_BYTES },
  );
  return router;
}
