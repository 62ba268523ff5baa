// The names of onboarding's options in the page's language. The API speaks English names (the
// catalog's vocabulary, which is also what is saved); a person reads them translated: languages by
// the runtime's CLDR names (Intl.DisplayNames), genres by the shared genres area when it has them.
import type { I18n } from '@lingui/core';
import { LANGUAGE_NAMES } from '@app/shared';

const CODE_OF: ReadonlyMap<string, string> = new Map(Object.entries(LANGUAGE_NAMES).map(([code, name]) => [name.toLowerCase(), code]));
/** TMDB's "cn" is Cantonese, "yue" to CLDR. */
const CLDR_CODE: Record<string, string> = { cn: 'yue' };

const capitalised = (s: string, locale: string) => s.charAt(0).toLocaleUpperCase(locale) + s.slice(1);

/** "Korean" in the page's language ("coreano", "韓国語"); English, and a name we do not know, as the API wrote it. */
export function languageLabel(name: string, i18n: I18n): string {
  const locale = i18n.locale;
  if (locale === 'en') return name;
  const code = CODE_OF.get(name.toLowerCase());
  if (!code) return name;
  // CLDR has no name of its own for Mandarin ("Chinese"), which would not tell it from Cantonese.
  if (code === 'zh') return i18n._('onboarding.languageNames.mandarin');
  try {
    const out = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(CLDR_CODE[code] ?? code);
    return out ? capitalised(out, locale) : name;
  } catch {
    return name;
  }
}

/** A genre's key in the genres area: `genres.` and its name in lower case, letters and digits only ("Science Fiction": genres.sciencefiction). */
export const genreKey = (name: string) => `genres.${name.toLowerCase().replace(/[^a-z0-9]/g, '')}`;

/** A genre in the page's language when the genres area names it, else as the API wrote it. */
export function genreLabel(name: string, i18n: I18n): string {
  const key = genreKey(name); // i18n-dynamic: genres.
  return i18n.messages[key] ? i18n._(key) : name;
}
