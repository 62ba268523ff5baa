import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signRatingToken, verifyRatingToken } from './rating-link.js';

const secret = 'x'.repeat(48);
const now = new Date('2025-06-11T12:00:00Z');

describe('rating tokens', () => {
  it('round-trips and names one recommendation of one user, and the rating it records', () => {
    const t = signRatingToken(secret, 'rec-1', 'user-1', 'like', now);
    expect(verifyRatingToken(secret, t, now)).toEqual({ ok: true, recommendationId: 'rec-1', userId: 'user-1', rating: 'like' });
    expect(verifyRatingToken(secret, signRatingToken(secret, 'rec-1', 'user-1', 'dislike', now), now)).toMatchObject({ ok: true, rating: 'dislike' });
    expect(t).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  });

  it('expires after 30 days', () => {
    const t = signRatingToken(secret, 'rec-1', 'user-1', 'like', now);
    expect(verifyRatingToken(secret, t, new Date(now.getTime() + 30 * 86_400_000 - 1000)).ok).toBe(true);
    expect(verifyRatingToken(secret, t, new Date(now.getTime() + 30 * 86_400_000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses other keys, edits and junk', () => {
    const t = signRatingToken(secret, 'rec-1', 'user-1', 'like', now);
    expect(verifyRatingToken('y'.repeat(48), t, now)).toEqual({ ok: false, reason: 'bad_signature' });
    const [p, s] = t.split('.');
    const edited = Buffer.from(JSON.stringify({ v: 2, r: 'rec-2', u: 'user-1', k: 'like', e: 9999999999 })).toString('base64url');
    expect(verifyRatingToken(secret, `${edited}.${s}`, now)).toEqual({ ok: false, reason: 'bad_signature' });
    // The rating is signed with the rest: a Like token turned into a Dislike one is not ours.
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const flipped = Buffer.from(JSON.stringify({ ...payload, k: 'dislike' })).toString('base64url');
    expect(verifyRatingToken(secret, `${flipped}.${s}`, now)).toEqual({ ok: false, reason: 'bad_signature' });
    for (const junk of ['', '.', 'abc', `${p}.`, `${p}.${s}x`, `${p}!.${s}`, 'a'.repeat(5000)]) {
      expect(verifyRatingToken(secret, junk, now).ok).toBe(false);
    }
  });

  it('still takes a token signed before ratings were (version 1), with no rating of its own; a rating-less version 2 is refused', () => {
    const key = createHmac('sha256', secret).update('rating-link-key-v1').digest();
    const signed = (payload: object) => {
      const part = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${part}.${createHmac('sha256', key).update(part).digest('base64url')}`;
    };
    const e = Math.floor(now.getTime() / 1000) + 86_400;
    expect(verifyRatingToken(secret, signed({ v: 1, r: 'rec-1', u: 'user-1', e }), now)).toEqual({ ok: true, recommendationId: 'rec-1', userId: 'user-1', rating: null });
    for (const bad of [{ v: 2, r: 'rec-1', u: 'user-1', e }, { v: 2, r: 'rec-1', u: 'user-1', k: 'meh', e }, { v: 1, r: 'rec-1', u: 'user-1', k: 'like', e }]) {
      expect(verifyRatingToken(secret, signed(bad), now)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});
