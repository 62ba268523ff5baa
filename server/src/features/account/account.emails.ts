import type { MailMessage } from '../../integrations/mail.js';
import { VERIFICATION } from '@app/shared';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The code that confirms deleting an account without a password. */
export function deletionCodeEmail(to: string, code: string): MailMessage {
  const minutes = VERIFICATION.codeTtlMinutes;
  const why = "Someone signed in to your Tonight's Pick account, hopefully you, asked to delete it.";
  const use = 'To delete the account and all its data for good, enter this code in Settings > Delete my account:';
  const rules = `It expires in ${minutes} minutes.`;
  const notYou = 'If this was not you, do not share the code; nothing is deleted without it.';
  return {
    to,
    subject: `Your account deletion code: ${code}`,
    text: `${why}\n\n${use}\n\n${code}\n\n${rules}\n\n${notYou}`,
    html: `<p>${escape(why)}</p><p>${escape(use)}</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${escape(code)}</p><p>${escape(rules)}</p><p>${escape(notYou)}</p>`,
    code: { purpose: 'account-deletion', value: code },
  };
}

/** Sent once the account is gone. */
export function accountDeletedEmail(appUrl: string, to: string): MailMessage {
  const lines = [
    "Your Tonight's Pick account has been deleted.",
    'Your profile, preferences, favourites, recommendations, ratings, schedule, connected browsers and feedback are gone, and scheduled emails have stopped. ' +
      'If you had connected Google Calendar, we asked Google to revoke our access. Records of payments are kept for accounting, no longer linked to you.',
    `You can create a new account with this address at any time: ${appUrl}/register`,
  ];
  return {
    to,
    subject: "Your Tonight's Pick account has been deleted",
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${escape(l)}</p>`).join(''),
  };
}
