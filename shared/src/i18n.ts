// The languages the product speaks (issue 39) and how a viewer's language is chosen: from the
// browser's list (navigator.languages, or Accept-Language on the server) until the person picks one
// (`ui_language` on the profile). The messages themselves are ICU MessageFormat strings in
// shared/locales/<area>/<locale>.json, English the source; Lingui formats them (docs/i18n.md).

/** Every language the product speaks, English first (the source and the fallback). */
export const LOCALES = ['en', 'es', 'fr', 'de', 'pt-BR', 'hi', 'ja', 'ko', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The writing direction of a language, for `<html dir>`. */
export const directionOf = (locale: Locale): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr');

/** The language of a BCP 47 tag among ours: exact first, then by its primary language (pt-PT is pt-BR, es-419 is es). */
export function localeOfTag(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase();
  if (!lower || lower.length > 35) return null;
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split(/[-_]/)[0];
  return LOCALES.find((l) => l.toLowerCase().split('-')[0] === primary) ?? null;
}

/** The first of the viewer's languages (most preferred first) that the product speaks, else English. */
export function negotiateLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred.slice(0, MAX_LANGUAGE_RANGES)) {
    const hit = localeOfTag(tag);
    if (hit) return hit;
  }
  return DEFAULT_LOCALE;
}

/** A browser sends a handful; more is not a browser, and is not read. */
const MAX_LANGUAGE_RANGES = 20;
/** Longer headers are cut here before they are read (a browser's is under 200 characters). */
const MAX_HEADER_CHARS = 1000;

/**
 * The language ranges of an Accept-Language header, most preferred first (RFC 9110 12.5.4: by
 * q-value, ties in the order given; q=0 means "not this one", `*` is no preference). Bounded: the
 * first 1,000 characters and 20 ranges are read, whatever the header holds.
 */
export function parseAcceptLanguage(header: string | undefined | null): string[] {
  if (!header) return [];
  const ranges: Array<{ tag: string; q: number; at: number }> = [];
  const parts = header.slice(0, MAX_HEADER_CHARS).split(',');
  for (let at = 0; at < parts.length && ranges.length < MAX_LANGUAGE_RANGES; at++) {
    const [rawTag, ...params] = parts[at].split(';');
    const tag = rawTag.trim();
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p);
      if (m) q = Math.min(1, Number(m[1]));
    }
    if (q > 0) ranges.push({ tag, q, at });
  }
  return ranges.sort((a, b) => b.q - a.q || a.at - b.at).map((r) => r.tag);
}

/** A language's segment in a page's path (`/es/login`, `/pt-br`): its tag in lower case. English pages have none. */
export const localeSegment = (locale: Locale): string => locale.toLowerCase();

/** The language a path starts with (`/es`, `/pt-br/login`), or null. */
export function localeOfPath(pathname: string): Locale | null {
  const first = pathname.split('/')[1]?.toLowerCase() ?? '';
  return LOCALES.find((l) => l !== DEFAULT_LOCALE && localeSegment(l) === first) ?? null;
}

/** The public pages that have a page per language (`/es`, `/es/login`): the ones the build pre-renders. */
export const LOCALIZED_PAGES = ['/', '/login'] as const;

/** A language's own name ("Español", "日本語"), for the language picker. */
export function autonym(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
