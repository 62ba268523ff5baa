// The invite mail of a pick for two: a link to the web app's accept page. The token rides in the
// link's fragment, which browsers never send to a server, so it stays out of access logs. Its
// words are shared/locales/server-email's (household.*).
import { DEFAULT_LOCALE, HOUSEHOLD, type Locale } from '@app/shared';
import type { MailMessage } from '../../integrations/mail.js';
import { escapeHtml, htmlParagraph } from '../../integrations/mail-text.js';
import { translate } from '../../i18n/messages.js';

export function inviteLink(appUrl: string, token: string): string {
  return `${appUrl}/household/accept#token=${token}`;
}

/**
 * The same subject for every invite: the inviter's name is free text they chose (it can be a URL),
 * and a subject is what a mailbox shows before anyone opens the mail, so it names nobody.
 */
export const INVITE_SUBJECT = "You're invited to pick what to watch together on Tonight's Pick";

/** The invite, in `locale`: the inviter's language (the invitee may have no account yet). */
export function householdInviteEmail(appUrl: string, to: string, inviter: string, token: string, locale: Locale = DEFAULT_LOCALE): MailMessage {
  const link = inviteLink(appUrl, token);
  const paragraphs = [
    translate(locale, 'server-email.household.invited', { inviter }),
    translate(locale, 'server-email.household.toAccept', { email: to }),
    link,
    translate(locale, 'server-email.household.rules', { days: HOUSEHOLD.inviteTtlDays, inviter }),
  ];
  return {
    to,
    subject: translate(locale, 'server-email.household.subject'),
    text: paragraphs.join('\n\n'),
    html: paragraphs
      .map((p) => htmlParagraph(locale, p === link ? `<a href="${escapeHtml(link)}">${escapeHtml(translate(locale, 'server-email.household.accept'))}</a>` : escapeHtml(p)))
      .join(''),
    code: { purpose: 'household-invite', value: link },
  };
}
