// Jellyfin and Emby as connected apps (issue 37): one adapter each over the one client, since both
// serve the MediaBrowser API. A connection is a server user: by an API key and the user chosen
// (listUsers), or by a user's name and password exchanged for an access token (that user).
import { randomUUID } from 'node:crypto';
import { MediaServerAuthError, MediaServerClient, MediaServerError } from '../../../integrations/jellyfin/client.js';
import type { MediaServerFlavour, MediaServerUser } from '../../../integrations/jellyfin/types.js';
import { ConnectionError, type ConnectionAdapter, type Connected, type Credentials, type PullContext } from '../adapter.js';
import { idKey } from './items.js';
import { pullItems, PULL_LIMITS, type PullLimits } from './pull.js';
import { JELLYFIN_WEBHOOK_TEMPLATE, parseWebhook } from './webhook.js';

const NAMES: Record<MediaServerFlavour, string> = { jellyfin: 'Jellyfin', emby: 'Emby' };
/** Users listed for the choice at most (a household server has a handful). */
const USERS_MAX = 500;
const FIELD_MAX = 2048;

interface Stored {
  server_url: string;
  token: string;
  user_id: string;
  device_id: string;
  /** How the token was had: an API key the user pasted, or a sign-in (its access token). */
  via: 'api_key' | 'password';
}

const field = (o: Record<string, unknown>, k: string): string | null => {
  const v = o[k];
  return typeof v === 'string' && v.trim() !== '' && v.length <= FIELD_MAX ? v.trim() : null;
};

/** A refusal from the server, worded for Settings. */
function refusal(flavour: MediaServerFlavour, err: unknown, via: Stored['via']): unknown {
  const name = NAMES[flavour];
  if (err instanceof MediaServerAuthError) {
    return new ConnectionError(via === 'api_key' ? `${name} rejected the API key` : `${name} rejected the user name or password`, 'auth');
  }
  if (err instanceof MediaServerError) {
    if (err.status === 429) return new ConnectionError(`${name} asked us to wait`, 'rate_limited', err.retryAfter);
    if (err.status === null || err.status >= 500) return new ConnectionError(`${name} is unreachable: ${err.message}`, 'unreachable');
    return new ConnectionError(`${name} refused the request (HTTP ${err.status})`, 'refused');
  }
  return err;
}

async function guarded<T>(flavour: MediaServerFlavour, via: Stored['via'], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw refusal(flavour, err, via);
  }
}

function client(flavour: MediaServerFlavour, s: Pick<Stored, 'server_url' | 'device_id'> & { token: string | null }, signal?: AbortSignal) {
  try {
    return new MediaServerClient({ flavour, serverUrl: s.server_url, token: s.token, deviceId: s.device_id, signal });
  } catch (err) {
    throw new ConnectionError(err instanceof Error ? err.message : 'The server address is not a URL', 'refused');
  }
}

async function connect(flavour: MediaServerFlavour, body: unknown, ctx: PullContext): Promise<Connected> {
  const o = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const serverUrl = field(o, 'server_url');
  const apiKey = field(o, 'api_key');
  const userId = field(o, 'user_id');
  const username = field(o, 'username');
  const password = typeof o.password === 'string' && o.password.length <= FIELD_MAX ? o.password : null;
  const deviceId = randomUUID();
  const name = NAMES[flavour];
  if (serverUrl && apiKey && userId) {
    const c = client(flavour, { server_url: serverUrl, token: apiKey, device_id: deviceId }, ctx.signal);
    return guarded(flavour, 'api_key', async () => {
      const info = await c.systemInfo();
      const user = await c.user(userId);
      if (!user?.Id) throw new ConnectionError(`${name} has no user with this id`, 'refused');
      return connected(info.ServerName, user, { server_url: c.serverUrl, token: apiKey, user_id: user.Id, device_id: deviceId, via: 'api_key' });
    });
  }
  if (serverUrl && username && password !== null) {
    const c = client(flavour, { server_url: serverUrl, token: null, device_id: deviceId }, ctx.signal);
    return guarded(flavour, 'password', async () => {
      const auth = await c.authenticateByName(username, password);
      if (typeof auth.AccessToken !== 'string' || !auth.AccessToken || typeof auth.User?.Id !== 'string') {
        throw new ConnectionError(`${name} did not sign the user in`, 'refused');
      }
      const stored: Stored = { server_url: c.serverUrl, token: auth.AccessToken, user_id: auth.User.Id, device_id: deviceId, via: 'password' };
      const info = await client(flavour, stored, ctx.signal).systemInfo();
      return connected(info.ServerName, auth.User, stored);
    });
  }
  throw new ConnectionError(`Give the ${name} server's address with an API key and a user, or a user name and password`, 'refused');
}

function connected(serverName: unknown, user: MediaServerUser, stored: Stored): Connected {
  const server = typeof serverName === 'string' && serverName ? ` on ${serverName.slice(0, 100)}` : '';
  return {
    credentials: { ...stored },
    accountName: `${(user.Name ?? 'user').slice(0, 100)}${server}`,
    accountId: idKey(user.Id) ?? undefined,
  };
}

function stored(flavour: MediaServerFlavour, credentials: Credentials): Stored {
  const c = credentials as Partial<Stored>;
  const ok = [c.server_url, c.token, c.user_id, c.device_id].every((v) => typeof v === 'string' && v !== '');
  if (!ok) throw new ConnectionError(`The ${NAMES[flavour]} connection is incomplete: connect again`, 'auth');
  return { ...(c as Stored), via: c.via === 'password' ? 'password' : 'api_key' };
}

export function mediaServerAdapter(flavour: MediaServerFlavour, limits: PullLimits = PULL_LIMITS): ConnectionAdapter {
  return {
    kind: flavour,
    connect: (body, ctx) => connect(flavour, body, ctx),
    pull: (credentials, cursor, ctx) => {
      const s = stored(flavour, credentials);
      const c = client(flavour, s, ctx.signal);
      return guarded(flavour, s.via, () => pullItems(flavour, c, s.user_id, cursor, ctx.now, limits, ctx.signal));
    },
    webhook: (body, contentType) => parseWebhook(flavour, body, contentType),
    ...(flavour === 'jellyfin' ? { webhookTemplate: JELLYFIN_WEBHOOK_TEMPLATE } : {}),
    serverUsers: (body, ctx) => listUsers(body.server_url, body.api_key, { flavour, signal: ctx.signal }),
  };
}

export const jellyfinAdapter = mediaServerAdapter('jellyfin');
export const embyAdapter = mediaServerAdapter('emby');

/** The server's users, for the choice of whose history to bring in (an administrator's API key). */
export async function listUsers(
  serverUrl: string,
  apiKey: string,
  opts: { flavour?: MediaServerFlavour; signal?: AbortSignal } = {},
): Promise<Array<{ id: string; name: string }>> {
  const flavour = opts.flavour ?? 'jellyfin';
  const c = client(flavour, { server_url: serverUrl, token: apiKey, device_id: randomUUID() }, opts.signal);
  const users = await guarded(flavour, 'api_key', () => c.users());
  return users
    .filter((u) => typeof u.Id === 'string' && typeof u.Name === 'string' && u.Policy?.IsDisabled !== true)
    .slice(0, USERS_MAX)
    .map((u) => ({ id: u.Id!, name: u.Name!.slice(0, 100) }));
}
