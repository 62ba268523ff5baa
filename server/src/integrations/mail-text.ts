// The words of an email in its reader's language (issue 39): every sentence a message of
// shared/locales/server-email, said by translate(); the HTML part escapes the sentence and puts
// its links in, so a translation places a link where its grammar wants it ({url} is an argument).
import { DEFAULT_LOCALE, directionOf, type Locale } from '@app/shared';
import { translate, type MessageValues } from '../i18n/messages.js';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface MailLink {
  href: string;
  /** The link's words; its address when not given. */
  label?: string;
}

/**
 * The message `key` as HTML: escaped, with each argument named in `links` an <a> to its address.
 * The arguments are said first with a marker in place of each link, so nothing in a value or a
 * translation can open a tag of its own.
 */
export function htmlOf(locale: Locale, key: string, values: MessageValues = {}, links: Record<string, MailLink> = {}, anchorStyle = ''): string {
  const marked: MessageValues = { ...values };
  const names = Object.keys(links);
  names.forEach((name, i) => (marked[name] = `\u0001${i}\u0002`));
  const style = anchorStyle ? ` style="${anchorStyle}"` : '';
  return escapeHtml(translate(locale, key, marked)).replace(/\u0001(\d+)\u0002/g, (_, i: string) => {
    const link = links[names[Number(i)]];
    return `<a href="${escapeHtml(link.href)}"${style}>${escapeHtml(link.label ?? link.href)}</a>`;
  });
}

/** `<html lang dir>` of an email in `locale`. */
export const htmlLangAttributes = (locale: Locale = DEFAULT_LOCALE) => `lang="${locale}"${directionOf(locale) === 'rtl' ? ' dir="rtl"' : ''}`;

/** A paragraph of an HTML mail part, set right to left for Arabic. */
export const htmlParagraph = (locale: Locale, inner: string, style = '') => {
  const rtl = directionOf(locale) === 'rtl';
  const attrs = [rtl ? 'dir="rtl"' : '', style ? `style="${style}"` : ''].filter(Boolean).join(' ');
  return `<p${attrs ? ` ${attrs}` : ''}>${inner}</p>`;
};
