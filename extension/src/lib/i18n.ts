// The popup's and the options page's language (issue 39, docs/i18n.md): the web app's library
// (Lingui) and compiled catalogs (shared/vite-messages.mjs, the extension's areas and `common`), one
// chunk per language, loaded before the first render. The language is the profile's ui_language
// when signed in (kept in extension storage as `locale`, so the next popup opens in it at once),
// else the first of the browser's languages the product speaks.
import { i18n, type Messages } from '@lingui/core';
import { directionOf, type Locale } from '@app/shared/i18n';

export { viewerLocale } from './locale';

const CATALOGS: Record<Locale, () => Promise<{ default: Messages }>> = {
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

/** Loads `locale`'s catalog (once) and switches the page and its `<html lang dir>` to it. */
export async function activateLocale(locale: Locale, doc: Document | undefined = globalThis.document): Promise<void> {
  if (!i18n.messages || i18n.locale !== locale || !Object.keys(i18n.messages).length) {
    const { default: messages } = await CATALOGS[locale]();
    i18n.loadAndActivate({ locale, messages });
  }
  if (doc) {
    doc.documentElement.lang = locale;
    doc.documentElement.dir = directionOf(locale);
  }
}

