import { useLingui } from '@lingui/react';
import { COUNTRIES, countryFromLocale, countryPhrase } from '@app/shared';
import { useT } from '../../i18n/useT';
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

const ENGLISH = new Map(COUNTRIES.map((c) => [c.code, c.name]));

/** A country's name in `locale`: our own list in English (its names are the product's), the runtime's CLDR names (Intl.DisplayNames) in the other languages. */
export function countryName(code: string, locale: string): string {
  const english = ENGLISH.get(code) ?? code;
  if (locale === 'en') return english;
  try {
    const name = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(code);
    return name && name !== code ? name : english;
  } catch {
    return english;
  }
}

/** A country as a sentence names it after "in": "the United States" in English, the plain name in the other languages. */
export function countryInSentence(code: string, locale: string): string {
  return locale === 'en' ? countryPhrase(code) : countryName(code, locale);
}

const cache = new Map<string, ReadonlyArray<{ code: string; name: string }>>();
/** Every country of COUNTRIES named and sorted in `locale` (English keeps the list's own order). */
export function countryOptions(locale: string): ReadonlyArray<{ code: string; name: string }> {
  let out = cache.get(locale);
  if (!out) {
    if (locale === 'en') out = COUNTRIES.map((c) => ({ code: c.code, name: c.name }));
    else {
      const collator = new Intl.Collator(locale);
      out = COUNTRIES.map((c) => ({ code: c.code, name: countryName(c.code, locale) })).sort((a, b) => collator.compare(a.name, b.name));
    }
    cache.set(locale, out);
  }
  return out;
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

/** Every country by name in the page's language; typing a name's first letters jumps to it, as in any native select. */
export function CountrySelect({ id, value, onChange, describedBy }: Props) {
  const t = useT();
  const { i18n } = useLingui();
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={describedBy}>
      {value === '' && <option value="">{t('common.country.choose')}</option>}
      {countryOptions(i18n.locale).map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </select>
  );
}
