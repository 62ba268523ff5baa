// The web app's language (issue 39, docs/i18n.md): one Lingui instance, its catalog loaded per
// locale in parts (chunks compiled at build time by shared/vite-messages.mjs): what every public
// page shows, loaded before the first render, and sign-in's, the legal pages' and the app's, each
// loaded with the first page that shows it (ensureMessages, partsOfPath). `<html lang dir>` is kept in step. The language is the page's own
// (`/es/login`), else the one the person chose (the profile's ui_language, kept in this browser's
// storage), else the first of the browser's languages the product speaks.
import { i18n } from '@lingui/core';
import CATALOGS from 'virtual:messages-loaders';
import { directionOf, isLocale, localeOfPath, negotiateLocale, STORAGE_KEYS, type Locale } from '@app/shared';

/**
 * The pseudo-locale (shared/catalogs.mjs: English accented and 40% longer): never offered to people,
 * chosen only by storing its tag in this browser, so the e2e suite can look for clipped text.
 */
export const PSEUDO_LOCALE = 'en-XA';
type ActiveLocale = Locale | typeof PSEUDO_LOCALE;
/** The parts of a language's catalog (web/vite.config.ts, CATALOG_PARTS): each page loads the ones it shows. */
export type Part = 'public' | 'auth' | 'legal' | 'app';
const ALL_PARTS: readonly Part[] = ['public', 'auth', 'legal', 'app'];

export { i18n };

/** The parts every language switch loads: the public one always, the others once a page needed them. */
const wanted = new Set<Part>(['public']);
/** What is in the Lingui instance, per language. */
const loaded = new Map<ActiveLocale, Set<Part>>();

async function load(locale: ActiveLocale, parts: Iterable<Part>): Promise<void> {
  const have = loaded.get(locale) ?? new Set<Part>();
  const missing = [...parts].filter((p) => !have.has(p));
  const catalogs = await Promise.all(missing.map((p) => CATALOGS[locale][p]()));
  // Lingui's load() adds to what the language already holds.
  for (const { default: messages } of catalogs) i18n.load(locale, messages);
  for (const p of missing) have.add(p);
  loaded.set(locale, have);
}

/**
 * The language to start in: the page's own (`/es/login`), else this browser's stored choice, else
 * the browser's own languages.
 */
export function initialLocale(storage: Pick<Storage, 'getItem'>, languages: readonly string[], pathname = '/'): ActiveLocale {
  const stored = storage.getItem(STORAGE_KEYS.locale);
  if (stored === PSEUDO_LOCALE) return stored;
  return localeOfPath(pathname) ?? (isLocale(stored) ? stored : negotiateLocale(languages));
}

/** A year: the server picks the pre-rendered page in this language (server/src/i18n/page-locale.ts). */
const COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** The parts a page at `pathname` shows (the signed-in app: all of them, since its screens reuse the others' words). */
export function partsOfPath(pathname: string): Part[] {
  // Without its language segment (`/es/login` is `/login`): shared's localeOfPath knows the segments.
  const lower = pathname.toLowerCase();
  const locale = localeOfPath(lower);
  const path = (locale ? lower.slice(locale.length + 1) : lower) || '/';
  if (path === '/') return ['public'];
  if (/^\/(login|register|verify-email|forgot-password)(\/|$)/.test(path)) return ['public', 'auth'];
  if (/^\/(privacy-policy|terms-of-service|refund-policy|shipping-policy|shipping)(\/|$)/.test(path)) return ['public', 'legal'];
  return [...ALL_PARTS];
}

/** Loads `locale`'s parts in use and `parts`, and switches the app and the document to it. */
export async function activateLocale(locale: ActiveLocale, doc: Document | undefined = globalThis.document, parts: readonly Part[] = []): Promise<void> {
  for (const p of parts) wanted.add(p);
  await load(locale, wanted);
  if (i18n.locale !== locale) i18n.activate(locale);
  if (doc) {
    doc.documentElement.lang = locale;
    doc.documentElement.dir = locale === PSEUDO_LOCALE ? 'ltr' : directionOf(locale);
  }
}

/** Parts of the active language's catalog a page is about to show (all of them when none are named), loaded once. */
export async function ensureMessages(...parts: Part[]): Promise<void> {
  for (const p of parts.length ? parts : ALL_PARTS) wanted.add(p);
  const locale = i18n.locale as ActiveLocale;
  if (locale) await load(locale, wanted);
}

/** The language the page is shown in now (sent at sign-up: the new account's language). */
export const pageLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : 'en');

/** The person chose a language (Settings, onboarding, the profile read at sign-in): kept for the next visit, and shown now. */
export async function chooseLocale(locale: Locale, storage: Pick<Storage, 'setItem'>, doc: Document | undefined = globalThis.document): Promise<void> {
  storage.setItem(STORAGE_KEYS.locale, locale);
  if (doc) doc.cookie = `${STORAGE_KEYS.locale}=${locale}; path=/; max-age=${COOKIE_MAX_AGE_S}; samesite=lax`;
  await activateLocale(locale, doc);
}
