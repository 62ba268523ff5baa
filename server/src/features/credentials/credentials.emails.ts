// Mails of the credential flows (docs/security.md, "Password reset" and "Email change"), in the
// reader's language (shared/locales/server-email); with no SMTP they go to the log like the
// sign-up code.
// i18n-dynamic: server-email.passwordReset.
// i18n-dynamic: server-email.passwordChanged.
// i18n-dynamic: server-email.emailChange.
// i18n-dynamic: server-email.emailTaken.
// i18n-dynamic: server-email.emailChanged.
import { DEFAULT_LOCALE, PASSWORD_RESET, VERIFICATION, type Locale } from '@app/shared';
import type { CodePurpose, MailMessage } from '../../integrations/mail.js';
import { escapeHtml, htmlParagraph } from '../../integrations/mail-text.js';
import { translate, type MessageValues } from '../../i18n/messages.js';

const CODE_STYLE = 'font-size:28px;font-weight:700;letter-spacing:6px';

function mail(locale: Locale, to: string, subject: string, paragraphs: string[], code?: { after: number; value: string; purpose: CodePurpose }): MailMessage {
  const text = [...paragraphs];
  const html = paragraphs.map((p) => htmlParagraph(locale, escapeHtml(p)));
  if (code) {
    text.splice(code.after, 0, code.value);
    html.splice(code.after, 0, htmlParagraph(locale, escapeHtml(code.value), CODE_STYLE));
  }
  return { to, subject, text: text.join('\n\n'), html: html.join(''), ...(code && { code: { purpose: code.purpose, value: code.value } }) };
}

const sayer = (locale: Locale, prefix: string) => (key: string, values?: MessageValues) => translate(locale, `server-email.${prefix}.${key}`, values);

export function passwordResetEmail(appUrl: string, to: string, code: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  const say = sayer(locale, 'passwordReset');
  return mail(
    locale,
    to,
    say('subject', { code }),
    [say('asked'), say('use', { url: `${appUrl}/forgot-password` }), say('rules', { minutes: PASSWORD_RESET.codeTtlMinutes }), say('notYou')],
    { after: 2, value: code, purpose: 'password-reset' },
  );
}

export function passwordChangedEmail(appUrl: string, to: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  const say = sayer(locale, 'passwordChanged');
  return mail(locale, to, say('subject'), [say('body'), say('notYou', { url: `${appUrl}/forgot-password` })]);
}

export function emailChangeCodeEmail(appUrl: string, to: string, code: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  const say = sayer(locale, 'emailChange');
  return mail(
    locale,
    to,
    say('subject', { code }),
    [say('asked'), say('use', { url: `${appUrl}/app/settings` }), say('rules', { minutes: VERIFICATION.codeTtlMinutes }), say('notYou')],
    { after: 2, value: code, purpose: 'email-change' },
  );
}

/** To an address that already has an account: the requester is told nothing, its owner is. */
export function emailTakenEmail(appUrl: string, to: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  const say = sayer(locale, 'emailTaken');
  return mail(locale, to, say('subject'), [say('body'), say('ifYou', { url: `${appUrl}/login` }), say('notYou')]);
}

export function emailChangedEmail(appUrl: string, to: string, newEmail: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  const say = sayer(locale, 'emailChanged');
  return mail(locale, to, say('subject'), [say('body', { from: to, to: newEmail }), say('notYou', { url: `${appUrl}/contact` })]);
}
