// A token already verified answers as a first verification would (tokens.ts keeps verified
// tokens): still refused once expired, and by another secret, whatever was verified before. A
// token jsonwebtoken signed (the server's JWT library before jose) still verifies.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { issueAccessToken, verifyAccessToken } from './tokens.js';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
// iat (and so exp) is stamped from the real clock: the test's times start from it.
const issued = new Date();
const days = (n: number) => new Date(issued.getTime() + n * 86_400_000);

describe('access token verification, repeated', () => {
  it('keeps answering by the clock: valid, expired after 30 days, valid again if the clock goes back', async () => {
    const token = await issueAccessToken(SECRET, 'user-1', 'session-1', issued);
    const claims = { userId: 'user-1', sessionId: 'session-1', issuedAtMs: issued.getTime() };
    expect(await verifyAccessToken(SECRET, token, days(1))).toEqual(claims);
    expect(await verifyAccessToken(SECRET, token, days(1))).toEqual(claims);
    expect(await verifyAccessToken(SECRET, token, days(29.9))).toEqual(claims);
    expect(await verifyAccessToken(SECRET, token, days(30.01))).toBeNull();
    expect(await verifyAccessToken(SECRET, token, days(31))).toBeNull();
    expect(await verifyAccessToken(SECRET, token, days(2))).toEqual(claims);
  });

  it('refuses a verified token under another secret, and any altered copy of it', async () => {
    const token = await issueAccessToken(SECRET, 'user-2', 'session-2', issued);
    expect(await verifyAccessToken(SECRET, token, days(1))).not.toBeNull();
    expect(await verifyAccessToken(`${SECRET}-rotated`, token, days(1))).toBeNull();
    const [head, body, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: 'user-3' })).toString('base64url');
    expect(await verifyAccessToken(SECRET, `${head}.${forged}.${sig}`, days(1))).toBeNull();
    expect(await verifyAccessToken(SECRET, `${token}x`, days(1))).toBeNull();
    expect((await verifyAccessToken(SECRET, token, days(1)))?.userId).toBe('user-2');
  });
});

describe('tokens signed before the move to jose', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // jsonwebtoken 9's sign of user-legacy / session-legacy with SECRET, iat 2026-11-01T00:00:00Z.
  const LEGACY =
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpbXMiOjE3OTM0OTEyMDAwMDAsInNpZCI6InNlc3Npb24tbGVnYWN5IiwiaWF0IjoxNzkzNDkxMjAwLCJleHAiOjE3OTYwODMyMDAsImF1ZCI6InRvbmlnaHRzLXBpY2stYXBpIiwiaXNzIjoidG9uaWdodHMtcGljayIsInN1YiI6InVzZXItbGVnYWN5In0.KClTyDDcu0e5eLy2HqEbd_G2RFxsMdCpEPZG4Zy_4ks';
  const signedAt = new Date('2026-11-01T00:00:00Z');
  const at = (n: number) => new Date(signedAt.getTime() + n * 86_400_000);

  it('verify with the same claims until their 30 days are over', async () => {
    expect(await verifyAccessToken(SECRET, LEGACY, at(1))).toEqual({ userId: 'user-legacy', sessionId: 'session-legacy', issuedAtMs: signedAt.getTime() });
    expect(await verifyAccessToken(SECRET, LEGACY, at(30))).toBeNull();
    expect(await verifyAccessToken(`${SECRET}-rotated`, LEGACY, at(1))).toBeNull();
  });

  it('are what the server signs today for the same moment, byte for byte', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(signedAt);
    expect(await issueAccessToken(SECRET, 'user-legacy', 'session-legacy', signedAt)).toBe(LEGACY);
  });
});
