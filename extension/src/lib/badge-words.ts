// The badge's words (shared/locales/extension-badge), compiled at build time. The badge is a content
// script on every title page of the sites a user turned on: it carries English only, and the
// background sends the viewer's language's words with the fit (lib/badge-i18n.ts). Its messages
// have no plurals, so a few lines fill their arguments and the badge needs no library.
import type { Locale } from '@app/shared/i18n';

/** Lingui's compiled form of a message without plurals: text and [argument] tokens. */
export type CompiledMessage = string | ReadonlyArray<string | readonly string[]>;

export interface BadgeWords {
  locale: Locale;
  messages: Record<string, CompiledMessage>;
}

/** English, the badge's own fallback (__BADGE_MESSAGES_EN__, extension/vite.config.ts). */
export const ENGLISH_BADGE_WORDS: BadgeWords = { locale: 'en', messages: __BADGE_MESSAGES_EN__ };

/** `say(key, values)`: the message `key` in `words`' language (English when it lacks one), its arguments filled. */
export function sayer(words: BadgeWords | undefined): (key: string, values?: Record<string, string>) => string {
  return (key, values = {}) => {
    const message = words?.messages[key] ?? ENGLISH_BADGE_WORDS.messages[key] ?? key;
    if (typeof message === 'string') return message;
    return message.map((part) => (typeof part === 'string' ? part : (values[part[0]] ?? ''))).join('');
  };
}
