import { useLingui } from '@lingui/react';

/** Message values: ICU arguments (numbers for plurals, strings for names). */
export type MessageValues = Record<string, string | number | Date | undefined>;

/**
 * `t(key, values)`: the message `key` of shared/locales in the popup's or the options page's
 * language, as a string. Rich text is `<Trans id values components>`. Re-renders on a change of language.
 */
export function useT(): (key: string, values?: MessageValues) => string {
  const { i18n } = useLingui();
  return (key, values) => i18n._(key, values);
}
