// The user's country: where "on your service" and "where to watch" are answered
// (docs/product-decisions.md, "Country and where to watch").
import { COUNTRIES, type Country } from './countries-data.js';

export { COUNTRIES, type Country } from './countries-data.js';

const BY_CODE: ReadonlyMap<string, Country> = new Map(COUNTRIES.map((c) => [c.code, c]));

/** True for an ISO 3166-1 alpha-2 code of COUNTRIES (upper case, as stored). */
export function isCountryCode(code: string): boolean {
  return BY_CODE.has(code);
}

/** "India"; the code itself for anything not in the list (GLOBAL, an old code). */
export function countryName(code: string): string {
  return BY_CODE.get(code)?.name ?? code;
}

/** "India", "the United States": the name as it follows "in". */
export function countryPhrase(code: string): string {
  const c = BY_CODE.get(code);
  if (!c) return code;
  return c.the ? `the ${c.name}` : c.name;
}

/** The region subtag of a BCP 47 tag ("en-GB", "pt_BR", "zh-Hant-TW"); null without one. */
export function regionOfLocale(locale: string): string | null {
  const m = /^[a-z]{2,3}(?:[-_][a-z]{4})?[-_]([a-z]{2})(?:[-_.@]|$)/i.exec(locale.trim().slice(0, 100));
  const code = m ? m[1].toUpperCase() : null;
  return code && BY_CODE.has(code) ? code : null;
}
