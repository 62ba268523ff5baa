// What the server says in a person's language (issue 39, docs/i18n.md): API `detail`s, emails,
// calendar texts, pick reasons. Every catalog of shared/locales, compiled once per language at
// first use by Lingui's compiler and formatted by Lingui's runtime; a key missing in a language
// reads as English (the lint step fails on one, so only a key added in a hurry can be).
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, negotiateLocale, parseAcceptLanguage, isLocale, type Locale } from '@app/shared';
import { SERVER_ROOT } from '../paths.js';

const LOCALES_DIR = join(SERVER_ROOT, '..', 'shared', 'locales');

const readArea = (area: string, locale: string): Record<string, string> => {
  const file = join(LOCALES_DIR, area, `${locale}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
};

/** Every area's English keys, each in `locale`'s words where it has them, compiled (as shared/catalogs.mjs does for the browser builds). */
function compiledMessages(locale: Locale): Messages {
  const out: Messages = {};
  for (const area of readdirSync(LOCALES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const english = readArea(area.name, DEFAULT_LOCALE);
    const own = locale === DEFAULT_LOCALE ? english : readArea(area.name, locale);
    for (const [key, message] of Object.entries(english)) out[key] = compileMessage(typeof own[key] === 'string' ? own[key] : message);
  }
  return out;
}

/**
 * Message arguments: numbers for plurals, strings for names, dates for {when, date}, and a Message
 * for a text inside a text (a field's problem inside "{path}: {message}"), said in the same language.
 */
export type MessageValues = { [name: string]: string | number | Date | Message };

/** A text to be said in the reader's language: a catalog key and its arguments. */
export interface Message {
  key: string;
  values?: MessageValues;
}

export const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && !(value instanceof Date) && typeof (value as Message).key === 'string';

const translators = new Map<Locale, I18n>();

function translator(locale: Locale): I18n {
  let i18n = translators.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: compiledMessages(locale) } });
    translators.set(locale, i18n);
  }
  return i18n;
}

/** The message `key` in `locale` with `values` (a Message among them said first, in `locale`). */
export function translate(locale: Locale, key: string, values?: MessageValues): string {
  if (!values) return translator(locale)._(key);
  const plain: Record<string, string | number | Date> = {};
  for (const [name, value] of Object.entries(values)) plain[name] = isMessage(value) ? say(locale, value) : value;
  return translator(locale)._(key, plain);
}

/** A Message in `locale`. */
export const say = (locale: Locale, message: Message): string => translate(locale, message.key, message.values);

let english: Record<string, string> | null = null;
/** Every area's English messages as written (uncompiled), read once. */
export function englishMessages(): Record<string, string> {
  if (!english) {
    english = {};
    for (const area of readdirSync(LOCALES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory())) Object.assign(english, readArea(area.name, DEFAULT_LOCALE));
  }
  return english;
}

/**
 * The language to answer a request in: the signed-in person's chosen one, else the first of the
 * browser's Accept-Language ranges the product speaks, else English.
 */
export function requestLocale(req: { user?: { ui_language?: string | null } | undefined; headers: { 'accept-language'?: string | undefined } }): Locale {
  const chosen = req.user?.ui_language;
  if (isLocale(chosen)) return chosen;
  return negotiateLocale(parseAcceptLanguage(req.headers['accept-language']));
}

/**
 * The language of a person's emails, reasons and answers: theirs once chosen; else, inside a
 * request, the language of the page it came from; else (scheduled work) English.
 */
export const userLocale = (user: { ui_language?: string | null }): Locale => (isLocale(user.ui_language) ? user.ui_language : (pageLanguage.getStore() ?? DEFAULT_LOCALE));

/**
 * The language of the page a request comes from (its Accept-Language; the web app and the
 * extension send the language they show): what a person who never chose one is answered in while
 * they read it. Scheduled work has no page, and speaks English to them (docs/product-decisions.md).
 */
const pageLanguage = new AsyncLocalStorage<Locale>();

/** Middleware: the rest of the request runs knowing its page's language (userLocale). */
export function withPageLanguage(req: { headers: { 'accept-language'?: string | undefined } }, _res: unknown, next: () => void): void {
  pageLanguage.run(negotiateLocale(parseAcceptLanguage(req.headers['accept-language'])), next);
}
