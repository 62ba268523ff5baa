// Which connect body each kind takes, and how an app's refusal reads as an HTTP answer.
import { CONNECTION_NAMES, type ConnectionKind, type ConnectRequest } from '@app/shared';
import { badRequest, fieldError, tooMany, upstreamUnavailable, type HttpError } from '../../http/errors.js';
import { ConnectionError } from './adapter.js';

type Field = 'api_key' | 'user_id' | 'username' | 'password' | 'token';

/**
 * Jellyfin/Emby: {server_url, api_key, user_id} or {server_url, username, password}; Plex:
 * {server_url, token}; Trakt connects by its device flow. Returns the fields the adapter gets and
 * the one a refused secret is reported on.
 */
export function connectBody(kind: ConnectionKind, body: ConnectRequest): { fields: Partial<Record<Field, string>>; secretField: Field } {
  const name = CONNECTION_NAMES[kind];
  const present = (['api_key', 'user_id', 'username', 'password', 'token'] as const).filter((f) => body[f] !== undefined);
  const only = (allowed: readonly Field[]) => {
    const extra = present.find((f) => !allowed.includes(f));
    if (extra) throw fieldError(extra, `${name} does not take ${extra}`);
    return Object.fromEntries(allowed.filter((f) => body[f] !== undefined).map((f) => [f, body[f]!]));
  };
  if (kind === 'trakt') throw badRequest('Trakt connects with a code: start with POST /api/integrations/trakt/device');
  if (kind === 'plex') {
    if (!body.token) throw fieldError('token', 'Paste your Plex token (X-Plex-Token)');
    return { fields: only(['token']), secretField: 'token' };
  }
  if (body.username !== undefined) {
    if (body.password === undefined) throw fieldError('password', 'Give the password of that user');
    return { fields: only(['username', 'password']), secretField: 'password' };
  }
  if (!body.api_key) throw fieldError('api_key', `Give an API key of your ${name} server and choose its user, or a user name and password`);
  if (!body.user_id) throw fieldError('user_id', `Choose the ${name} user whose history to read`);
  return { fields: only(['api_key', 'user_id']), secretField: 'api_key' };
}

/** An adapter's failure as the answer to a connect or device-flow call; anything else is rethrown. */
export function refusal(kind: ConnectionKind, err: unknown, field: Field | null): HttpError | unknown {
  if (!(err instanceof ConnectionError)) return err;
  switch (err.reason) {
    case 'auth':
      return field ? fieldError(field, err.message) : badRequest(err.message);
    case 'rate_limited':
      return tooMany(err.message, err.retryAfter ?? 60);
    case 'unreachable':
      return upstreamUnavailable(err.message || `${CONNECTION_NAMES[kind]} could not be reached`);
    case 'refused':
      return badRequest(err.message);
  }
}
