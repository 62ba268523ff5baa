// The sign-in hand-off checks, pure so they are unit-tested. The web page posts
// {type, nonce, token} to its own window; the bridge (content script) accepts it only from that
// window and the configured origin; the background accepts it only for its pending one-time nonce.
import { EXTENSION_HANDOFF } from './shared';

export interface HandoffMessage {
  nonce: string;
  token: string;
}

export interface PendingNonce {
  value: string;
  /** Epoch ms. */
  expiresAt: number;
}

export const NONCE_TTL_MS = 10 * 60 * 1000;
const NONCE_RE = /^[A-Za-z0-9_-]{43}$/;
const TOKEN_RE = new RegExp(`^${EXTENSION_HANDOFF.tokenPrefix}[A-Za-z0-9_-]{43}$`);

/** 32 random bytes, base64url: what the extension puts in the connect page's URL. */
export function createNonce(random: (bytes: Uint8Array) => Uint8Array, now: number): PendingNonce {
  const bytes = random(new Uint8Array(32));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  const value = btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return { value, expiresAt: now + NONCE_TTL_MS };
}

/** The message's shape, or null for anything else (other page scripts post messages too). */
export function parseHandoffMessage(data: unknown): HandoffMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if (d.type !== EXTENSION_HANDOFF.tokenMessage) return null;
  if (typeof d.nonce !== 'string' || !NONCE_RE.test(d.nonce)) return null;
  if (typeof d.token !== 'string' || !TOKEN_RE.test(d.token)) return null;
  return { nonce: d.nonce, token: d.token };
}

export interface WindowMessageLike {
  source: unknown;
  origin: string;
  data: unknown;
}

/** The bridge's check: posted by the page itself (not a frame or opener), from the configured origin. */
export function acceptWindowMessage(event: WindowMessageLike, ownWindow: unknown, configuredOrigin: string | null): HandoffMessage | null {
  if (!configuredOrigin || event.source !== ownWindow || event.origin !== configuredOrigin) return null;
  return parseHandoffMessage(event.data);
}

export type NonceCheck = 'ok' | 'no-pending' | 'mismatch' | 'expired';

/** The background's check. A match is used up by the caller (deleted), so a replay finds no pending nonce. */
export function checkNonce(pending: PendingNonce | null, nonce: string, now: number): NonceCheck {
  if (!pending) return 'no-pending';
  if (!timingSafeEqual(pending.value, nonce)) return 'mismatch';
  if (now > pending.expiresAt) return 'expired';
  return 'ok';
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The background's check of who sent the hand-off: a content script in a tab of the configured origin. */
export function senderIsServerPage(sender: { tab?: unknown; url?: string; origin?: string }, configuredOrigin: string): boolean {
  if (!sender.tab) return false;
  const from = sender.origin ?? (sender.url ? safeOrigin(sender.url) : null);
  return from === configuredOrigin;
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
