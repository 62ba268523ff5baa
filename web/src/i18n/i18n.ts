// The web app's language (issue 39, docs/i18n.md): one Lingui instance, its catalog loaded per
// locale (a chunk each, compiled at build time by shared/vite-messages.mjs), `<html lang dir>` kept
// in step. The language is the one the person chose (the profile's ui_language, kept in this
// browser's storage) or else the first of the browser's languages the product speaks.
import { i18n, type Messages } from '@lingui/core';
import { directionOf, isLocale, localeOfPath, negotiateLocale, STORAGE_KEYS, type Locale } from '@app/shared';

/**
 * The pseudo-locale (shared/catalogs.mjs: English accented and 40% longer): never offered to people,
 * chosen only by storing its tag in this browser, so the e2e suite can look for clipped text.
 */
export const PSEUDO_LOCALE = 'en-XA';
type ActiveLocale = Locale | typeof PSEUDO_LOCALE;

const CATALOGS: Record<ActiveLocale, () => Promise<{ default: Messages }>> = {
  [PSEUDO_LOCALE]: () => import('virtual:messages/en-XA'),
  en: () => import('virtual:messages/en'),
  es: () => import('virtual:messages/es'),
  fr: () => import('virtual:messages/fr'),
  de: () => import('virtual:messages/de'),
  'pt-BR': () => import('virtual:messages/pt-BR'),
  hi: () => import('virtual:messages/hi'),
  ja: () => import('virtual:messages/ja'),
  ko: () => import('virtual:messages/ko'),
  ar: () => import('virtual:messages/ar'),
};

export { i18n };

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

/** Loads `locale`'s catalog (once) and switches the app and the document to it. */
export async function activateLocale(locale: ActiveLocale, doc: Document | undefined = globalThis.document): Promise<void> {
  if (!i18n.messages || i18n.locale !== locale) {
    const { default: messages } = await CATALOGS[locale]();
    i18n.loadAndActivate({ locale, messages });
  }
  if (doc) {
    doc.documentElement.lang = locale;
    doc.documentElement.dir = locale === PSEUDO_LOCALE ? 'ltr' : directionOf(locale);
  }
}

/** The language the page is shown in now (sent at sign-up: the new account's language). */
export const pageLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : 'en');

/** The person chose a language (Settings, onboarding, the profile read at sign-in): kept for the next visit, and shown now. */
export async function chooseLocale(locale: Locale, storage: Pick<Storage, 'setItem'>, doc: Document | undefined = globalThis.document): Promise<void> {
  storage.setItem(STORAGE_KEYS.locale, locale);
  if (doc) doc.cookie = `${STORAGE_KEYS.locale}=${locale}; path=/; max-age=${COOKIE_MAX_AGE_S}; samesite=lax`;
  await activateLocale(locale);
}
