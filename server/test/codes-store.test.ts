// The one store of emailed one-time codes (server/src/features/codes): each purpose hashes a code
// as the store it replaced did (so codes mailed before still work), a browser-bound purpose keeps
// one code per browser and a purpose without the binding one per owner, and the cooldown, the
// attempts, the payload and single use hold, on both databases.
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type DatabaseHandle } from '../src/db/connection.js';
import { HttpError } from '../src/http/errors.js';
import { insertUser } from '../src/features/users/users.repository.js';
import { deletionCodes, emailChangeCodes, resetCodes, unlockCodes, verificationCodes } from '../src/features/codes/purposes.js';
import { dialects, scratchDatabase } from './support/dialects.js';

const SECRET = 'codes-test-secret-0123456789abcdef';
const mac = (text: string) => createHmac('sha256', SECRET).update(text).digest('base64url');
const TEXTS = { none: 'none', wrong: 'wrong.' };

describe('one-time code hashes', () => {
  it('bind each purpose to what its own store bound it to', () => {
    expect(verificationCodes.hash(SECRET, { owner: 'u1', browser: 'b1' }, 'ab12cd')).toBe(mac('verify:u1:b1:AB12CD'));
    expect(unlockCodes.hash(SECRET, { owner: 'a@x.test', browser: 'b1' }, 'ab12cd')).toBe(mac('verify:unlock:a@x.test:b1:AB12CD'));
    expect(resetCodes.hash(SECRET, { owner: 'a@x.test', browser: 'b1' }, 'ab12cd')).toBe(mac('verify:reset:a@x.test:b1:AB12CD'));
    expect(emailChangeCodes.hash(SECRET, { owner: 'u1' }, 'ab12cd', 'new@x.test')).toBe(mac('verify:email-change:u1:new@x.test:AB12CD'));
    expect(deletionCodes.hash(SECRET, { owner: 'u1' }, 'ab12cd')).toBe(mac('delete-account:u1:AB12CD'));
  });
});

describe.each(dialects)('the code store on %s', (dialect) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let userId: string;
  const t0 = new Date('2026-12-01T20:00:00Z');
  const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

  beforeEach(async () => {
    ({ handle, drop } = await scratchDatabase(dialect, 'codes'));
    await migrateToLatest(handle);
    userId = (await insertUser(handle.db, { email: 'owner@x.test', passwordHash: null, fullName: null, emailVerified: false, googleSub: null, now: t0 })).id;
  });
  afterEach(async () => {
    await handle.close();
    await drop();
  });

  it('a browser-bound code is one per browser: a second browser gets its own, the same one waits out the cooldown', async () => {
    const b1 = { owner: userId, browser: 'b1' };
    const b2 = { owner: userId, browser: 'b2' };
    const first = await verificationCodes.issue(handle.db, SECRET, b1, t0);
    const other = await verificationCodes.issue(handle.db, SECRET, b2, later(1));
    expect(first).toMatch(/^[A-Z0-9]{6}$/);
    expect(other).toMatch(/^[A-Z0-9]{6}$/);
    expect(await verificationCodes.issue(handle.db, SECRET, b1, later(20))).toBeNull();
    const refused = await verificationCodes.tooSoon(handle.db, b1, later(20));
    expect(refused).toBeInstanceOf(HttpError);
    expect([refused.status, refused.extra.retry_after_seconds]).toEqual([429, 40]);
    // b2's code is not b1's: it fails in b1 and counts against b1's attempts only.
    expect(await verificationCodes.attempt(handle.db, SECRET, b1, other!, later(21))).toEqual({ ok: false, why: 'wrong', left: 4 });
    const row = await verificationCodes.check(handle.db, SECRET, b2, other!.toLowerCase(), later(22), TEXTS);
    expect(row.attempts).toBe(1);
    expect(await verificationCodes.consume(handle.db, b2, row.code_hash)).toBe(true);
    expect(await verificationCodes.consume(handle.db, b2, row.code_hash)).toBe(false);
    expect(await verificationCodes.issue(handle.db, SECRET, b1, later(60))).not.toBeNull();
    await verificationCodes.deleteFor(handle.db, [userId]);
    expect(await verificationCodes.attempt(handle.db, SECRET, b1, first!, later(61))).toEqual({ ok: false, why: 'none' });
  });

  it('a browser-bound purpose refuses a key without the browser', async () => {
    await expect(resetCodes.issue(handle.db, SECRET, { owner: 'owner@x.test' }, t0)).rejects.toThrow(/needs the browser/);
  });

  it('a code without the binding is one per owner and carries its payload; attempts run out, then it expires', async () => {
    const key = { owner: userId };
    const code = (await emailChangeCodes.issue(handle.db, SECRET, key, t0, 'new@x.test'))!;
    expect(await emailChangeCodes.issue(handle.db, SECRET, key, later(59), 'other@x.test')).toBeNull();
    expect((await emailChangeCodes.check(handle.db, SECRET, key, code, later(60), TEXTS)).payload).toBe('new@x.test');
    const spent = (await deletionCodes.issue(handle.db, SECRET, key, t0))!;
    for (let left = 4; left >= 0; left--) expect(await deletionCodes.attempt(handle.db, SECRET, key, 'WRONG1', later(1))).toEqual({ ok: false, why: 'wrong', left });
    expect(await deletionCodes.attempt(handle.db, SECRET, key, spent, later(2))).toEqual({ ok: false, why: 'spent' });
    const fresh = (await deletionCodes.issue(handle.db, SECRET, key, later(60)))!;
    expect(await deletionCodes.attempt(handle.db, SECRET, key, fresh, later(60 + 15 * 60))).toEqual({ ok: false, why: 'expired' });
  });
});
