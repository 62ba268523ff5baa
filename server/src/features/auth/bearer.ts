// Who a request's bearer token speaks for (docs/security.md, "Sessions"): a web session's access
// token, or a connected browser's extension token. http/authenticate.ts asks this through
// ctx.bearers, so the framework piece imports no feature.
import type { Request } from 'express';
import { EXTENSION_HANDOFF } from '@app/shared';
import type { AppContext, Bearers } from '../../context.js';
import type { UserRow } from '../users/users.repository.js';
import { findSessionUser, touchSession } from '../sessions/sessions.repository.js';
import { authenticateExtensionToken } from '../extension/extension.service.js';
import { extensionScopeAllows } from '../extension/extension-scope.js';
import { verifyAccessToken } from './tokens.js';

const TOUCH_INTERVAL_MS = 60_000;

async function identify(ctx: AppContext, req: Request): Promise<UserRow | null> {
  const header = req.get('authorization') ?? '';
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) return null;
  if (m[1].startsWith(EXTENSION_HANDOFF.tokenPrefix)) {
    const ext = await authenticateExtensionToken(ctx, m[1]);
    req.extensionTokenId = ext?.tokenId;
    return ext?.user ?? null;
  }
  const now = ctx.clock.now();
  const claims = await verifyAccessToken(ctx.secrets.jwt, m[1], now);
  if (!claims) return null;
  // The session's row and the user in one read; last use is written at most once a minute.
  const found = await findSessionUser(ctx.db, claims.sessionId, claims.userId);
  if (!found || claims.issuedAtMs < Number(found.user.tokens_valid_after)) return null;
  if (Date.parse(found.lastUsedAt) <= now.getTime() - TOUCH_INTERVAL_MS) {
    await touchSession(ctx.db, claims.sessionId, now.toISOString(), new Date(now.getTime() - TOUCH_INTERVAL_MS).toISOString());
  }
  req.sessionId = claims.sessionId;
  return found.user;
}

export const bearers: Bearers = {
  identify,
  mayCall: (req) => !req.extensionTokenId || extensionScopeAllows(req.method, req.originalUrl),
};
