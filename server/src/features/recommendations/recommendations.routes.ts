import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { rateFromLink } from './link-rating.service.js';
import {
  currentRecommendation,
  editHistory,
  newRecommendation,
  rateRecommendation,
  recommendationHistory,
  removeHistory,
} from './recommendations.service.js';
import { addToCalendar, recommendationIcs } from './schedule.service.js';
import { whyNotRecommended } from './why-not.service.js';

export function recommendationRoutes(ctx: AppContext, catalog: CatalogStore): Router {
  const { router, route } = apiRouter(ctx);
  route('recommendations_current', async (req, res) => {
    res.json(await currentRecommendation(ctx, catalog, currentUser(req)));
  });
  route('recommendations_new', async (req, res, { body }) => {
    res.json(await newRecommendation(ctx, catalog, currentUser(req), body));
  });
  route('recommendations_rate', async (req, res, { body }) => {
    res.json(await rateRecommendation(ctx, catalog, currentUser(req), body));
  });
  route('recommendations_history', async (req, res, { query }) => {
    res.json(await recommendationHistory(ctx, catalog, currentUser(req), query));
  });
  // Correct the history: change or clear a rating, mark watched or not, remove an entry.
  route('recommendations_edit_history', async (req, res, { body }) => {
    res.json(await editHistory(ctx, catalog, currentUser(req), String(req.params.id), body));
  });
  route('recommendations_remove_history', async (req, res) => {
    res.json(await removeHistory(ctx, catalog, currentUser(req), String(req.params.id)));
  });
  route('recommendations_download_ics', async (req, res, { query }) => {
    const file = await recommendationIcs(ctx, catalog, currentUser(req), query);
    res.set('Cache-Control', 'no-store').type('text/calendar; charset=utf-8').attachment(file.filename).send(file.body);
  });
  route('recommendations_add_to_calendar', async (req, res, { body }) => {
    res.json(await addToCalendar(ctx, catalog, currentUser(req), body));
  });
  route('recommendations_why_not', async (req, res, { query }) => {
    res.json(await whyNotRecommended(ctx, catalog, currentUser(req), query));
  });
  return router;
}

/** The signed rating link of an email: no bearer token. */
export function ratingLinkRoutes(ctx: AppContext): Router {
  const { router, route } = apiRouter(ctx);
  route('recommendations_rate_link', async (_req, res, { query }) => {
    res.set('Cache-Control', 'no-store').json(await rateFromLink(ctx, query));
  });
  return router;
}
