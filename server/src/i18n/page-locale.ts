// Which language's pre-rendered page to answer `/` and `/login` with (web/finish-build.mjs writes
// one per language): the one this browser chose (the web app keeps it in a cookie as well as in
// its storage), else the first of Accept-Language the product speaks. English has no prefix.
import { isLocale, negotiateLocale, parseAcceptLanguage, STORAGE_KEYS, type Locale } from '@app/shared';

const COOKIE = new RegExp(`(?:^|;\\s*)${STORAGE_KEYS.locale}=([A-Za-z-]{2,5})(?:;|$)`);

export function pageLocale(headers: { cookie?: string | undefined; 'accept-language'?: string | undefined }): Locale {
  // A browser's cookie header is well under Node's 16 KB header limit; only its start is read.
  const chosen = COOKIE.exec((headers.cookie ?? '').slice(0, 4096))?.[1];
  if (isLocale(chosen)) return chosen;
  return negotiateLocale(parseAcceptLanguage(headers['accept-language']));
}
