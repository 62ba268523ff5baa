// /api/settings/calendar: connect, inspect and disconnect Google Calendar.
import { Router } from 'express';
import { CalendarConnectRequest, UpdateCalendarRequest } from '@app/shared';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../http/authenticate.js';
import { body, validate } from '../../http/validate.js';
import { calendarCipher } from './calendar.access.js';
import { calendarAuthUrl, calendarStatus, connectCalendar, disconnectCalendar, updateCalendar } from './calendar.service.js';

export function calendarRoutes(ctx: AppContext): Router {
  // Load (or create) the key now, so a key problem shows at start rather than at first connect.
  calendarCipher(ctx);
  const r = Router();
  r.use(authenticate(ctx));
  r.get('/auth-url', async (req, res) => {
    res.json(await calendarAuthUrl(ctx, currentUser(req)));
  });
  r.post('/connect', validate({ body: CalendarConnectRequest }), async (req, res) => {
    res.json(await connectCalendar(ctx, currentUser(req), body(req, CalendarConnectRequest)));
  });
  r.get('/status', (req, res) => {
    res.json(calendarStatus(ctx, currentUser(req)));
  });
  r.put('/', validate({ body: UpdateCalendarRequest }), async (req, res) => {
    res.json(await updateCalendar(ctx, currentUser(req), body(req, UpdateCalendarRequest).calendar_enabled));
  });
  r.post('/disconnect', async (req, res) => {
    res.json(await disconnectCalendar(ctx, currentUser(req)));
  });
  return r;
}
