// GET /api/public/rate: a rating recorded from a signed link (an email's Like / Dislike).
import type { PublicRateQuery, PublicRateResponse } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { fieldError, conflict, notFound } from '../../http/errors.js';
import type { History } from '../history/history.js';
import { findRecommendation } from '../history/history.repository.js';
import { translate, userLocale } from '../../i18n/messages.js';
import { findUserById } from '../users/users.repository.js';
import { verifyRatingToken } from './rating-link.js';

/** Said in the reader's language by the error handler (shared/locales/server-picks). */
const LINK_ERRORS = {
  malformed: { key: 'server-picks.link.invalid' },
  bad_signature: { key: 'server-picks.link.invalid' },
  expired: { key: 'server-picks.link.expired' },
} as const;

export async function rateFromLink(ctx: AppContext, history: History, q: z.output<typeof PublicRateQuery>): Promise<PublicRateResponse> {
  const check = verifyRatingToken(ctx.secrets.jwt, q.token, ctx.clock.now());
  if (!check.ok) throw fieldError('token', LINK_ERRORS[check.reason]);
  // The token says which rating its link records: a Like link edited to say dislike records nothing.
  if (check.rating !== null && check.rating !== q.rating) throw fieldError('token', LINK_ERRORS.bad_signature);
  const liked = q.rating === 'like';
  const row = await findRecommendation(ctx.db, check.userId, check.recommendationId);
  if (!row) throw notFound({ key: 'server-picks.link.gone' });
  const recorded = row.user_rating === null ? await history.write(check.userId, (h) => h.rate(row.id, liked, ctx.clock.now())) : undefined;
  const rating = recorded ? liked : await currentRating(ctx, check.userId, row.id);
  // The same rating twice (a second click, a mail scanner) is one rating.
  if (rating !== liked) throw conflict({ key: 'server-picks.link.alreadyRated', values: { title: row.movie_title, rating: rating ? 'like' : 'dislike' } });
  return {
    // In the language of the person the link is theirs, as their mail was (English when unknown).
    message: translate(userLocale((await findUserById(ctx.db, check.userId)) ?? {}), recorded ? 'server-picks.link.saved' : 'server-picks.link.alreadySaved', { title: row.movie_title }),
    movie_title: row.movie_title,
    rating: liked,
  };
}

async function currentRating(ctx: AppContext, userId: string, id: string): Promise<boolean | null> {
  const row = await findRecommendation(ctx.db, userId, id);
  return row?.user_rating === null || row?.user_rating === undefined ? null : Number(row.user_rating) === 1;
}
