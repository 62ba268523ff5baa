import { describe, it, expect } from 'vitest';
import { randomFillSync } from 'node:crypto';
import { EXTENSION_HANDOFF } from './shared';
import { acceptWindowMessage, checkNonce, createNonce, NONCE_TTL_MS, parseHandoffMessage, senderIsServerPage } from './handoff';

const ORIGIN = 'https://picks.example.com';
const random = (b: Uint8Array) => randomFillSync(b);
const now = 1_800_000_000_000;
const pending = createNonce(random, now);
const token = `tpx_${'A'.repeat(43)}`;
const ownWindow = { name: 'the page' };
const message = (over: Record<string, unknown> = {}) => ({ type: EXTENSION_HANDOFF.tokenMessage, nonce: pending.value, token, ...over });

describe('createNonce', () => {
  it('is 32 random bytes in base64url, fresh each time, expiring after the TTL', () => {
    const other = createNonce(random, now);
    expect(pending.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(other.value).not.toBe(pending.value);
    expect(pending.expiresAt).toBe(now + NONCE_TTL_MS);
  });
});

describe('the bridge check (window message)', () => {
  it('accepts the page’s own message from the configured origin', () => {
    expect(acceptWindowMessage({ source: ownWindow, origin: ORIGIN, data: message() }, ownWindow, ORIGIN)).toEqual({ nonce: pending.value, token });
  });

  it('ignores a wrong origin, a frame or another window, and no configured origin', () => {
    expect(acceptWindowMessage({ source: ownWindow, origin: 'https://evil.example', data: message() }, ownWindow, ORIGIN)).toBeNull();
    expect(acceptWindowMessage({ source: ownWindow, origin: 'http://picks.example.com', data: message() }, ownWindow, ORIGIN)).toBeNull();
    expect(acceptWindowMessage({ source: ownWindow, origin: 'https://picks.example.com:8443', data: message() }, ownWindow, ORIGIN)).toBeNull();
    expect(acceptWindowMessage({ source: { name: 'an iframe' }, origin: ORIGIN, data: message() }, ownWindow, ORIGIN)).toBeNull();
    expect(acceptWindowMessage({ source: null, origin: ORIGIN, data: message() }, ownWindow, ORIGIN)).toBeNull();
    expect(acceptWindowMessage({ source: ownWindow, origin: ORIGIN, data: message() }, ownWindow, null)).toBeNull();
  });

  it('ignores malformed messages', () => {
    const bad: unknown[] = [
      null,
      'tonights-pick:extension-token',
      42,
      [],
      {},
      message({ type: 'something-else' }),
      message({ nonce: undefined }),
      message({ nonce: 'short' }),
      message({ nonce: `${pending.value}!` }),
      message({ nonce: 123 }),
      message({ token: undefined }),
      message({ token: 'eyJhbGciOiJIUzI1NiJ9.session.jwt' }),
      message({ token: `tpx_${'A'.repeat(42)}` }),
      message({ token: `tpx_${'A'.repeat(42)}=` }),
    ];
    for (const data of bad) expect(acceptWindowMessage({ source: ownWindow, origin: ORIGIN, data }, ownWindow, ORIGIN), JSON.stringify(data)).toBeNull();
    expect(parseHandoffMessage(message())).not.toBeNull();
  });
});

describe('the background check (one-time nonce)', () => {
  it('accepts the pending nonce before it expires', () => {
    expect(checkNonce(pending, pending.value, now + 1000)).toBe('ok');
    expect(checkNonce(pending, pending.value, pending.expiresAt)).toBe('ok');
  });

  it('refuses a wrong nonce, an expired one, and a replay (no pending nonce once used)', () => {
    expect(checkNonce(pending, createNonce(random, now).value, now)).toBe('mismatch');
    expect(checkNonce(pending, pending.value.slice(1), now)).toBe('mismatch');
    expect(checkNonce(pending, pending.value, pending.expiresAt + 1)).toBe('expired');
    // The background deletes the pending nonce on success: the same message again finds none.
    expect(checkNonce(null, pending.value, now)).toBe('no-pending');
  });

  it('accepts hand-offs only from a tab of the configured origin', () => {
    expect(senderIsServerPage({ tab: {}, origin: ORIGIN, url: `${ORIGIN}/extension/connect?nonce=x` }, ORIGIN)).toBe(true);
    expect(senderIsServerPage({ tab: {}, url: `${ORIGIN}/extension/connect` }, ORIGIN)).toBe(true);
    expect(senderIsServerPage({ tab: {}, origin: 'https://evil.example', url: `${ORIGIN}/x` }, ORIGIN)).toBe(false);
    expect(senderIsServerPage({ tab: {}, url: 'https://evil.example/extension/connect' }, ORIGIN)).toBe(false);
    expect(senderIsServerPage({ url: `${ORIGIN}/extension/connect` }, ORIGIN)).toBe(false);
    expect(senderIsServerPage({ tab: {}, url: 'not a url' }, ORIGIN)).toBe(false);
  });
});
