// The user's country: where "on your service" and "where to watch" are answered
// (docs/product-decisions.md, "Country and where to watch").
import { COUNTRIES, COUNTRY_ZONES, type Country } from './countries-data.js';

export { COUNTRIES, type Country } from './countries-data.js';

const BY_CODE: ReadonlyMap<string, Country> = new Map(COUNTRIES.map((c) => [c.code, c]));
let zoneCountry: Map<string, string> | null = null;

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

/** The country of an IANA zone (Asia/Kolkata and its old name Asia/Calcutta -> IN); null for UTC and unknown zones. */
export function countryOfTimeZone(timeZone: string): string | null {
  if (!zoneCountry) {
    zoneCountry = new Map();
    for (const [code, zones] of Object.entries(COUNTRY_ZONES)) for (const z of zones.split(' ')) zoneCountry.set(z.toLowerCase(), code);
  }
  return zoneCountry.get(timeZone.trim().toLowerCase()) ?? null;
}

/** The region subtag of a BCP 47 tag ("en-GB", "pt_BR", "zh-Hant-TW"); null without one. */
export function regionOfLocale(locale: string): string | null {
  const m = /^[a-z]{2,3}(?:[-_][a-z]{4})?[-_]([a-z]{2})(?:[-_.@]|$)/i.exec(locale.trim().slice(0, 100));
  const code = m ? m[1].toUpperCase() : null;
  return code && BY_CODE.has(code) ? code : null;
}

/**
 * The country to preset for a browser: its timezone's country first (a browser in India often
 * says en-US, but its clock says Asia/Kolkata), else the locale's region, else null (the user
 * picks). Pure: the caller passes navigator.language and the Intl zone.
 */
export function countryFromLocale(locale: string | null | undefined, timeZone: string | null | undefined): string | null {
  return (timeZone ? countryOfTimeZone(timeZone) : null) ?? (locale ? regionOfLocale(locale) : null);
}
