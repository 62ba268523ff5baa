import { useLingui } from '@lingui/react';

/** Message values: ICU arguments (numbers for plurals, strings for names). */
export type MessageValues = Record<string, string | number | Date | undefined>;

/**
 * `t(key, values)`: the message `key` of shared/locales in the active language, as a string (for
 * attributes, titles, alerts). Rich text with links or emphasis is `<Trans id values components>`.
 * Re-renders the component when the language changes.
 */
export function useT(): (key: string, values?: MessageValues) => string {
  const { i18n } = useLingui();
  return (key, values) => i18n._(key, values);
}
