import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import type { History } from '../history/history.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { rateFromLink } from './link-rating.service.js';
import {
  currentRecommendation,
  editHistory,
  rateRecommendation,
  recommendationHistory,
  removeHistory,
} from './recommendations.service.js';
import { newRecommendation } from './issue.js';
import { addToCalendar, recommendationIcs } from './schedule.service.js';
import { whyNotRecommended } from './why-not.service.js';

export function recommendationRoutes(ctx: AppContext, history: History): Router {
  const { router, route } = apiRouter(ctx);
  route('recommendations_current', async (req, res) => {
    res.json(await currentRecommendation(ctx, history, currentUser(req)));
  });
  route('recommendations_new', async (req, res, { body }) => {
    res.json(await newRecommendation(ctx, history, currentUser(req), body));
  });
  route('recommendations_rate', async (req, res, { body }) => {
    res.json(await rateRecommendation(ctx, history, currentUser(req), body));
  });
  route('recommendations_history', async (req, res, { query }) => {
    res.json(await recommendationHistory(ctx, history, currentUser(req), query));
  });
  // Correct the history: change or clear a rating, mark watched or not, remove an entry.
  route('recommendations_edit_history', async (req, res, { body }) => {
    res.json(await editHistory(ctx, history, currentUser(req), String(req.params.id), body));
  });
  route('recommendations_remove_history', async (req, res) => {
    res.json(await removeHistory(ctx, history, currentUser(req), String(req.params.id)));
  });
  route('recommendations_download_ics', async (req, res, { query }) => {
    const file = await recommendationIcs(ctx, history.catalog, currentUser(req), query);
    res.set('Cache-Control', 'no-store').type('text/calendar; charset=utf-8').attachment(file.filename).send(file.body);
  });
  route('recommendations_add_to_calendar', async (req, res, { body }) => {
    res.json(await addToCalendar(ctx, history.catalog, currentUser(req), body));
  });
  route('recommendations_why_not', async (req, res, { query }) => {
    res.json(await whyNotRecommended(ctx, history, currentUser(req), query));
  });
  return router;
}

/** The signed rating link of an email: no bearer token. */
export function ratingLinkRoutes(ctx: AppContext, history: History): Router {
  const { router, route } = apiRouter(ctx);
  route('recommendations_rate_link', async (_req, res, { query }) => {
    res.set('Cache-Control', 'no-store').json(await rateFromLink(ctx, history, query));
  });
  return router;
}
