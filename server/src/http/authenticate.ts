// The route table's auth levels as middleware. Who a token speaks for is the auth feature's
// answer (ctx.bearers, features/auth/bearer.ts): this framework piece knows no feature.
import type { RequestHandler, Request } from 'express';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.js';
import type { UsersTable } from '../db/schema.js';
import { unauthorized, forbidden } from './errors.js';

type UserRow = Selectable<UsersTable>;

declare module 'express-serve-static-core' {
  interface Request {
    user?: UserRow;
    /** Set when the bearer is a connected extension's token rather than a web session's. */
    extensionTokenId?: string;
    /** The web session of the bearer token (the `sid` claim). */
    sessionId?: string;
  }
}

/** Requires a valid bearer token; req.user is the current row. */
export function authenticate(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    const user = await ctx.bearers.identify(ctx, req);
    if (!user) throw unauthorized('Your session has expired. Please sign in again.');
    // The answer is this person's own: no browser or proxy keeps it (http/cacheable.ts).
    res.setHeader('Cache-Control', 'no-store');
    if (!ctx.bearers.mayCall(req)) {
      throw forbidden('The browser extension cannot do this. Please use the web app.');
    }
    req.user = user;
    next();
  };
}

/** Sets req.user when a valid token is sent, and goes on without one. */
export function optionalAuthenticate(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    req.user = (await ctx.bearers.identify(ctx, req)) ?? undefined;
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
