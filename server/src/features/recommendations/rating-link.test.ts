import { describe, expect, it } from 'vitest';
import { signRatingToken, verifyRatingToken } from './rating-link.js';

const secret = 'x'.repeat(48);
const now = new Date('2025-06-11T12:00:00Z');

describe('rating tokens', () => {
  it('round-trips and names one recommendation of one user', () => {
    const t = signRatingToken(secret, 'rec-1', 'user-1', now);
    expect(verifyRatingToken(secret, t, now)).toEqual({ ok: true, recommendationId: 'rec-1', userId: 'user-1' });
    expect(t).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  });

  it('expires after 30 days', () => {
    const t = signRatingToken(secret, 'rec-1', 'user-1', now);
    expect(verifyRatingToken(secret, t, new Date(now.getTime() + 30 * 86_400_000 - 1000)).ok).toBe(true);
    expect(verifyRatingToken(secret, t, new Date(now.getTime() + 30 * 86_400_000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses other keys, edits and junk', () => {
    const t = signRatingToken(secret, 'rec-1', 'user-1', now);
    expect(verifyRatingToken('y'.repeat(48), t, now)).toEqual({ ok: false, reason: 'bad_signature' });
    const [p, s] = t.split('.');
    const edited = Buffer.from(JSON.stringify({ v: 1, r: 'rec-2', u: 'user-1', e: 9999999999 })).toString('base64url');
    expect(verifyRatingToken(secret, `${edited}.${s}`, now)).toEqual({ ok: false, reason: 'bad_signature' });
    for (const junk of ['', '.', 'abc', `${p}.`, `${p}.${s}x`, `${p}!.${s}`, 'a'.repeat(5000)]) {
      expect(verifyRatingToken(secret, junk, now).ok).toBe(false);
    }
  });
});
