// Three HttpOnly cookies that let the server recognise the browser a person used before
// (docs/security.md):
// - tp_signup: proof that this browser chose the pending password of an unverified account. Only
//   then does verifying the emailed code keep that password.
// - tp_device: a browser that signed in to an account successfully; its sign-in failures are
//   counted on their own, so guesses from elsewhere cannot lock it out.
// - tp_unlock: a random id of a browser that asked for an emailed code (sign-in, sign-up or
//   password reset); the code works in that browser only, so nobody else's wrong guesses can use
//   up its attempts, and nobody else's request replaces it.
// The first two are HMACs under the token signing key; the database stores nothing for them.
import { createHmac, randomBytes } from 'node:crypto';
import { sameHash } from '../codes/one-time-code.js';

export const SIGNUP_COOKIE = 'tp_signup';
export const DEVICE_COOKIE = 'tp_device';
export const UNLOCK_COOKIE = 'tp_unlock';
/** Entries kept per cookie (several accounts in one browser); the oldest goes first. */
const MAX_ENTRIES = 4;
const MAX_COOKIE_HEADER = 8192;

export const SIGNUP_MAX_AGE_MS = 30 * 86_400_000;
export const DEVICE_MAX_AGE_MS = 365 * 86_400_000;
export const UNLOCK_MAX_AGE_MS = 86_400_000;

/** What the auth routes know of the caller: its address and its cookies' entries. */
export interface AuthClient {
  ip: string;
  signupProofs: string[];
  devices: string[];
  /** The tp_unlock id, if this browser has one. */
  unlockId: string | null;
  /** The User-Agent header, kept with a new session to label the device. */
  userAgent: string | null;
}

/** Cookies the auth service asks the route to (re)write; each is the full new list. */
/** A response body and the cookies the route writes with it. */
export interface Answer<T> {
  body: T;
  cookies?: CookieUpdate;
}

export interface CookieUpdate {
  signup?: string[];
  devices?: string[];
  unlock?: string;
}

const mac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

function entries(header: string | undefined, name: string): string[] {
  if (!header || header.length > MAX_COOKIE_HEADER) return [];
  for (const part of header.split(';', 64)) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return [];
    }
    return value.split('|', MAX_ENTRIES).filter((e) => /^[\w.-]{1,200}$/.test(e));
  }
  return [];
}

export function authClient(ip: string, cookieHeader: string | undefined, userAgent: string | undefined = undefined): AuthClient {
  const unlockId = entries(cookieHeader, UNLOCK_COOKIE)[0] ?? null;
  return { ip, signupProofs: entries(cookieHeader, SIGNUP_COOKIE), devices: entries(cookieHeader, DEVICE_COOKIE), unlockId, userAgent: userAgent ?? null };
}

export const newUnlockId = () => randomBytes(18).toString('base64url');

/** What the database keeps of a tp_unlock id: a keyed hash, so a database reader cannot act as that browser. */
export const unlockBrowserKey = (secret: string, unlockId: string) => mac(secret, `unlock:${unlockId}`);

/** The browser a new code is bound to: its tp_unlock id (a new one if it has none) and the key stored with the code. */
export function codeBrowser(secret: string, client: AuthClient): { id: string; key: string } {
  const id = client.unlockId ?? newUnlockId();
  return { id, key: unlockBrowserKey(secret, id) };
}

/** The proof that a browser chose this password hash for this account. */
export function signupProof(secret: string, userId: string, passwordHash: string): string {
  return mac(secret, `signup:${userId}:${passwordHash}`);
}

export function holdsSignupProof(secret: string, client: AuthClient, userId: string, passwordHash: string): boolean {
  const want = signupProof(secret, userId, passwordHash);
  return client.signupProofs.some((p) => sameHash(p, want));
}

/** Adds an entry in front of a list, dropping duplicates and the oldest beyond MAX_ENTRIES. */
export function withEntry(list: string[], entry: string, sameKey: (e: string) => boolean = (e) => e === entry): string[] {
  return [entry, ...list.filter((e) => !sameKey(e))].slice(0, MAX_ENTRIES);
}

/** A device entry: userId.issuedMs.nonce.mac */
export function newDeviceEntry(secret: string, userId: string, now: Date): string {
  const nonce = randomBytes(12).toString('base64url');
  const body = `${userId}.${now.getTime()}.${nonce}`;
  return `${body}.${mac(secret, `device:${body}`)}`;
}

/**
 * The id of this browser's device entry for the account, or null. Entries older than the account's
 * tokens_valid_after (sign out everywhere, a password removed) no longer count.
 */
export function trustedDevice(secret: string, client: AuthClient, userId: string, validAfterMs: number): string | null {
  for (const entry of client.devices) {
    const [id, issued, nonce, tag] = entry.split('.');
    if (id !== userId || !nonce || !tag) continue;
    if (!sameHash(tag, mac(secret, `device:${id}.${issued}.${nonce}`))) continue;
    if (Number(issued) < validAfterMs) continue;
    return nonce;
  }
  return null;
}

export const deviceEntryFor = (userId: string) => (entry: string) => entry.startsWith(`${userId}.`);
