// Turning scheduled delivery off from an email's List-Unsubscribe link (no session needed).
import type { UnsubscribeResponse } from '@app/shared';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { findUserById, updateUser } from '../users/users.repository.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';

export const UNSUBSCRIBE_TEXTS = {
  invalid: 'This unsubscribe link is invalid. Turn scheduled emails off in Settings instead.',
  unknownUser: 'This account no longer exists.',
  done: 'You will no longer receive scheduled recommendations. You can turn them back on in Settings.',
} as const;

/** Idempotent: a second click (or a mail client's one-click POST after a GET) answers the same. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<UnsubscribeResponse> {
  const userId = verifyUnsubscribeToken(ctx.secrets.jwt, token);
  if (!userId) throw badRequest(UNSUBSCRIBE_TEXTS.invalid, { errors: [{ path: 'token', message: UNSUBSCRIBE_TEXTS.invalid }] });
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound(UNSUBSCRIBE_TEXTS.unknownUser);
  if (user.email_delivery) {
    await updateUser(ctx.db, user.id, { email_delivery: 0 }, ctx.clock.now());
    ctx.logger.info({ userId }, 'scheduled delivery turned off by unsubscribe link');
  }
  return { message: UNSUBSCRIBE_TEXTS.done, email_delivery: false };
}
