// The message catalogs on disk (shared/locales/<area>/<locale>.json: flat objects of key -> ICU
// MessageFormat string, English the source) read and compiled by Lingui's own compiler, for the
// web app's and the extension's builds (vite-messages.mjs) and the lint step's check. A key missing from a locale's file falls back to English here; the lint
// step (scripts/check-messages.mjs) fails on it, so a release never ships one. The server reads
// the same files with its own few lines (server/src/i18n/messages.ts): its source imports nothing
// outside the workspaces.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';

export const LOCALES_DIR = join(import.meta.dirname, 'locales');
export const SOURCE_LOCALE = 'en';

/** The areas (folders of shared/locales), sorted. */
export function areas(dir = LOCALES_DIR) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

/** One area's messages in one locale as written ({} when the file is absent). */
export function readArea(area, locale, dir = LOCALES_DIR) {
  const file = join(dir, area, `${locale}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/**
 * The messages of `locale` over the areas `keep(area)` accepts: English's keys, each in `locale`'s
 * words where it has them, compiled (Lingui's compiled form, what `i18n.load` takes in production).
 */
export function compiledMessages(locale, keep = () => true, dir = LOCALES_DIR) {
  const out = {};
  for (const area of areas(dir).filter(keep)) {
    const source = readArea(area, SOURCE_LOCALE, dir);
    const own = locale === SOURCE_LOCALE ? source : readArea(area, locale, dir);
    for (const [key, english] of Object.entries(source)) out[key] = compileMessage(typeof own[key] === 'string' ? own[key] : english);
  }
  return out;
}

/** The pseudo-locale's tag: English accented and 40% longer, for finding clipped and untranslated text (never offered to people). */
export const PSEUDO_LOCALE = 'en-XA';

const ACCENTED = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]]),
);

/**
 * 40% of `length` more characters, as words of at most six (" ~~~~~~ ~~~"): longer text that wraps
 * where a translation's would, rather than one long word no real language has.
 */
const padding = (length) => {
  const n = Math.ceil(length * 0.4);
  return Array.from({ length: Math.ceil(n / 7) }, (_, i) => ` ${'~'.repeat(Math.min(6, n - 1 - i * 7) || 1)}`).join('');
};

/** One literal of a compiled message, accented and padded to 140% (tags such as <0> and </0> kept). */
function pseudoText(text) {
  if (text === '#') return text;
  return text
    .split(/(<\/?\d+\s*\/?>)/)
    .map((part, i) => (i % 2 ? part : [...part].map((c) => ACCENTED[c] ?? c).join('') + (/\p{L}/u.test(part) ? padding(part.length) : '')))
    .join('');
}

function pseudoCompiled(compiled) {
  if (typeof compiled === 'string') return pseudoText(compiled);
  if (!Array.isArray(compiled)) return compiled;
  return compiled.map((token) => {
    if (typeof token === 'string') return pseudoText(token);
    if (!Array.isArray(token)) return token;
    // [argument, type, {branch: message}] : the argument's name and type stay, the branches change.
    return token.map((part, i) => (i >= 2 && part && typeof part === 'object' && !Array.isArray(part) ? Object.fromEntries(Object.entries(part).map(([k, v]) => [k, pseudoCompiled(v)])) : part));
  });
}

/** The pseudo-locale's messages: English's, compiled, then accented and lengthened. */
export function pseudoMessages(keep = () => true, dir = LOCALES_DIR) {
  return Object.fromEntries(Object.entries(compiledMessages(SOURCE_LOCALE, keep, dir)).map(([key, compiled]) => [key, pseudoCompiled(compiled)]));
}
