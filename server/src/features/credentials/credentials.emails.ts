// Mails of the credential flows (docs/security.md, "Password reset" and "Email change"); with no
// SMTP they go to the log like the sign-up code.
import { PASSWORD_RESET, VERIFICATION } from '@app/shared';
import type { CodePurpose, MailMessage } from '../../integrations/mail.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const CODE_STYLE = 'font-size:28px;font-weight:700;letter-spacing:6px';

function mail(to: string, subject: string, paragraphs: string[], code?: { after: number; value: string; purpose: CodePurpose }): MailMessage {
  const text = [...paragraphs];
  const html = paragraphs.map((p) => `<p>${escape(p)}</p>`);
  if (code) {
    text.splice(code.after, 0, code.value);
    html.splice(code.after, 0, `<p style="${CODE_STYLE}">${escape(code.value)}</p>`);
  }
  return { to, subject, text: text.join('\n\n'), html: html.join(''), ...(code && { code: { purpose: code.purpose, value: code.value } }) };
}

export function passwordResetEmail(appUrl: string, to: string, code: string): MailMessage {
  return mail(
    to,
    `Your password reset code: ${code}`,
    [
      "Someone, hopefully you, asked to reset the password of your Tonight's Pick account.",
      `To choose a new password, enter this code in the browser where you asked for it, at ${appUrl}/forgot-password:`,
      `It expires in ${PASSWORD_RESET.codeTtlMinutes} minutes and works once. Setting a new password signs you out on every other device.`,
      'If this was not you, ignore this email: your password stays as it is.',
    ],
    { after: 2, value: code, purpose: 'password-reset' },
  );
}

export function passwordChangedEmail(appUrl: string, to: string): MailMessage {
  return mail(to, "Your Tonight's Pick password was changed", [
    "The password of your Tonight's Pick account was just changed, and every other device was signed out.",
    `If this was not you, reset your password now at ${appUrl}/forgot-password, then check your devices in Settings.`,
  ]);
}

export function emailChangeCodeEmail(appUrl: string, to: string, code: string): MailMessage {
  return mail(
    to,
    `Your email change code: ${code}`,
    [
      "Someone, hopefully you, asked to use this address for their Tonight's Pick account.",
      `To confirm, enter this code in Settings at ${appUrl}/app/settings:`,
      `It expires in ${VERIFICATION.codeTtlMinutes} minutes and works once.`,
      'If this was not you, ignore this email: nothing changes.',
    ],
    { after: 2, value: code, purpose: 'email-change' },
  );
}

/** To an address that already has an account: the requester is told nothing, its owner is. */
export function emailTakenEmail(appUrl: string, to: string): MailMessage {
  return mail(to, "Someone tried to use your address on Tonight's Pick", [
    "Someone asked to move another Tonight's Pick account to this address. This address already has an account, so nothing changed.",
    `If it was you, sign in with this address at ${appUrl}/login instead.`,
    'If this was not you, ignore this email.',
  ]);
}

export function emailChangedEmail(appUrl: string, to: string, newEmail: string): MailMessage {
  return mail(to, "Your Tonight's Pick email address was changed", [
    `The email address of your Tonight's Pick account was changed from ${to} to ${newEmail}, and every other device was signed out.`,
    `If this was not you, reply to this email or contact us at ${appUrl}/contact straight away.`,
  ]);
}
