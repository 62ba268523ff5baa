// The background's side of the badge's words: every language's compiled extension-badge messages
// (__BADGE_MESSAGES__, extension/vite.config.ts), sent to the badge with the fit so that the content
// script itself carries English only, and the background's own answers to it in the same words.
import type { Locale } from '@app/shared/i18n';
import { sayer, type BadgeWords, type CompiledMessage } from './badge-words';

/** The badge's words in `locale`. */
export function badgeWords(locale: Locale): BadgeWords {
  const all = __BADGE_MESSAGES__ as Record<string, Record<string, CompiledMessage>>;
  return { locale, messages: all[locale] ?? all.en };
}

/** The background's own answers to the badge (a rating done, a failed action), in `locale`. */
export function badgeAnswerTexts(locale: Locale): { liked: string; disliked: string; failed: string; whyNotFailed: string } {
  const say = sayer(badgeWords(locale));
  return {
    liked: say('extension-badge.answer.liked'),
    disliked: say('extension-badge.answer.disliked'),
    failed: say('extension-badge.answer.failed'),
    whyNotFailed: say('extension-badge.whyNot.failed'),
  };
}
