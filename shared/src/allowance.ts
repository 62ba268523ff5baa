// What the free plan has left this week, in the words the web app and the extension both show
// (docs/product-decisions.md, "The free plan and what counts against it"). Pure functions of
// GET /api/subscription/status; no zod here, so the extension can import this file directly.
import type { SubscriptionStatus } from './schemas/subscription.js';

/**
 * What replacing a pick the user could not use (Already Watched, or after a Dislike) costs now:
 * nothing counted on a plan without a weekly limit, a free replacement while the week's last,
 * else one of the week's picks. null while the status is unknown.
 */
export type ReplacementCost = { kind: 'uncounted' } | { kind: 'free'; left: number } | { kind: 'counts'; picksLeft: number };

export function replacementCost(s: SubscriptionStatus | null | undefined): ReplacementCost | null {
  if (!s) return null;
  if (s.free_replacements_left === null || s.recommendations_left === null) return { kind: 'uncounted' };
  if (s.free_replacements_left > 0) return { kind: 'free', left: s.free_replacements_left };
  return { kind: 'counts', picksLeft: s.recommendations_left };
}

/** "5 free replacements", "1 free replacement", "no free replacements left". */
export function freeReplacementsText(n: number): string {
  return n === 0 ? 'no free replacements left' : `${n} free replacement${n === 1 ? '' : 's'}`;
}

/** The tag inside a replacement button, so the user knows the cost before the click. */
export function replacementCostTag(cost: ReplacementCost | null): '· free' | '· uses a pick' | null {
  if (cost?.kind === 'free') return '· free';
  if (cost?.kind === 'counts' && cost.picksLeft > 0) return '· uses a pick';
  return null;
}

/** Said under the actions once this week's free replacements are gone. */
export function noFreeReplacementsNote(cost: ReplacementCost | null): string | null {
  if (cost?.kind !== 'counts') return null;
  return cost.picksLeft > 0
    ? 'No free replacements left this week: Already Watched and Show me another now use one of your picks.'
    : 'No free replacements or picks left this week.';
}

/** The limit message's second line while picks are spent but free replacements remain. */
export function stillFreeText(freeLeft: number): string {
  return `You still have ${freeReplacementsText(freeLeft)} this week: Already Watched, or a Dislike, gets you another pick for free.`;
}

/**
 * What remains this week, e.g. "2 of 3 picks left this week · 5 free replacements"; null for a
 * plan without a weekly limit.
 */
export function allowanceText(s: SubscriptionStatus): string | null {
  if (s.recommendations_limit === null || s.recommendations_left === null) return null;
  const picks = `${s.recommendations_left} of ${s.recommendations_limit} picks left this week`;
  return s.free_replacements_left === null ? picks : `${picks} · ${freeReplacementsText(s.free_replacements_left)}`;
}
