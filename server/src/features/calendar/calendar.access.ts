// What every calendar operation checks first, and the texts it answers with.
import type { CalendarStatus } from '@app/shared';
import { ALERT_TEXTS } from '@app/shared';
import type { AppContext } from '../../context.js';
import type { Config } from '../../config.js';
import { calendarReconnect, forbidden, serviceUnavailable, upstreamUnavailable } from '../../http/errors.js';
import { loadCalendarCipher } from '../../integrations/crypto/keys.js';
import type { TokenCipher } from '../../integrations/crypto/token-cipher.js';
import type { GoogleClient } from '../../integrations/google/oauth.js';
import type { UserRow } from '../users/users.repository.js';

export const CALENDAR_TEXTS = {
  lifetimeOnly: 'Calendar integration is part of the lifetime plan.',
  notConfigured: 'Google Calendar is not configured on this server.',
  notConnected: ALERT_TEXTS.addToCalendar,
  connectFirst: 'Connect Google Calendar first.',
  stateMissing: 'The calendar authorisation is missing its state. Please connect again from Settings.',
  stateInvalid: 'This calendar authorisation is not valid or was already used. Please connect again from Settings.',
  stateExpired: 'This calendar authorisation has expired. Please connect again from Settings.',
  codeRejected: 'Google did not accept the authorisation. Please connect again from Settings.',
  scopeMissing: 'Google Calendar access was not granted. Please connect again and allow access to your calendar.',
  reconnect: 'Your Google Calendar connection has expired or was revoked. Please reconnect your calendar in Settings.',
  unreachable: 'Google Calendar could not be reached. Please try again in a moment.',
  unavailable: 'Google Calendar is temporarily unavailable on this server. Please try again later.',
  disconnected: 'Google Calendar disconnected',
  eventAdded: 'Added to your Google Calendar',
} as const;

/** The narrowest scope that can create events; openid + email name the connected account. */
export const CALENDAR_SCOPES = ['openid', 'email', 'https://www.googleapis.com/auth/calendar.events'];
export const CALENDAR_EVENTS_SCOPE = CALENDAR_SCOPES[2];

export const reconnectRequired = () => calendarReconnect(CALENDAR_TEXTS.reconnect);
export const upstreamFailed = () => upstreamUnavailable(CALENDAR_TEXTS.unreachable);

export function googleClientOf(config: Config): GoogleClient | null {
  const { clientId, clientSecret } = config.google;
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

export function requireGoogle(ctx: AppContext): GoogleClient {
  const client = googleClientOf(ctx.config);
  if (!client) throw serviceUnavailable(CALENDAR_TEXTS.notConfigured);
  return client;
}

export function requireLifetime(user: UserRow): void {
  if (user.subscription_tier !== 'paid_lifetime') throw forbidden(CALENDAR_TEXTS.lifetimeOnly);
}

/** The OAuth redirect lands on the settings page, which posts the code back to /connect. */
export const redirectUriOf = (config: Config) => `${config.appUrl}/app/settings`;

/** The refresh token is bound to its user: a ciphertext moved to another row does not open. */
export const tokenAssociatedData = (userId: string) => `users.calendar_refresh_token:${userId}`;

const ciphers = new WeakMap<Config, TokenCipher>();

/** One cipher per configuration, loaded on first use (the key file is created then). */
export function calendarCipher(ctx: Pick<AppContext, 'config' | 'database' | 'logger'>): TokenCipher {
  let cipher = ciphers.get(ctx.config);
  if (!cipher) {
    const loaded = loadCalendarCipher(ctx.config);
    if (loaded.source === 'file' && ctx.database.dialect === 'postgres') {
      ctx.logger.warn('calendar tokens are sealed with a key file in DATA_DIR: set CALENDAR_ENCRYPTION_KEY so every instance shares one key');
    }
    cipher = loaded.cipher;
    ciphers.set(ctx.config, cipher);
  }
  return cipher;
}

export function calendarStatusOf(config: Config, row: UserRow): CalendarStatus {
  const connected = row.calendar_refresh_token !== null;
  return {
    has_refresh_token: connected,
    calendar_enabled: connected && Boolean(row.calendar_enabled),
    account_email: row.calendar_account_email,
    available: googleClientOf(config) !== null,
    needs_reconnect: !connected && Boolean(row.calendar_needs_reconnect),
  };
}
