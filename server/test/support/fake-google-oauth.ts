// A local server that answers like Google's OAuth 2.0 endpoints (authorisation with an automatic
// consent, token with authorization_code + PKCE S256 and refresh_token grants, revoke, OpenID
// userinfo) and the Calendar v3 events.insert API. Error bodies have Google's shapes.
import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { readBody } from './http-body.js';
import { apiError, hasOffset, isRfc3339, json, oauthError, token, unsignedIdToken, validZone } from './fake-google-shapes.js';

const CALENDAR_SCOPES = new Set(['https://www.googleapis.com/auth/calendar', 'https://www.googleapis.com/auth/calendar.events']);

interface Account {
  email: string;
  sub: string;
}
interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  scopes: string[];
  account: Account;
  offline: boolean;
  consent: boolean;
  used: boolean;
  expiresAt: number;
}
interface Grant {
  refreshToken: string | null;
  account: Account;
  scopes: string[];
  revoked: boolean;
}
export interface StoredEvent {
  accountEmail: string;
  calendarId: string;
  id: string;
  body: Record<string, any>;
  htmlLink: string;
}

export interface ConsentOptions {
  email?: string;
  /** The scopes the user leaves ticked on the consent screen (default: all requested). */
  grantScopes?: string[];
  /** The user presses Cancel: Google redirects with ?error=access_denied (and the state). */
  deny?: boolean;
}

export interface FakeGoogleOAuth {
  clientId: string;
  clientSecret: string;
  /** Environment for startTestServer. */
  env(): Record<string, string>;
  /** Opens the authorisation URL like a browser whose user clicks "Allow"; returns the redirect's query. */
  consent(authorizationUrl: string, opts?: ConsentOptions): Promise<{ code: string; state: string | null; location: URL }>;
  /** What the next authorisation request answers, for a browser that follows the URL itself. */
  nextConsent(opts: ConsentOptions): void;
  /** The user removes the app's access in their Google account: every token of theirs stops working. */
  revokeAccount(email: string): void;
  refreshTokensOf(email: string): string[];
  isRevoked(token: string): boolean;
  events: StoredEvent[];
  /** Tokens posted to the revoke endpoint, in order. */
  revocations: string[];
  /** Requests seen by the token endpoint, by grant_type. */
  tokenRequests: Array<{ grant_type: string }>;
  options: { omitRefreshToken: boolean; failRevoke: boolean };
  close(): Promise<void>;
}

export async function startFakeGoogleOAuth(clientId = 'calendar-client.apps.googleusercontent.com', clientSecret = 'calendar-secret'): Promise<FakeGoogleOAuth> {
  const codes = new Map<string, IssuedCode>();
  const grants: Grant[] = [];
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  const events: StoredEvent[] = [];
  const revocations: string[] = [];
  const tokenRequests: Array<{ grant_type: string }> = [];
  const options = { omitRefreshToken: false, failRevoke: false };
  let base = '';

  function accountFor(email: string): Account {
    return { email, sub: createHash('sha256').update(email).digest('hex').slice(0, 21) };
  }

  function issueAccess(grant: Grant) {
    const at = token('ya29.');
    accessTokens.set(at, { grant, expiresAt: Date.now() + 3599_000 });
    return at;
  }

  function bearer(req: IncomingMessage): { grant: Grant } | null {
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const entry = m ? accessTokens.get(m[1]) : undefined;
    if (!entry || entry.grant.revoked || entry.expiresAt < Date.now()) return null;
    return entry;
  }

  function clientOf(req: IncomingMessage, form: URLSearchParams): boolean {
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic (\S+)$/.exec(req.headers.authorization ?? '');
    if (basic) [id, secret] = Buffer.from(basic[1], 'base64').toString().split(':');
    return id === clientId && secret === clientSecret;
  }

  function authorize(url: URL, res: ServerResponse, opts: ConsentOptions) {
    const q = url.searchParams;
    if (q.get('client_id') !== clientId) return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.');
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri) return oauthError(res, 400, 'invalid_request', 'Missing required parameter: redirect_uri');
    if (q.get('response_type') !== 'code') return oauthError(res, 400, 'unsupported_response_type', 'Invalid response_type');
    const method = q.get('code_challenge_method');
    const challenge = q.get('code_challenge');
    if (challenge && method !== 'S256') return oauthError(res, 400, 'invalid_request', 'Invalid code_challenge_method');
    const requested = (q.get('scope') ?? '').split(' ').filter(Boolean);
    if (requested.length === 0) return oauthError(res, 400, 'invalid_request', 'Missing required parameter: scope');
    if (opts.deny) {
      const denied = new URL(redirectUri);
      denied.searchParams.set('error', 'access_denied');
      if (q.get('state') !== null) denied.searchParams.set('state', q.get('state')!);
      return void res.writeHead(302, { location: denied.toString() }).end();
    }
    const scopes = opts.grantScopes ?? requested;
    const code = `4/0${randomBytes(30).toString('base64url')}`;
    codes.set(code, {
      clientId,
      redirectUri,
      challenge,
      scopes,
      account: accountFor(opts.email ?? 'someone@gmail.test'),
      offline: q.get('access_type') === 'offline',
      consent: (q.get('prompt') ?? '').split(' ').includes('consent'),
      used: false,
      expiresAt: Date.now() + 60_000,
    });
    const location = new URL(redirectUri);
    location.searchParams.set('code', code);
    if (q.get('state') !== null) location.searchParams.set('state', q.get('state')!);
    location.searchParams.set('scope', scopes.join(' '));
    res.writeHead(302, { location: location.toString() }).end();
  }

  function tokenEndpoint(req: IncomingMessage, res: ServerResponse, form: URLSearchParams) {
    const grantType = form.get('grant_type') ?? '';
    tokenRequests.push({ grant_type: grantType });
    if (!clientOf(req, form)) return oauthError(res, 401, 'invalid_client', 'Unauthorized');
    if (grantType === 'authorization_code') {
      const issued = codes.get(form.get('code') ?? '');
      if (!issued || issued.used || issued.expiresAt < Date.now()) return oauthError(res, 400, 'invalid_grant', 'Bad Request');
      issued.used = true; // a code is single use, even when the request below fails
      if (form.get('redirect_uri') !== issued.redirectUri) return oauthError(res, 400, 'redirect_uri_mismatch', 'Bad Request');
      if (issued.challenge) {
        const verifier = form.get('code_verifier');
        if (!verifier) return oauthError(res, 400, 'invalid_grant', 'Missing code verifier.');
        if (createHash('sha256').update(verifier).digest('base64url') !== issued.challenge) return oauthError(res, 400, 'invalid_grant', 'Invalid code verifier.');
      }
      const withRefresh = issued.offline && issued.consent && !options.omitRefreshToken;
      const grant: Grant = { refreshToken: withRefresh ? token('1//0') : null, account: issued.account, scopes: issued.scopes, revoked: false };
      grants.push(grant);
      const body: Record<string, unknown> = { access_token: issueAccess(grant), expires_in: 3599, scope: issued.scopes.join(' '), token_type: 'Bearer' };
      if (grant.refreshToken) body.refresh_token = grant.refreshToken;
      if (issued.scopes.includes('openid')) body.id_token = unsignedIdToken(issued.account, clientId);
      return json(res, 200, body);
    }
    if (grantType === 'refresh_token') {
      const grant = grants.find((g) => g.refreshToken !== null && g.refreshToken === form.get('refresh_token'));
      if (!grant || grant.revoked) return oauthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
      return json(res, 200, { access_token: issueAccess(grant), expires_in: 3599, scope: grant.scopes.join(' '), token_type: 'Bearer' });
    }
    return oauthError(res, 400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`);
  }

  function revokeEndpoint(res: ServerResponse, form: URLSearchParams, url: URL) {
    const t = form.get('token') ?? url.searchParams.get('token') ?? '';
    revocations.push(t);
    if (options.failRevoke) return json(res, 503, { error: 'backend_error', error_description: 'Service unavailable' });
    const grant = grants.find((g) => g.refreshToken === t) ?? accessTokens.get(t)?.grant;
    if (!grant || grant.revoked) return oauthError(res, 400, 'invalid_token', 'Token expired or revoked');
    grant.revoked = true;
    json(res, 200, {});
  }

  function insertEvent(req: IncomingMessage, res: ServerResponse, calendarId: string, raw: string) {
    const auth = bearer(req);
    if (!auth) {
      return apiError(res, 401, 'authError', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.', 'UNAUTHENTICATED');
    }
    if (!auth.grant.scopes.some((s) => CALENDAR_SCOPES.has(s))) return apiError(res, 403, 'insufficientPermissions', 'Request had insufficient authentication scopes.', 'PERMISSION_DENIED');
    let body: Record<string, any>;
    try {
      body = JSON.parse(raw);
    } catch {
      return apiError(res, 400, 'parseError', 'Parse Error', 'INVALID_ARGUMENT');
    }
    for (const side of ['start', 'end'] as const) {
      const t = body[side];
      if (!t || !isRfc3339(t.dateTime)) return apiError(res, 400, 'required', `Missing ${side} time.`, 'INVALID_ARGUMENT');
      if (!hasOffset(t.dateTime) && !t.timeZone) return apiError(res, 400, 'required', `Missing time zone definition for ${side} time.`, 'INVALID_ARGUMENT');
      if (t.timeZone !== undefined && !validZone(t.timeZone)) return apiError(res, 400, 'timeZoneInvalid', 'Invalid time zone definition', 'INVALID_ARGUMENT');
    }
    if (hasOffset(body.start.dateTime) && hasOffset(body.end.dateTime) && Date.parse(body.end.dateTime) <= Date.parse(body.start.dateTime)) {
      return apiError(res, 400, 'timeRangeEmpty', 'The specified time range is empty.', 'INVALID_ARGUMENT');
    }
    if (body.id !== undefined && (typeof body.id !== 'string' || !/^[a-v0-9]{5,1024}$/.test(body.id))) return apiError(res, 400, 'invalid', 'Invalid resource id value.', 'INVALID_ARGUMENT');
    const email = auth.grant.account.email;
    const id = body.id ?? randomBytes(13).toString('hex');
    if (events.some((e) => e.accountEmail === email && e.id === id)) return apiError(res, 409, 'duplicate', 'The requested identifier already exists.', 'ALREADY_EXISTS');
    const htmlLink = `https://www.google.com/calendar/event?eid=${Buffer.from(`${id} ${email}`).toString('base64url')}`;
    events.push({ accountEmail: email, calendarId, id, body, htmlLink });
    const now = new Date().toISOString();
    json(res, 200, {
      kind: 'calendar#event',
      etag: `"${Date.now()}"`,
      id,
      status: 'confirmed',
      htmlLink,
      created: now,
      updated: now,
      creator: { email, self: true },
      organizer: { email, self: true },
      iCalUID: `${id}@google.com`,
      sequence: 0,
      reminders: { useDefault: true },
      eventType: 'default',
      ...body,
    });
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const raw = req.method === 'POST' ? await readBody(req) : '';
    const form = new URLSearchParams(req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ? raw : '');
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return authorize(url, res, pendingConsent.shift() ?? {});
    if (req.method === 'POST' && url.pathname === '/token') return tokenEndpoint(req, res, form);
    if (req.method === 'POST' && url.pathname === '/revoke') return revokeEndpoint(res, form, url);
    if (req.method === 'GET' && url.pathname === '/v1/userinfo') {
      const auth = bearer(req);
      if (!auth) return oauthError(res, 401, 'invalid_request', 'Invalid Credentials');
      const a = auth.grant.account;
      return json(res, 200, { sub: a.sub, email: a.email, email_verified: true, picture: 'https://lh3.googleusercontent.test/a/x' });
    }
    const m = /^\/calendar\/v3\/calendars\/([^/]+)\/events$/.exec(url.pathname);
    if (req.method === 'POST' && m) return insertEvent(req, res, decodeURIComponent(m[1]), raw);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
  });
  // consent() passes its options to the next authorisation request it makes.
  const pendingConsent: ConsentOptions[] = [];
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    clientId,
    clientSecret,
    env: () => ({
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTH_URL: `${base}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_REVOKE_URL: `${base}/revoke`,
      GOOGLE_CALENDAR_URL: `${base}/calendar/v3`,
      GOOGLE_USERINFO_URL: `${base}/v1/userinfo`,
    }),
    async consent(authorizationUrl, opts = {}) {
      pendingConsent.push(opts);
      const res = await fetch(authorizationUrl, { redirect: 'manual' });
      if (res.status !== 302) throw new Error(`authorisation refused: ${res.status} ${await res.text()}`);
      const location = new URL(res.headers.get('location')!);
      return { code: location.searchParams.get('code')!, state: location.searchParams.get('state'), location };
    },
    nextConsent(opts) {
      pendingConsent.push(opts);
    },
    revokeAccount(email) {
      for (const g of grants) if (g.account.email === email) g.revoked = true;
    },
    refreshTokensOf: (email) => grants.filter((g) => g.account.email === email && g.refreshToken).map((g) => g.refreshToken!),
    isRevoked: (t) => (grants.find((g) => g.refreshToken === t) ?? accessTokens.get(t)?.grant)?.revoked ?? false,
    events,
    revocations,
    tokenRequests,
    options,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
