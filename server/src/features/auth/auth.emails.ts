import type { MailMessage } from '../../integrations/mail.js';
import { VERIFICATION } from '@app/shared';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verificationEmail(appUrl: string, to: string, code: string): MailMessage {
  const minutes = VERIFICATION.codeTtlMinutes;
  return {
    to,
    subject: `Your verification code: ${code}`,
    text: `Your Tonight's Pick verification code is ${code}\n\nIt expires in ${minutes} minutes. Enter it in the browser where you asked for it, at ${appUrl}/verify-email\n\nIf you did not sign up, ignore this email.`,
    html: `<p>Your Tonight's Pick verification code is</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${escape(code)}</p><p>It expires in ${minutes} minutes. Enter it in the browser where you asked for it, at <a href="${escape(appUrl)}/verify-email">${escape(appUrl)}/verify-email</a>.</p><p>If you did not sign up, ignore this email.</p>`,
    code: { purpose: 'sign-up', value: code },
  };
}

/** The emailed code that lets one new browser sign in while new browsers are limited (docs/security.md). */
export function unlockEmail(appUrl: string, to: string, code: string): MailMessage {
  const minutes = VERIFICATION.codeTtlMinutes;
  const why =
    "Someone, hopefully you, is trying to sign in to your Tonight's Pick account from a new browser, and sign-ins from new browsers are paused for a while after too many wrong passwords.";
  const use = `To sign in anyway, enter this code with your password on the sign-in page at ${appUrl}/login, in the browser that asked for it:`;
  const rules = `It expires in ${minutes} minutes and works once.`;
  const notYou = 'If this was not you, your password is still safe; nothing changes. You can ignore this email.';
  return {
    to,
    subject: `Your sign-in code: ${code}`,
    text: `${why}\n\n${use}\n\n${code}\n\n${rules}\n\n${notYou}`,
    html: `<p>${escape(why)}</p><p>${escape(use)}</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${escape(code)}</p><p>${escape(rules)}</p><p>${escape(notYou)}</p>`,
    code: { purpose: 'sign-in', value: code },
  };
}
