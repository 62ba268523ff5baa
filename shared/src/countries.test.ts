import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, countryPhrase, isCountryCode } from './countries.js';
import { countryFromLocale } from './country-zones.js';
import { PreferencesRequest, UpdateProfileRequest } from './schemas/index.js';

describe('countryFromLocale', () => {
  it('reads the timezone first: a browser in India often says en-US', () => {
    expect(countryFromLocale('en-US', 'Asia/Kolkata')).toBe('IN');
    expect(countryFromLocale('en-US', 'Asia/Calcutta')).toBe('IN');
    expect(countryFromLocale('de-DE', 'Europe/London')).toBe('GB');
    expect(countryFromLocale(undefined, 'America/Sao_Paulo')).toBe('BR');
    expect(countryFromLocale('', 'US/Pacific')).toBe('US');
  });

  it('falls back to the locale region when the zone names no country', () => {
    expect(countryFromLocale('en-GB', 'UTC')).toBe('GB');
    expect(countryFromLocale('pt_BR', null)).toBe('BR');
    expect(countryFromLocale('zh-Hant-TW', 'Etc/GMT+3')).toBe('TW');
    expect(countryFromLocale('en-GB', 'Not/AZone')).toBe('GB');
  });

  it('gives null rather than a guess when neither says a country', () => {
    expect(countryFromLocale('en', 'UTC')).toBeNull();
    expect(countryFromLocale('fr', undefined)).toBeNull();
    expect(countryFromLocale(null, null)).toBeNull();
    expect(countryFromLocale('xx-ZZ', 'UTC')).toBeNull();
    expect(countryFromLocale('a'.repeat(10_000), 'b'.repeat(10_000))).toBeNull();
  });

  it('always answers a code of the list', () => {
    for (const tz of Intl.supportedValuesOf('timeZone')) {
      const c = countryFromLocale('en', tz);
      if (c !== null) expect(isCountryCode(c)).toBe(true);
    }
  });
});

describe('COUNTRIES', () => {
  it('lists each ISO code once with an English name, the streaming markets included', () => {
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
    for (const code of ['US', 'IN', 'GB', 'CA', 'AU', 'DE', 'FR', 'BR', 'MX', 'JP', 'KR', 'ES', 'IT', 'NL']) expect(isCountryCode(code)).toBe(true);
    expect(countryName('IN')).toBe('India');
    expect(countryPhrase('US')).toBe('the United States');
    expect(countryPhrase('IN')).toBe('India');
    expect(isCountryCode('GLOBAL')).toBe(false);
  });
});

describe('country in the contract', () => {
  it('accepts a listed code in any case and stores it upper case', () => {
    expect(UpdateProfileRequest.parse({ country: 'in' })).toEqual({ country: 'IN' });
  });

  it('refuses anything else with a message naming the field', () => {
    for (const bad of ['ZZ', 'India', '', 'GLOBAL', 42, null]) {
      const r = UpdateProfileRequest.safeParse({ country: bad });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].path).toEqual(['country']);
      expect(r.error?.issues[0].message).toMatch(/country/i);
    }
  });

  it('is optional in onboarding, for clients from before countries', () => {
    const base = { selected_genres: ['Drama', 'Comedy'], initial_movies: ['a', 'b', 'c'], preferred_languages: ['English'] };
    expect(PreferencesRequest.parse(base).country).toBeUndefined();
    expect(PreferencesRequest.parse({ ...base, country: 'GB' }).country).toBe('GB');
    expect(PreferencesRequest.safeParse({ ...base, country: 'XX' }).success).toBe(false);
  });
});
