// One signed-in use of a Trakt connection: its stored tokens, refreshed a day before they expire
// or when Trakt answers 401 (then the call is tried once more), and Trakt's refusals worded as
// ConnectionErrors for the user. The refreshed credentials are handed back to be stored.
import { ConnectionError, type Credentials } from '../adapter.js';
import { TraktAuthError, TraktError, TraktRateLimitError, type TraktClient } from '../../../integrations/trakt/client.js';
import type { GetBudget } from '../../../integrations/trakt/budget.js';
import type { TraktToken } from '../../../integrations/trakt/types.js';

export const SIGNED_OUT = 'Trakt signed us out; reconnect';
/** Trakt's access tokens last 7 days: a refresh a day early keeps a daily pull signed in. */
const REFRESH_AHEAD_MS = 24 * 3600_000;

export interface TraktCredentials {
  access_token: string;
  refresh_token: string;
  /** ISO 8601: when the access token expires. */
  expires_at: string;
  /** The Trakt user's slug: the key of their GET budget. */
  user: string;
}

export function credentialsOf(token: TraktToken, user: string, now: Date): TraktCredentials {
  const created = Number.isFinite(token.created_at) ? token.created_at! * 1000 : now.getTime();
  const life = Number.isFinite(token.expires_in) ? token.expires_in * 1000 : 7 * 24 * 3600_000;
  return { access_token: token.access_token, refresh_token: token.refresh_token, expires_at: new Date(created + life).toISOString(), user };
}

function readCredentials(c: Credentials): TraktCredentials {
  const { access_token, refresh_token, expires_at, user } = c as Partial<TraktCredentials>;
  if (typeof access_token !== 'string' || typeof refresh_token !== 'string' || typeof expires_at !== 'string' || typeof user !== 'string') {
    throw new ConnectionError(SIGNED_OUT, 'auth');
  }
  return { access_token, refresh_token, expires_at, user };
}

/** Trakt's refusals (from the client) in the user's words; anything else is left as it is. */
export function worded(err: unknown): unknown {
  if (err instanceof ConnectionError) return err;
  if (err instanceof TraktAuthError) return new ConnectionError(SIGNED_OUT, 'auth');
  if (err instanceof TraktRateLimitError) {
    return new ConnectionError(`Trakt asks us to slow down; we will try again in ${Math.max(1, Math.ceil(err.retryAfter / 60))} min`, 'rate_limited', err.retryAfter);
  }
  if (err instanceof TraktError) {
    if (err.status === null || err.status >= 500) return new ConnectionError('Trakt is not answering; we will try again later', 'unreachable');
    if (err.status === 423) return new ConnectionError('Your Trakt account is locked or deactivated; Trakt support can reopen it', 'auth');
    if (err.status === 403) return new ConnectionError("Trakt refused this server's app (its TRAKT_CLIENT_ID)", 'refused');
    return new ConnectionError(`Trakt refused the request (HTTP ${err.status})`, 'refused');
  }
  return err;
}

export class TraktSession {
  private creds: TraktCredentials;
  /** Set once a refresh gave new tokens: the caller stores them. */
  changed = false;

  constructor(
    private readonly client: TraktClient,
    credentials: Credentials,
    private readonly now: Date,
    readonly budget: GetBudget,
  ) {
    this.creds = readCredentials(credentials);
  }

  get credentials(): TraktCredentials {
    return this.creds;
  }

  /** Runs a signed-in call with a fresh token: refreshed ahead of expiry, and once on a 401. */
  async call<T>(fn: (token: string) => Promise<T>): Promise<T> {
    if (Date.parse(this.creds.expires_at) - this.now.getTime() < REFRESH_AHEAD_MS || Number.isNaN(Date.parse(this.creds.expires_at))) await this.refresh();
    try {
      return await fn(this.creds.access_token);
    } catch (err) {
      if (!(err instanceof TraktAuthError) || this.changed) throw err;
    }
    await this.refresh();
    return fn(this.creds.access_token);
  }

  private async refresh(): Promise<void> {
    // A refused refresh is a TraktAuthError: worded() makes it "signed us out".
    const token = await this.client.refresh(this.creds.refresh_token);
    this.creds = credentialsOf(token, this.creds.user, this.now);
    this.changed = true;
  }
}
