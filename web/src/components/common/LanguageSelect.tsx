import { useId } from 'react';
import { autonym, isLocale, LOCALES, type Locale } from '@app/shared';
import { useT } from '../../i18n/useT';

/** The nine languages, each named in itself (Español, 日本語), so a person finds theirs whatever the page's language. */
export function LanguageSelect({ value, onChange, disabled }: { value: Locale; onChange: (locale: Locale) => void; disabled?: boolean }) {
  const t = useT();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('language.select.label')}</label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => isLocale(e.target.value) && onChange(e.target.value)}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {autonym(l)}
          </option>
        ))}
      </select>
    </div>
  );
}
