// Turning scheduled delivery off from an email's List-Unsubscribe link (no session needed).
import type { UnsubscribeResponse } from '@app/shared';
import type { AppContext } from '../../context.js';
import { fieldError, notFound } from '../../http/errors.js';
import { findUserById, updateUser } from '../users/users.repository.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';

export const UNSUBSCRIBE_TEXTS = {
  invalid: 'This unsubscribe link is invalid. Turn scheduled emails off in Settings instead.',
  expired: 'This unsubscribe link has expired. Use the link in a newer email, or turn scheduled emails off in Settings.',
  unknownUser: 'This account no longer exists.',
  done: 'You will no longer receive scheduled recommendations. You can turn them back on in Settings.',
} as const;

/** Idempotent: a second click (or a mail client's one-click POST after a GET) answers the same. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<UnsubscribeResponse> {
  const check = verifyUnsubscribeToken(ctx.secrets.jwt, token, ctx.clock.now());
  if (!check.ok) {
    const detail = UNSUBSCRIBE_TEXTS[check.reason];
    throw fieldError('token', detail);
  }
  const userId = check.userId;
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound(UNSUBSCRIBE_TEXTS.unknownUser);
  if (user.email_delivery) {
    await updateUser(ctx.db, user.id, { email_delivery: 0 }, ctx.clock.now());
    ctx.logger.info({ userId }, 'scheduled delivery turned off by unsubscribe link');
  }
  return { message: UNSUBSCRIBE_TEXTS.done, email_delivery: false };
}
