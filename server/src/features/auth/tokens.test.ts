// A token already verified answers as jsonwebtoken would (tokens.ts keeps verified tokens): still
// refused once expired, and by another secret, whatever was verified before.
import { describe, expect, it } from 'vitest';
import { issueAccessToken, verifyAccessToken } from './tokens.js';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
// jsonwebtoken stamps iat (and so exp) from the real clock: the test's times start from it.
const issued = new Date();
const days = (n: number) => new Date(issued.getTime() + n * 86_400_000);

describe('access token verification, repeated', () => {
  it('keeps answering by the clock: valid, expired after 30 days, valid again if the clock goes back', () => {
    const token = issueAccessToken(SECRET, 'user-1', 'session-1', issued);
    const claims = { userId: 'user-1', sessionId: 'session-1', issuedAtMs: issued.getTime() };
    expect(verifyAccessToken(SECRET, token, days(1))).toEqual(claims);
    expect(verifyAccessToken(SECRET, token, days(1))).toEqual(claims);
    expect(verifyAccessToken(SECRET, token, days(29.9))).toEqual(claims);
    expect(verifyAccessToken(SECRET, token, days(30.01))).toBeNull();
    expect(verifyAccessToken(SECRET, token, days(31))).toBeNull();
    expect(verifyAccessToken(SECRET, token, days(2))).toEqual(claims);
  });

  it('refuses a verified token under another secret, and any altered copy of it', () => {
    const token = issueAccessToken(SECRET, 'user-2', 'session-2', issued);
    expect(verifyAccessToken(SECRET, token, days(1))).not.toBeNull();
    expect(verifyAccessToken(`${SECRET}-rotated`, token, days(1))).toBeNull();
    const [head, body, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: 'user-3' })).toString('base64url');
    expect(verifyAccessToken(SECRET, `${head}.${forged}.${sig}`, days(1))).toBeNull();
    expect(verifyAccessToken(SECRET, `${token}x`, days(1))).toBeNull();
    expect(verifyAccessToken(SECRET, token, days(1))?.userId).toBe('user-2');
  });
});
