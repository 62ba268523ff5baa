// Pure parts of the calendar feature: the token cipher, where its keys come from, the key
// settings, and wall-clock times in a zone across DST changes. No database needed.
import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createTokenCipher, keyId, TokenCipherError } from '../src/integrations/crypto/token-cipher.js';
import { CALENDAR_KEY_FILE, loadCalendarCipher } from '../src/integrations/crypto/keys.js';
import { loadConfig, ConfigError } from '../src/config.js';
import { rfc3339InZone, zonedInstant, localToday } from '../src/time/zoned-time.js';
import { buildCalendarEvent } from '../src/features/calendar/calendar.events.js';

const key = () => randomBytes(32);

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(TokenCipherError);
    return (err as TokenCipherError).reason;
  }
  throw new Error('expected a TokenCipherError');
}

describe('token cipher (AES-256-GCM with key ids)', () => {
  it('seals to v1:<kid>:<iv>:<ciphertext>:<tag> and opens back', () => {
    const k = key();
    const c = createTokenCipher(k);
    const sealed = c.seal('1//0refresh-token', 'user-1');
    const [v, kid, iv, ct, tag] = sealed.split(':');
    expect([v, kid]).toEqual(['v1', keyId(k)]);
    expect(Buffer.from(iv, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag, 'base64url')).toHaveLength(16);
    expect(Buffer.from(ct, 'base64url')).toHaveLength('1//0refresh-token'.length);
    expect(c.open(sealed, 'user-1')).toEqual({ plaintext: '1//0refresh-token', stale: false });
    // A fresh IV every time.
    expect(c.seal('1//0refresh-token', 'user-1')).not.toBe(sealed);
  });

  it('refuses tampering, another binding, unknown keys and junk', () => {
    const c = createTokenCipher(key());
    const sealed = c.seal('secret', 'user-1');
    const parts = sealed.split(':');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(reason(() => c.open([...parts.slice(0, 3), flipped.toString('base64url'), parts[4]].join(':'), 'user-1'))).toBe('tampered');
    expect(reason(() => c.open(sealed, 'user-2'))).toBe('tampered');
    expect(reason(() => createTokenCipher(key()).open(sealed, 'user-1'))).toBe('unknown_key');
    expect(reason(() => c.open('plain-token', 'user-1'))).toBe('malformed');
    expect(reason(() => c.open('v2:a:b:c:d', 'user-1'))).toBe('malformed');
  });

  it('rotates: the new key seals, old keys still open and report the value as stale', () => {
    const oldKey = key();
    const newKey = key();
    const sealedOld = createTokenCipher(oldKey).seal('t', 'u');
    const rotated = createTokenCipher(newKey, [oldKey]);
    expect(rotated.currentKid).toBe(keyId(newKey));
    expect(rotated.open(sealedOld, 'u')).toEqual({ plaintext: 't', stale: true });
    expect(rotated.seal('t', 'u').split(':')[1]).toBe(keyId(newKey));
    expect(keyId(oldKey)).not.toBe(keyId(newKey));
  });
});

describe('calendar key source', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'tp-key-'));

  it('generates a key file in DATA_DIR once and reuses it', () => {
    const dataDir = dir();
    try {
      const config = { dataDir, calendarEncryption: { key: null, previousKeys: [] } };
      const a = loadCalendarCipher(config);
      expect(a.source).toBe('file');
      expect(existsSync(join(dataDir, CALENDAR_KEY_FILE))).toBe(true);
      const b = loadCalendarCipher(config);
      expect(b.cipher.currentKid).toBe(a.cipher.currentKid);
      expect(b.cipher.open(a.cipher.seal('x', 'u'), 'u').plaintext).toBe('x');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('prefers CALENDAR_ENCRYPTION_KEY, still opening what the file key and listed old keys sealed', () => {
    const dataDir = dir();
    try {
      const fileKey = key();
      writeFileSync(join(dataDir, CALENDAR_KEY_FILE), fileKey.toString('base64url'));
      const envKey = key();
      const older = key();
      const loaded = loadCalendarCipher({ dataDir, calendarEncryption: { key: envKey.toString('base64'), previousKeys: [older.toString('base64')] } });
      expect(loaded.source).toBe('env');
      expect(loaded.cipher.currentKid).toBe(keyId(envKey));
      expect(loaded.cipher.open(createTokenCipher(fileKey).seal('f', 'u'), 'u')).toEqual({ plaintext: 'f', stale: true });
      expect(loaded.cipher.open(createTokenCipher(older).seal('o', 'u'), 'u')).toEqual({ plaintext: 'o', stale: true });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a malformed key stops the start with a line naming the variable', () => {
    expect(() => loadConfig({ CALENDAR_ENCRYPTION_KEY: 'too-short' })).toThrow(ConfigError);
    expect(() => loadConfig({ CALENDAR_ENCRYPTION_KEY: 'too-short' })).toThrow(/CALENDAR_ENCRYPTION_KEY must be 32 bytes/);
    expect(() => loadConfig({ CALENDAR_ENCRYPTION_PREVIOUS_KEYS: `${key().toString('base64')},nope` })).toThrow(/CALENDAR_ENCRYPTION_PREVIOUS_KEYS/);
    const good = key().toString('base64');
    expect(loadConfig({ CALENDAR_ENCRYPTION_KEY: good }).calendarEncryption).toEqual({ key: good, previousKeys: [] });
  });
});

describe('event times in a zone', () => {
  it('writes the local wall clock with the offset in force on that date', () => {
    expect(rfc3339InZone(zonedInstant('2031-07-01', '19:00', 'Europe/London'), 'Europe/London')).toBe('2031-07-01T19:00:00+01:00');
    expect(rfc3339InZone(zonedInstant('2031-01-15', '19:00', 'Europe/London'), 'Europe/London')).toBe('2031-01-15T19:00:00+00:00');
    expect(rfc3339InZone(zonedInstant('2031-03-01', '21:15', 'Asia/Kolkata'), 'Asia/Kolkata')).toBe('2031-03-01T21:15:00+05:30');
    expect(zonedInstant('2031-03-01', '21:15', 'Asia/Kolkata').toISOString()).toBe('2031-03-01T15:45:00.000Z');
    expect(rfc3339InZone(zonedInstant('2031-06-01', '23:30', 'UTC'), 'UTC')).toBe('2031-06-01T23:30:00+00:00');
  });

  it('handles DST: a skipped time moves forward, a repeated one takes the first, 2 hours stay 2 hours', () => {
    // New York springs forward at 02:00 on 2031-03-09.
    expect(zonedInstant('2031-03-09', '02:30', 'America/New_York').toISOString()).toBe('2031-03-09T07:30:00.000Z');
    // ... and falls back at 02:00 on 2031-11-02: 01:30 happens twice.
    expect(zonedInstant('2031-11-02', '01:30', 'America/New_York').toISOString()).toBe('2031-11-02T05:30:00.000Z');
    const event = buildCalendarEvent('https://pick.example', {
      recommendation: { id: 'r', movie_title: 'Late Show', year: 2020, platform: 'Max', movie_description: 'd', reason: 'r' },
      date: '2031-11-02',
      time: '00:30',
      timezone: 'America/New_York',
    });
    expect(event.start).toEqual({ dateTime: '2031-11-02T00:30:00-04:00', timeZone: 'America/New_York' });
    expect(event.end).toEqual({ dateTime: '2031-11-02T01:30:00-05:00', timeZone: 'America/New_York' });
    expect(Date.parse(event.end.dateTime) - Date.parse(event.start.dateTime)).toBe(2 * 3_600_000);
    expect(event).toMatchObject({ summary: 'Late Show', location: 'Max', source: { url: 'https://pick.example/app/dashboard' } });
  });

  it("knows the zone's today", () => {
    const instant = new Date('2031-05-10T22:30:00Z');
    expect(localToday(instant, 'UTC')).toBe('2031-05-10');
    expect(localToday(instant, 'Asia/Tokyo')).toBe('2031-05-11');
    expect(localToday(instant, 'America/Los_Angeles')).toBe('2031-05-10');
  });
});
