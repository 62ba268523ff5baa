import { Router } from 'express';
import { HistoryEditRequest, HistoryQuery, NewRecommendationRequest, PublicRateQuery, RateRequest, ScheduleRequest } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import { authenticate, currentUser, requireOnboarded } from '../../http/authenticate.js';
import { body, query, validate } from '../../http/validate.js';
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

/** Mounted at /api/recommendations. */
export function recommendationRoutes(ctx: AppContext, catalog: CatalogStore): Router {
  const r = Router();
  r.use(authenticate(ctx));
  r.get('/current', requireOnboarded, async (req, res) => {
    res.json(await currentRecommendation(ctx, catalog, currentUser(req)));
  });
  r.post('/new', requireOnboarded, validate({ body: NewRecommendationRequest }), async (req, res) => {
    res.json(await newRecommendation(ctx, catalog, currentUser(req), body(req, NewRecommendationRequest)));
  });
  r.post('/rate', validate({ body: RateRequest }), async (req, res) => {
    res.json(await rateRecommendation(ctx, catalog, currentUser(req), body(req, RateRequest)));
  });
  r.get('/history', validate({ query: HistoryQuery }), async (req, res) => {
    res.json(await recommendationHistory(ctx, catalog, currentUser(req), query(req, HistoryQuery)));
  });
  // Correct the history: change or clear a rating, mark watched or not, remove an entry.
  r.patch('/history/:id', validate({ body: HistoryEditRequest }), async (req, res) => {
    res.json(await editHistory(ctx, catalog, currentUser(req), String(req.params.id), body(req, HistoryEditRequest)));
  });
  r.delete('/history/:id', async (req, res) => {
    res.json(await removeHistory(ctx, catalog, currentUser(req), String(req.params.id)));
  });
  r.get('/download-ics', validate({ query: ScheduleRequest }), async (req, res) => {
    const file = await recommendationIcs(ctx, catalog, currentUser(req), query(req, ScheduleRequest));
    res.set('Cache-Control', 'no-store').type('text/calendar; charset=utf-8').attachment(file.filename).send(file.body);
  });
  r.post('/add-to-calendar', validate({ body: ScheduleRequest }), async (req, res) => {
    res.json(await addToCalendar(ctx, catalog, currentUser(req), body(req, ScheduleRequest)));
  });
  return r;
}

/** Mounted at /api/public: the signed rating link, no bearer token. */
export function ratingLinkRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get('/rate', validate({ query: PublicRateQuery }), async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await rateFromLink(ctx, query(req, PublicRateQuery)));
  });
  return r;
}
