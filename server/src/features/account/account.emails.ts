// The account deletion mails, in the reader's language (shared/locales/server-email).
// i18n-dynamic: server-email.deletionCode.
// i18n-dynamic: server-email.accountDeleted.
import { DEFAULT_LOCALE, VERIFICATION, type Locale } from '@app/shared';
import type { MailMessage } from '../../integrations/mail.js';
import { escapeHtml, htmlParagraph } from '../../integrations/mail-text.js';
import { translate, type MessageValues } from '../../i18n/messages.js';

/** The code that confirms deleting an account without a password. */
export function deletionCodeEmail(to: string, code: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  const say = (key: string, values?: MessageValues) => translate(locale, `server-email.deletionCode.${key}`, values);
  const why = say('why');
  const use = say('use');
  const rules = say('rules', { minutes: VERIFICATION.codeTtlMinutes });
  const notYou = say('notYou');
  const p = (text: string, style = '') => htmlParagraph(locale, escapeHtml(text), style);
  return {
    to,
    subject: say('subject', { code }),
    text: `${why}\n\n${use}\n\n${code}\n\n${rules}\n\n${notYou}`,
    html: `${p(why)}${p(use)}${p(code, 'font-size:28px;font-weight:700;letter-spacing:6px')}${p(rules)}${p(notYou)}`,
    code: { purpose: 'account-deletion', value: code },
  };
}

/** Sent once the account is gone. */
export function accountDeletedEmail(appUrl: string, to: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  const say = (key: string, values?: MessageValues) => translate(locale, `server-email.accountDeleted.${key}`, values);
  const lines = [say('done'), say('gone'), say('again', { url: `${appUrl}/register` })];
  return {
    to,
    subject: say('subject'),
    text: lines.join('\n\n'),
    html: lines.map((l) => htmlParagraph(locale, escapeHtml(l))).join(''),
  };
}
