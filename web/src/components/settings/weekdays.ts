// The days of the week in a language, Monday first (the profile's selected_days are 1 = Monday ..
// 7 = Sunday), from Intl rather than an English list: "Monday" in English, "Montag" in German, "월요일"
// in Korean. 2024-01-01 was a Monday.
const MONDAY = Date.UTC(2024, 0, 1, 12);
const DAY_MS = 24 * 60 * 60 * 1000;

/** The seven weekday names in `locale`, Monday first, each starting with a capital where the script has them. */
export function weekdayNames(locale: string, width: 'long' | 'short' = 'long'): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => {
    const name = format.format(new Date(MONDAY + i * DAY_MS));
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  });
}
