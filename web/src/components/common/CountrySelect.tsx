/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { COUNTRIES, countryFromLocale } from '@app/shared';
import '../../styles/forms.css';

/**
 * The country to preset: the browser's timezone (Asia/Kolkata: India), else its language's region
 * (en-GB: United Kingdom); '' when neither names one (docs/product-decisions.md).
 */
export function browserCountry(): string {
  try {
    return countryFromLocale(navigator.language, Intl.DateTimeFormat().resolvedOptions().timeZone) ?? '';
  } catch {
    return '';
  }
}

interface Props {
  /** The select's id: a <label htmlFor={id}> names it. */
  id: string;
  /** ISO 3166-1 alpha-2, or '' for none chosen yet. */
  value: string;
  onChange: (code: string) => void;
  /** Id of the text that explains what the country is for. */
  describedBy?: string;
}

/** Every country by name; typing a name's first letters jumps to it, as in any native select. */
export function CountrySelect({ id, value, onChange, describedBy }: Props) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={describedBy}>
      {value === '' && <option value="">Choose your country</option>}
      {COUNTRIES.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </select>
  );
}
