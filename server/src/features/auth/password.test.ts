// Password hashes: production's cost is what a new hash carries unless the test harness lowered it,
// and a stored hash is verified with the cost written in it, so raising the cost later (or a hash
// made by a test server) never locks anyone out.
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_WORK_FACTOR, setPasswordWorkFactor, verifyPassword } from './password.js';

describe('password hashing', () => {
  afterEach(() => setPasswordWorkFactor(PASSWORD_WORK_FACTOR));

  it('hashes with scrypt N=2^17, r=8, p=1 by default, and verifies only the right password', async () => {
    expect(PASSWORD_WORK_FACTOR).toBe(17);
    const stored = await hashPassword('Sup3r-secret!');
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Sup3r-secret!', stored)).toBe(true);
    expect(await verifyPassword('Sup3r-secret?', stored)).toBe(false);
  });

  it('verifies a hash with the cost stored in it, whatever the cost of new hashes', async () => {
    setPasswordWorkFactor(12);
    const cheap = await hashPassword('pässword');
    expect(cheap.startsWith('scrypt$12$8$1$')).toBe(true);
    setPasswordWorkFactor(PASSWORD_WORK_FACTOR);
    expect(await verifyPassword('pässword', cheap)).toBe(true);
    // NFKC: the same text typed with a combining accent is the same password.
    expect(await verifyPassword('pa\u0308ssword', cheap)).toBe(true);
  });

  it('refuses a cost outside 2^10-2^20', () => {
    expect(() => setPasswordWorkFactor(9)).toThrow(/out of range/);
    expect(() => setPasswordWorkFactor(21)).toThrow(/out of range/);
    expect(() => setPasswordWorkFactor(12.5)).toThrow(/out of range/);
  });
});
