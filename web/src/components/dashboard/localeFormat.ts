// The card's facts in the active language (issue 39): years, scores, dates and times through Intl,
// genre and mood names from the shared catalogs (shared/locales/genres, shared/locales/moods), and
// lengths of time through ICU messages. Plain functions of Lingui's active i18n, so that a page that
// imports titleFacts (the watchlist) needs no hook; the components that call them re-render on a
// change of language through useLingui/useT.
// i18n-dynamic: genres.
// i18n-dynamic: moods.
import { i18n } from '@lingui/core';
import { GENRES, countryPhrase, type MoodValue } from '@app/shared';

/** Built once per locale and kind: Intl's constructors cost tens of microseconds each. */
const cache = new Map<string, unknown>();
function cached<T>(kind: string, locale: string, make: () => T): T {
  const key = `${kind}\u0000${locale}`;
  let hit = cache.get(key) as T | undefined;
  if (hit === undefined) {
    hit = make();
    cache.set(key, hit);
  }
  return hit;
}

export const activeLocale = (): string => i18n.locale || 'en';

/** "2019" (no grouping: a year), in the locale's digits. */
export function formatYear(year: number, locale = activeLocale()): string {
  return cached('year', locale, () => new Intl.NumberFormat(locale, { useGrouping: false })).format(year);
}

/** A whole number in the locale's digits, e.g. "05" with `pad` 2. */
export function formatInteger(n: number, locale = activeLocale(), pad = 1): string {
  return cached(`int${pad}`, locale, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0, minimumIntegerDigits: pad })).format(n);
}

/** "87%" ("87 %" in German and French): a score out of 100. */
export function formatPercent(score: number, locale = activeLocale()): string {
  return cached('percent', locale, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 })).format(score / 100);
}

/** "8.7" ("8,7"): a rating with one decimal. */
export function formatRating(rating: number, locale = activeLocale()): string {
  return cached('rating', locale, () => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).format(rating);
}

/** A date as the locale writes it (12/3/2026, 03/12/2026, 2026/12/3). */
export function formatDate(date: Date, locale = activeLocale()): string {
  return cached('date', locale, () => new Intl.DateTimeFormat(locale)).format(date);
}

/**
 * A list of names as the locale writes one ("Amy Adams et Jeremy Renner", "Amy Adams、Jeremy
 * Renner"); English keeps the card's own form, commas only ("Amy Adams, Jeremy Renner").
 */
export function formatNames(names: readonly string[], locale = activeLocale()): string {
  const options: Intl.ListFormatOptions = locale === 'en' ? { type: 'unit', style: 'short' } : { type: 'conjunction', style: 'long' };
  return cached('names', locale, () => new Intl.ListFormat(locale, options)).format(names);
}

/** A country's name in the locale; in English with its article where it takes one ("the United States"). */
export function countryName(code: string, locale = activeLocale()): string {
  if (locale === 'en') return countryPhrase(code);
  try {
    return cached('region', locale, () => new Intl.DisplayNames([locale], { type: 'region' })).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The message key of a genre of the catalog's vocabulary (shared GENRES): `genres.` and the name in
 * lower case, letters and digits only, as the engine's genreKey writes it ("Science Fiction" ->
 * genres.sciencefiction). null for a name outside the vocabulary (an import's own genre).
 */
export function genreMessageKey(name: string): string | null {
  const known = (GENRES as readonly string[]).find((g) => g.toLowerCase() === name.trim().toLowerCase());
  return known ? `genres.${known.toLowerCase().replace(/[^a-z0-9]/g, '')}` : null;
}

/** A genre's name in the active language; a name outside the vocabulary as it is. */
export function genreLabel(name: string): string {
  const key = genreMessageKey(name);
  return key ? i18n._(key) : name;
}

/** A mood's name in the active language (moods.<value>: moods.feel-good). */
export const moodLabel = (mood: MoodValue): string => i18n._(`moods.${mood}`);

/** "1 h 40", "45 min", "2 h": a time budget (Tonight's controls and their summary line). */
export function formatMinutes(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return i18n._('dashboard.time.minutes', { minutes: m });
  if (m === 0) return i18n._('dashboard.time.hours', { hours: h });
  // "1 h 05": the minutes after the hours in two digits, in the locale's digits.
  return i18n._('dashboard.time.hoursMinutes', { hours: h, minutes: formatInteger(m, activeLocale(), 2) });
}
