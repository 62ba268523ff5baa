// Connecting, inspecting and disconnecting a user's Google Calendar (paid_lifetime only).
import type { CalendarAuthUrlResponse, CalendarConnectRequest, CalendarStatus, MessageResponse } from '@app/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest, fieldError } from '../../http/errors.js';
import { buildAuthorizationUrl, exchangeCode, fetchAccountEmail, revokeToken, GoogleOAuthError, type TokenResponse } from '../../integrations/google/oauth.js';
import type { UserRow } from '../users/users.repository.js';
import {
  CALENDAR_EVENTS_SCOPE,
  CALENDAR_SCOPES,
  CALENDAR_TEXTS,
  calendarCipher,
  calendarStatusOf,
  redirectUriOf,
  requireGoogle,
  requireLifetime,
  tokenAssociatedData,
  upstreamFailed,
} from './calendar.access.js';
import * as repo from './calendar.repository.js';
import { STATE_TTL_MS, hashState, newPendingAuthorization } from './oauth-state.js';

const MAX_PENDING_PER_USER = 5;

export async function calendarAuthUrl(ctx: AppContext, user: UserRow): Promise<CalendarAuthUrlResponse> {
  const client = requireGoogle(ctx);
  requireLifetime(user);
  const now = ctx.clock.now();
  const pending = newPendingAuthorization();
  const redirectUri = redirectUriOf(ctx.config);
  await repo.deleteExpiredStates(ctx.db, now);
  await repo.insertPendingState(ctx.db, {
    state_hash: pending.stateHash,
    user_id: user.id,
    code_verifier: pending.codeVerifier,
    redirect_uri: redirectUri,
    expires_at: new Date(now.getTime() + STATE_TTL_MS).toISOString(),
    created_at: now.toISOString(),
  });
  await repo.trimUserStates(ctx.db, user.id, MAX_PENDING_PER_USER);
  return {
    authorization_url: buildAuthorizationUrl(ctx.config.google.authUrl, {
      clientId: client.clientId,
      redirectUri,
      scopes: CALENDAR_SCOPES,
      state: pending.state,
      codeChallenge: pending.codeChallenge,
    }),
  };
}

/** Validates and consumes the state: the only way to a code verifier. */
async function takeState(ctx: AppContext, user: UserRow, state: string | undefined): Promise<repo.PendingStateRow> {
  if (!state) throw fieldError('state', 'state is required', CALENDAR_TEXTS.stateMissing);
  const pending = await repo.takePendingState(ctx.db, hashState(state), user.id);
  if (!pending) throw badRequest(CALENDAR_TEXTS.stateInvalid);
  if (Date.parse(pending.expires_at) <= ctx.clock.now().getTime()) throw badRequest(CALENDAR_TEXTS.stateExpired);
  return pending;
}

async function revokeQuietly(ctx: AppContext, token: string, why: string): Promise<void> {
  try {
    await revokeToken(ctx.config.google.revokeUrl, token);
  } catch (err) {
    ctx.logger.warn({ err, why }, 'google token revoke failed');
  }
}

export async function connectCalendar(
  ctx: AppContext,
  user: UserRow,
  input: z.output<typeof CalendarConnectRequest>,
): Promise<CalendarStatus> {
  const client = requireGoogle(ctx);
  requireLifetime(user);
  const pending = await takeState(ctx, user, input.state);

  let tokens: TokenResponse;
  try {
    tokens = await exchangeCode(ctx.config.google.tokenUrl, client, { code: input.code, codeVerifier: pending.code_verifier, redirectUri: pending.redirect_uri });
  } catch (err) {
    if (err instanceof GoogleOAuthError && err.status !== null && err.status < 500 && err.error !== 'invalid_client') {
      throw badRequest(CALENDAR_TEXTS.codeRejected);
    }
    ctx.logger.error({ err }, 'google code exchange failed');
    throw upstreamFailed();
  }

  // Google's consent screen lets a user untick the calendar permission and still come back.
  if (tokens.scopes.length > 0 && !tokens.scopes.includes(CALENDAR_EVENTS_SCOPE)) {
    await revokeQuietly(ctx, tokens.refreshToken ?? tokens.accessToken, 'calendar scope not granted');
    throw badRequest(CALENDAR_TEXTS.scopeMissing);
  }
  if (!tokens.refreshToken) {
    // Nothing to keep: the web app shows "Calendar connection incomplete. Token was not saved".
    ctx.logger.warn({ userId: user.id }, 'google returned no refresh token; calendar not connected');
    return calendarStatusOf(ctx.config, user);
  }

  let accountEmail: string | null = null;
  try {
    accountEmail = await fetchAccountEmail(ctx.config.google.userinfoUrl, tokens.accessToken);
  } catch (err) {
    ctx.logger.warn({ err }, 'google userinfo failed; the account email stays unknown');
  }
  const sealedToken = calendarCipher(ctx).seal(tokens.refreshToken, tokenAssociatedData(user.id));
  const row = await repo.saveConnection(ctx.db, user.id, { sealedToken, accountEmail }, ctx.clock.now());
  return calendarStatusOf(ctx.config, row);
}

export function calendarStatus(ctx: AppContext, user: UserRow): CalendarStatus {
  return calendarStatusOf(ctx.config, user);
}

/** Turns automatic scheduling of recommendations into the calendar on or off. */
export async function updateCalendar(ctx: AppContext, user: UserRow, enabled: boolean): Promise<CalendarStatus> {
  if (enabled) requireLifetime(user);
  const row = await repo.setCalendarEnabled(ctx.db, user.id, enabled, ctx.clock.now());
  if (!row) throw badRequest(CALENDAR_TEXTS.connectFirst);
  return calendarStatusOf(ctx.config, row);
}

/** Revokes the grant at Google when it can; the local token is deleted whatever Google says. */
export async function disconnectCalendar(ctx: AppContext, user: UserRow): Promise<MessageResponse> {
  const sealed = user.calendar_refresh_token;
  if (sealed !== null) {
    let token: string | null = null;
    try {
      token = calendarCipher(ctx).open(sealed, tokenAssociatedData(user.id)).plaintext;
    } catch (err) {
      ctx.logger.error({ err, userId: user.id }, 'calendar token could not be opened; deleting it without revoking');
    }
    if (token) await revokeQuietly(ctx, token, 'user disconnected');
  }
  await repo.clearConnection(ctx.db, user.id, ctx.clock.now());
  await repo.deleteUserStates(ctx.db, user.id);
  return { message: CALENDAR_TEXTS.disconnected };
}
