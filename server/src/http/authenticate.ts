import type { RequestHandler, Request } from 'express';
import type { AppContext } from '../context.js';
import { verifyAccessToken } from '../features/auth/tokens.js';
import type { UserRow } from '../features/users/users.repository.js';
import { findSessionUser, touchSession } from '../features/sessions/sessions.repository.js';
import { unauthorized, forbidden } from './errors.js';
import { authenticateExtensionToken } from '../features/extension/extension.service.js';
import { extensionScopeAllows } from '../features/extension/extension-scope.js';
import { EXTENSION_HANDOFF } from '@app/shared';

declare module 'express-serve-static-core' {
  interface Request {
    user?: UserRow;
    /** Set when the bearer is a connected extension's token rather than a web session's. */
    extensionTokenId?: string;
    /** The web session of the bearer token (the `sid` claim). */
    sessionId?: string;
  }
}

const TOUCH_INTERVAL_MS = 60_000;

async function userFromRequest(ctx: AppContext, req: Request): Promise<UserRow | null> {
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

/** Requires a valid bearer token; req.user is the current row. */
export function authenticate(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    const user = await userFromRequest(ctx, req);
    if (!user) throw unauthorized('Your session has expired. Please sign in again.');
    // The answer is this person's own: no browser or proxy keeps it (http/cacheable.ts).
    res.setHeader('Cache-Control', 'no-store');
    if (req.extensionTokenId && !extensionScopeAllows(req.method, req.originalUrl)) {
      throw forbidden('The browser extension cannot do this. Please use the web app.');
    }
    req.user = user;
    next();
  };
}

/** Sets req.user when a valid token is sent, and goes on without one. */
export function optionalAuthenticate(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    req.user = (await userFromRequest(ctx, req)) ?? undefined;
    next();
  };
}

/** For /app pages other than onboarding: the user must have finished onboarding. */
export const requireOnboarded: RequestHandler = (req, _res, next) => {
  if (!req.user?.is_onboarded) throw forbidden('Finish onboarding first');
  next();
};

export function currentUser(req: Request): UserRow {
  if (!req.user) throw unauthorized();
  return req.user;
}
