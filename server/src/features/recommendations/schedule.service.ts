// Scheduling a recommendation: the .ics download, and the event pushed to the user's connected
// Google Calendar (features/calendar decides who may and talks to Google).
import type { AddToCalendarResponse, ScheduleRequest } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import { notFound } from '../../http/errors.js';
import { CALENDAR_TEXTS } from '../calendar/calendar.access.js';
import { addRecommendationToCalendar } from '../calendar/calendar.events.js';
import type { UserRow } from '../users/users.repository.js';
import { userLocale } from '../../i18n/messages.js';
import { buildIcs, icsFilename, scheduledStart } from './ics.js';
import { findRecommendation } from '../history/history.repository.js';
import { present } from './present.js';
import { PICK_MESSAGES } from './recommendations.service.js';

export interface IcsFile {
  filename: string;
  body: string;
}

export async function recommendationIcs(
  ctx: AppContext,
  catalog: CatalogStore,
  user: UserRow,
  q: z.output<typeof ScheduleRequest>,
): Promise<IcsFile> {
  const row = await findRecommendation(ctx.db, user.id, q.recommendation_id);
  if (!row) throw notFound(PICK_MESSAGES.notYours);
  const now = ctx.clock.now();
  const start = scheduledStart(q.date, q.time, q.timezone, now);
  const title = await catalog.title(row.title_id);
  const body = buildIcs({
    uid: `${row.id}-${start.getTime()}`,
    title: title?.title ?? row.movie_title,
    year: title?.year ?? 0,
    platform: row.platform,
    description: title ? await catalog.description(title.id) : '',
    reason: row.reason,
    start,
    runtime: title?.runtime ?? null,
    appUrl: ctx.config.appUrl,
    now,
    locale: userLocale(user),
  });
  return { filename: icsFilename(title?.title ?? row.movie_title, q.date), body };
}

/**
 * 503 when this server has no Google client, 403 for a free plan or no connection, 409 when the
 * user must reconnect; the same recommendation at the same time is one event however often sent.
 */
export async function addToCalendar(
  ctx: AppContext,
  catalog: CatalogStore,
  user: UserRow,
  q: z.output<typeof ScheduleRequest>,
): Promise<AddToCalendarResponse> {
  const row = await findRecommendation(ctx.db, user.id, q.recommendation_id);
  if (!row) throw notFound(PICK_MESSAGES.notYours);
  const added = await addRecommendationToCalendar(ctx, user, {
    recommendation: await present(catalog, row, null, user),
    date: q.date,
    time: q.time,
    timezone: q.timezone,
    idempotencyKey: `${row.id}|${q.date}|${q.time}|${q.timezone}`,
  });
  return { message: CALENDAR_TEXTS.eventAdded, event_id: added.event_id, event_link: added.event_link };
}
