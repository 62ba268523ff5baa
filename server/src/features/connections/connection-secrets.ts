// What a connection keeps secret (docs/security.md, "Connected apps"): the app's credentials and
// the webhook URL's secret, sealed together with the calendar's key handling (the same cipher and
// key), bound to the user and kind so a sealed value copied to another row does not open. The
// webhook is found by the secret's SHA-256 alone.
import { createHash, randomBytes } from 'node:crypto';
import type { ConnectionKind } from '@app/shared';
import type { AppContext } from '../../context.js';
import { calendarCipher } from '../calendar/calendar.access.js';
import type { Credentials } from './adapter.js';

export interface Sealed {
  credentials: Credentials;
  /** null for a kind without webhooks (Trakt). */
  webhookSecret: string | null;
  /** The app's id of the connected account (Connected.accountId): a webhook naming another account is dropped. */
  accountId?: string | null;
}

type Ctx = Pick<AppContext, 'config' | 'database' | 'logger'>;

const associatedData = (userId: string, kind: string, what: string) => `connections.${what}:${userId}:${kind}`;

export function sealConnection(ctx: Ctx, userId: string, kind: ConnectionKind, value: Sealed): string {
  return calendarCipher(ctx).seal(JSON.stringify(value), associatedData(userId, kind, 'credentials'));
}

/** Throws TokenCipherError when the value does not open (another key, another row, tampered). */
export function openConnection(ctx: Ctx, userId: string, kind: string, sealed: string): Sealed {
  return JSON.parse(calendarCipher(ctx).open(sealed, associatedData(userId, kind, 'credentials')).plaintext) as Sealed;
}

export function sealDeviceCode(ctx: Ctx, userId: string, kind: ConnectionKind, deviceCode: string): string {
  return calendarCipher(ctx).seal(deviceCode, associatedData(userId, kind, 'device_code'));
}

export function openDeviceCode(ctx: Ctx, userId: string, kind: string, sealed: string): string {
  return calendarCipher(ctx).open(sealed, associatedData(userId, kind, 'device_code')).plaintext;
}

/** 32 random bytes, base64url: the part of a webhook URL that names the user. */
export const newWebhookSecret = () => randomBytes(32).toString('base64url');

export const webhookSecretHash = (secret: string) => createHash('sha256').update(secret).digest('base64url');
