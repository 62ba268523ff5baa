// The account's signed-in devices: web sessions and connected browser extensions, together.
import type { AccountSession } from '@app/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import type { UserRow } from '../users/users.repository.js';
import { listLiveTokens, revokeToken } from '../extension/extension.repository.js';
import { deviceLabel } from './device-label.js';
import { deleteSession, listSessions } from './sessions.repository.js';

export async function accountSessions(ctx: AppContext, user: UserRow, currentSessionId: string | undefined): Promise<AccountSession[]> {
  const validFrom = new Date(Number(user.tokens_valid_after) || 0).toISOString();
  const [web, browsers] = await Promise.all([listSessions(ctx.db, user.id), listLiveTokens(ctx.db, user.id, validFrom)]);
  const sessions: AccountSession[] = [
    ...web.map((s) => ({ id: s.id, kind: 'web' as const, label: deviceLabel(s.user_agent), created_at: s.created_at, last_used_at: s.last_used_at, current: s.id === currentSessionId })),
    ...browsers.map((b) => ({ id: b.id, kind: 'extension' as const, label: b.browser_name, created_at: b.created_at, last_used_at: b.last_used_at, current: false })),
  ];
  // The current one first, then by last use.
  const used = (s: AccountSession) => s.last_used_at ?? s.created_at;
  return sessions.sort((a, b) => Number(b.current) - Number(a.current) || used(b).localeCompare(used(a)));
}

/** Ends one web session or disconnects one browser extension of this user. */
export async function revokeSession(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  if (await deleteSession(ctx.db, user.id, id)) return;
  if (await revokeToken(ctx.db, user.id, id, ctx.clock.now().toISOString())) return;
  throw notFound('No such session');
}

/** Sign-out: this web session's row goes, so its token is refused from now on. */
export async function endSession(ctx: AppContext, user: UserRow, sessionId: string): Promise<void> {
  await deleteSession(ctx.db, user.id, sessionId);
}
