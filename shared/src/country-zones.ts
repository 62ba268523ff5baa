// The country a browser is in, to preset a country picker (docs/product-decisions.md, "Country
// and where to watch"). Apart from countries.ts so that the zones travel only with the pickers.
import { regionOfLocale } from './countries.js';
import { COUNTRY_ZONES } from './country-zones-data.js';

let zoneCountry: Map<string, string> | null = null;

/** The country of an IANA zone (Asia/Kolkata and its old name Asia/Calcutta -> IN); null for UTC and unknown zones. */
export function countryOfTimeZone(timeZone: string): string | null {
  if (!zoneCountry) {
    zoneCountry = new Map();
    for (const [code, zones] of Object.entries(COUNTRY_ZONES)) for (const z of zones.split(' ')) zoneCountry.set(z.toLowerCase(), code);
  }
  return zoneCountry.get(timeZone.trim().toLowerCase()) ?? null;
}

/**
 * The country to preset for a browser: its timezone's country first (a browser in India often
 * says en-US, but its clock says Asia/Kolkata), else the locale's region, else null (the user
 * picks). Pure: the caller passes navigator.language and the Intl zone.
 */
export function countryFromLocale(locale: string | null | undefined, timeZone: string | null | undefined): string | null {
  return (timeZone ? countryOfTimeZone(timeZone) : null) ?? (locale ? regionOfLocale(locale) : null);
}
