// The invite mail of a pick for two: a link to the web app's accept page. The token rides in the
// link's fragment, which browsers never send to a server, so it stays out of access logs.
import { HOUSEHOLD } from '@app/shared';
import type { MailMessage } from '../../integrations/mail.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function inviteLink(appUrl: string, token: string): string {
  return `${appUrl}/household/accept#token=${token}`;
}

/**
 * The same subject for every invite: the inviter's name is free text they chose (it can be a URL),
 * and a subject is what a mailbox shows before anyone opens the mail, so it names nobody.
 */
export const INVITE_SUBJECT = "You're invited to pick what to watch together on Tonight's Pick";

export function householdInviteEmail(appUrl: string, to: string, inviter: string, token: string): MailMessage {
  const link = inviteLink(appUrl, token);
  const paragraphs = [
    `${inviter} invited you to share Tonight's Pick: one pick for the two of you, on a service one of you has, chosen for both your tastes.`,
    `To accept, open this link and sign in or create an account with this address (${to}):`,
    link,
    `The link works once and expires in ${HOUSEHOLD.inviteTtlDays} days. If you do not know ${inviter}, ignore this email: nothing happens.`,
  ];
  return {
    to,
    subject: INVITE_SUBJECT,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => (p === link ? `<p><a href="${escape(link)}">Accept the invite</a></p>` : `<p>${escape(p)}</p>`)).join(''),
    code: { purpose: 'household-invite', value: link },
  };
}
