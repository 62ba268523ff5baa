// Google's OAuth 2.0 endpoints for a web server app, over plain HTTP (no SDK): the authorization
// URL, the code exchange with PKCE, refreshing, revoking, and the OpenID userinfo endpoint.
// https://developers.google.com/identity/protocols/oauth2/web-server
export interface GoogleClient {
  clientId: string;
  clientSecret: string;
}

const TIMEOUT_MS = 10_000;

/** Google answered with an OAuth error (`{error, error_description}`), or not at all. */
export class GoogleOAuthError extends Error {
  constructor(
    /** The OAuth error code (invalid_grant, invalid_client, ...) or 'unreachable' / 'bad_response'. */
    readonly error: string,
    readonly status: number | null,
    description: string,
  ) {
    super(`Google OAuth ${error}: ${description}`);
    this.name = 'GoogleOAuthError';
  }
}

export interface TokenResponse {
  accessToken: string;
  expiresIn: number | null;
  /** Only on the first consent (or with prompt=consent) and with access_type=offline. */
  refreshToken: string | null;
  scopes: string[];
  idToken: string | null;
}

export function buildAuthorizationUrl(
  authUrl: string,
  p: { clientId: string; redirectUri: string; scopes: string[]; state: string; codeChallenge: string; loginHint?: string },
): string {
  const url = new URL(authUrl);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: p.redirectUri,
    scope: p.scopes.join(' '),
    access_type: 'offline',
    // Without consent Google returns a refresh token only the first time a user ever grants access.
    prompt: 'consent',
    include_granted_scopes: 'true',
    state: p.state,
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
  };
  if (p.loginHint) params.login_hint = p.loginHint;
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

async function postForm(url: string, form: Record<string, string>): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new GoogleOAuthError('unreachable', null, (err as Error).message);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

function oauthError(status: number, body: unknown): GoogleOAuthError {
  const b = (body ?? {}) as { error?: unknown; error_description?: unknown };
  const error = typeof b.error === 'string' ? b.error : 'bad_response';
  const description = typeof b.error_description === 'string' ? b.error_description : `HTTP ${status}`;
  return new GoogleOAuthError(error, status, description);
}

function toTokenResponse(status: number, body: unknown): TokenResponse {
  const b = (body ?? {}) as Record<string, unknown>;
  if (status !== 200 || typeof b.access_token !== 'string') throw oauthError(status, body);
  return {
    accessToken: b.access_token,
    expiresIn: typeof b.expires_in === 'number' ? b.expires_in : null,
    refreshToken: typeof b.refresh_token === 'string' && b.refresh_token ? b.refresh_token : null,
    scopes: typeof b.scope === 'string' ? b.scope.split(/\s+/).filter(Boolean) : [],
    idToken: typeof b.id_token === 'string' ? b.id_token : null,
  };
}

export async function exchangeCode(
  tokenUrl: string,
  client: GoogleClient,
  p: { code: string; codeVerifier: string; redirectUri: string },
): Promise<TokenResponse> {
  const { status, body } = await postForm(tokenUrl, {
    grant_type: 'authorization_code',
    code: p.code,
    code_verifier: p.codeVerifier,
    redirect_uri: p.redirectUri,
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  return toTokenResponse(status, body);
}

export async function refreshAccessToken(tokenUrl: string, client: GoogleClient, refreshToken: string): Promise<TokenResponse> {
  const { status, body } = await postForm(tokenUrl, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  return toTokenResponse(status, body);
}

/** Revokes a token (a refresh token revokes the whole grant). Throws on any non-200. */
export async function revokeToken(revokeUrl: string, token: string): Promise<void> {
  const { status, body } = await postForm(revokeUrl, { token });
  if (status !== 200) throw oauthError(status, body);
}

/** The signed-in account's email from the OpenID userinfo endpoint, or null if it has none. */
export async function fetchAccountEmail(userinfoUrl: string, accessToken: string): Promise<string | null> {
  let res: Response;
  try {
    res = await fetch(userinfoUrl, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new GoogleOAuthError('unreachable', null, (err as Error).message);
  }
  if (res.status !== 200) throw new GoogleOAuthError('bad_response', res.status, `userinfo answered HTTP ${res.status}`);
  const body = (await res.json().catch(() => null)) as { email?: unknown } | null;
  return typeof body?.email === 'string' ? body.email.toLowerCase() : null;
}
