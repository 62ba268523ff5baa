// Scheduling a recommendation: the .ics download, and the calendar push that the calendar
// integration will provide (until then a clear 403).
import type { ScheduleRequest } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { CatalogStore } from '../../catalog/catalog.store.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { UserRow } from '../users/users.repository.js';
import { buildIcs, icsFilename, scheduledStart } from './ics.js';
import { findRecommendation } from './recommendations.repository.js';
import { NOT_YOURS } from './recommendations.service.js';

export const CALENDAR_NOT_CONNECTED = 'Calendar integration is not connected. Connect Google Calendar in Settings to add events directly, or download the .ics file instead.';

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
  if (!row) throw notFound(NOT_YOURS);
  const now = ctx.clock.now();
  const start = scheduledStart(q.date, q.time, q.timezone, now);
  const title = await catalog.title(row.title_id);
  const body = buildIcs({
    uid: `${row.id}-${start.getTime()}`,
    title: title?.title ?? row.movie_title,
    year: title?.year ?? 0,
    platform: row.platform,
    description: title?.description ?? '',
    reason: row.reason,
    start,
    appUrl: ctx.config.appUrl,
    now,
  });
  return { filename: icsFilename(title?.title ?? row.movie_title, q.date), body };
}

export async function addToCalendar(ctx: AppContext, user: UserRow, q: z.output<typeof ScheduleRequest>): Promise<never> {
  const row = await findRecommendation(ctx.db, user.id, q.recommendation_id);
  if (!row) throw notFound(NOT_YOURS);
  scheduledStart(q.date, q.time, q.timezone, ctx.clock.now());
  throw forbidden(CALENDAR_NOT_CONNECTED);
}
