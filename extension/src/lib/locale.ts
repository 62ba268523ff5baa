// Which language the extension speaks (issue 39): the signed-in person's choice (the profile's
// ui_language, kept in extension storage as `locale` when the popup reads the profile), else the
// first of the browser's languages the product speaks. No library: the background and the badge
// take it too.
import { isLocale, negotiateLocale, type Locale } from '@app/shared/i18n';

const browserLanguages = (): readonly string[] => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/** Signed out, the stored choice is not theirs to keep: the browser's languages then. */
export function viewerLocale(signedIn: boolean, chosen: unknown, languages: readonly string[] = browserLanguages()): Locale {
  return signedIn && isLocale(chosen) ? chosen : negotiateLocale(languages);
}
