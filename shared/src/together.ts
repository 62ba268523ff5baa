// The line a pick for two shows under its buttons, on the dashboard and in the popup alike. No zod
// here: the extension imports this file by path (extension/src/lib/shared.ts).
import type { HouseholdState, TogetherPick } from './schemas/household.js';

/** The other member's name, as the household card and the popup call them. */
export function partnerName(household: NonNullable<HouseholdState['household']>): string {
  return household.members.find((m) => !m.you)?.name ?? 'your partner';
}

/** "You asked for this pick. Ben has not rated it yet." */
export function togetherStatus(pick: Pick<TogetherPick, 'asked_by' | 'asked_by_you' | 'partner_rating'>, partner: string): string {
  const asked = pick.asked_by_you ? 'You asked for this pick.' : `${pick.asked_by} asked for this pick.`;
  const rated = pick.partner_rating === null ? `${partner} has not rated it yet.` : `${partner} ${pick.partner_rating ? 'liked' : 'disliked'} it.`;
  return `${asked} ${rated}`;
}
