// Connect, inspect and disconnect Google Calendar (under /api/settings/calendar).
import type { Router } from 'express';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/authenticate.js';
import { apiRouter } from '../../http/route.js';
import { calendarCipher } from './calendar.access.js';
import { calendarAuthUrl, calendarStatus, connectCalendar, disconnectCalendar, updateCalendar } from './calendar.service.js';

export function calendarRoutes(ctx: AppContext): Router {
  // Load (or create) the key now, so a key problem shows at start rather than at first connect.
  calendarCipher(ctx);
  const { router, route } = apiRouter(ctx);
  route('calendar_auth_url', async (req, res) => {
    res.json(await calendarAuthUrl(ctx, currentUser(req)));
  });
  route('calendar_connect', async (req, res, { body }) => {
    res.json(await connectCalendar(ctx, currentUser(req), body));
  });
  route('calendar_status', (req, res) => {
    res.json(calendarStatus(ctx, currentUser(req)));
  });
  route('calendar_update', async (req, res, { body }) => {
    res.json(await updateCalendar(ctx, currentUser(req), body.calendar_enabled));
  });
  route('calendar_disconnect', async (req, res) => {
    res.json(await disconnectCalendar(ctx, currentUser(req)));
  });
  return router;
}
