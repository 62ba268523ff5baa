// The sign-up and sign-in code mails, in the reader's language (shared/locales/server-email).
// i18n-dynamic: server-email.verification.
// i18n-dynamic: server-email.unlock.
import { DEFAULT_LOCALE, VERIFICATION, type Locale } from '@app/shared';
import type { MailMessage } from '../../integrations/mail.js';
import { escapeHtml, htmlOf, htmlParagraph } from '../../integrations/mail-text.js';
import { translate } from '../../i18n/messages.js';

const CODE_STYLE = 'font-size:28px;font-weight:700;letter-spacing:6px';

export function verificationEmail(appUrl: string, to: string, code: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  const minutes = VERIFICATION.codeTtlMinutes;
  const url = `${appUrl}/verify-email`;
  const say = (key: string, values = {}) => translate(locale, `server-email.verification.${key}`, values);
  const p = (inner: string, style = '') => htmlParagraph(locale, inner, style);
  return {
    to,
    subject: say('subject', { code }),
    text: `${say('leadWithCode', { code })}\n\n${say('expires', { minutes, url })}\n\n${say('notYou')}`,
    html: [
      p(escapeHtml(say('lead'))),
      p(escapeHtml(code), CODE_STYLE),
      p(htmlOf(locale, 'server-email.verification.expires', { minutes }, { url: { href: url } })),
      p(escapeHtml(say('notYou'))),
    ].join(''),
    code: { purpose: 'sign-up', value: code },
  };
}

/** The emailed code that lets one new browser sign in while new browsers are limited (docs/security.md). */
export function unlockEmail(appUrl: string, to: string, code: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  const minutes = VERIFICATION.codeTtlMinutes;
  const say = (key: string, values = {}) => translate(locale, `server-email.unlock.${key}`, values);
  const why = say('why');
  const use = say('use', { url: `${appUrl}/login` });
  const rules = say('rules', { minutes });
  const notYou = say('notYou');
  const p = (inner: string, style = '') => htmlParagraph(locale, inner, style);
  return {
    to,
    subject: say('subject', { code }),
    text: `${why}\n\n${use}\n\n${code}\n\n${rules}\n\n${notYou}`,
    html: `${p(escapeHtml(why))}${p(escapeHtml(use))}${p(escapeHtml(code), CODE_STYLE)}${p(escapeHtml(rules))}${p(escapeHtml(notYou))}`,
    code: { purpose: 'sign-in', value: code },
  };
}
