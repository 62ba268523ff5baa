import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { autonym, directionOf, LOCALES, negotiateLocale, parseAcceptLanguage } from './i18n.js';

describe('choosing the language', () => {
  it('orders Accept-Language by q-value, ties as given, and drops q=0 and malformed ranges', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(parseAcceptLanguage('ja;q=0.3, ko, es;q=0')).toEqual(['ko', 'ja']);
    expect(parseAcceptLanguage('en;q=0.5, de;q=0.5')).toEqual(['en', 'de']);
    expect(parseAcceptLanguage('<script>, 12, hi-IN')).toEqual(['hi-IN']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it('matches a browser language to ours by its primary language', () => {
    expect(negotiateLocale(['es-ES', 'en'])).toBe('es');
    expect(negotiateLocale(['pt-PT'])).toBe('pt-BR');
    expect(negotiateLocale(['pt-br'])).toBe('pt-BR');
    expect(negotiateLocale(['sv-SE', 'ar-EG'])).toBe('ar');
    expect(negotiateLocale(['zh-CN'])).toBe('en');
    expect(negotiateLocale([])).toBe('en');
  });

  it('reads at most 20 ranges of the first 1,000 characters, whatever the header', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom('de', 'ja;q=0.1', 'xx-YY', ';q=', '*'), fc.string({ maxLength: 12 })), { maxLength: 3000 }), (parts) => {
        const header = parts.join(',');
        const ranges = parseAcceptLanguage(header);
        expect(ranges.length).toBeLessThanOrEqual(20);
        expect(ranges.join(',').length).toBeLessThanOrEqual(1000);
        expect(LOCALES).toContain(negotiateLocale(ranges));
      }),
    );
  });

  it('writes Arabic right to left and names each language in itself', () => {
    expect(LOCALES.filter((l) => directionOf(l) === 'rtl')).toEqual(['ar']);
    expect(autonym('es')).toBe('Español');
    expect(autonym('ja')).toBe('日本語');
    expect(autonym('pt-BR')).toMatch(/^Português/);
  });
});
