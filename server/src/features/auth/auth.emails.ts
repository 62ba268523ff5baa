import type { MailMessage } from '../../integrations/mail.js';
import { VERIFICATION } from '@app/shared';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verificationEmail(appUrl: string, to: string, code: string): MailMessage {
  const minutes = VERIFICATION.codeTtlMinutes;
  return {
    to,
    subject: `Your verification code: ${code}`,
    text: `Your Tonight's Pick verification code is ${code}\n\nIt expires in ${minutes} minutes. Enter it at ${appUrl}/verify-email\n\nIf you did not sign up, ignore this email.`,
    html: `<p>Your Tonight's Pick verification code is</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${escape(code)}</p><p>It expires in ${minutes} minutes. Enter it at <a href="${escape(appUrl)}/verify-email">${escape(appUrl)}/verify-email</a>.</p><p>If you did not sign up, ignore this email.</p>`,
  };
}
