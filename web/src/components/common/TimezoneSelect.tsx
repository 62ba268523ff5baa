import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react';
import { TIMEZONE_CHOICES } from '@app/shared';
import { useT } from '../../i18n/useT';
import { filterTimezones, timezoneOptions, type TimezoneOption } from './scheduleRules';
import '../../styles/forms.css';

const FEATURED: ReadonlySet<string> = new Set(TIMEZONE_CHOICES.map((o) => o.value));
const localized = new Map<string, TimezoneOption[]>();

/** A zone's name in `locale` ("hora estándar de Japón", "日本標準時"); null when the runtime has none. */
function zoneName(zone: string, locale: string, now: Date): string | null {
  try {
    return new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(now).find((p) => p.type === 'timeZoneName')?.value ?? null;
  } catch {
    return null;
  }
}

/**
 * The zones to list in `locale`: in English as shared lists them; in another language the 12
 * featured ones also say their name in it ("Tokyo (Asia/Tokyo) · 日本標準時") and are found by it. The other
 * zones keep their IANA names, identifiers rather than words (and naming all 400 through Intl
 * takes a phone a second).
 */
function zoneOptions(locale: string): TimezoneOption[] {
  if (locale === 'en') return timezoneOptions();
  let out = localized.get(locale);
  if (!out) {
    const now = new Date();
    out = timezoneOptions().map((o) => {
      const name = FEATURED.has(o.value) ? zoneName(o.value, locale, now) : null;
      return name ? { ...o, label: `${o.label} · ${name}`, also: [...(o.also ?? []), name] } : o;
    });
    localized.set(locale, out);
  }
  return out;
}

interface Props {
  /** The input's id: a <label htmlFor={id}> names the combobox. */
  id: string;
  value: string;
  onChange: (tz: string) => void;
}

/**
 * Every IANA timezone, the 12 featured zones first, searchable by typing (an ARIA 1.2 combobox with a
 * listbox: arrows move, Enter chooses, Escape closes without changing the value). Leaving the
 * field keeps the chosen zone unless the text typed names one exactly.
 */
export function TimezoneSelect({ id, value, onChange }: Props) {
  const t = useT();
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const options = useMemo(() => filterTimezones(text ?? '', zoneOptions(locale)), [text, locale]);
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => {
    if (open) document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, open, active]);

  function openAt(i: number) {
    setOpen(true);
    setActive(Math.max(0, Math.min(i, options.length - 1)));
  }

  function choose(tz: string) {
    onChange(tz);
    setText(null);
    setOpen(false);
  }

  function leave() {
    const typed = text?.trim().toLowerCase();
    const exact = typed ? timezoneOptions().find((o) => o.value.toLowerCase() === typed) : undefined;
    if (exact && exact.value !== value) onChange(exact.value);
    setText(null);
    setOpen(false);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) openAt(Math.max(0, options.findIndex((o) => o.value === value)));
      else openAt(active + (e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'Enter' && open) {
      // Choosing a zone must not submit the form around it.
      e.preventDefault();
      if (options[active]) choose(options[active].value);
    } else if (e.key === 'Escape' && (open || text !== null)) {
      // Closes the list only, not the dialog the field sits in.
      e.preventDefault();
      e.stopPropagation();
      setText(null);
      setOpen(false);
    }
  }

  return (
    <div className="combobox">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open && options.length > 0 ? listId : undefined}
        aria-activedescendant={open && options[active] ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        value={text ?? value}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={(e) => e.target.select()}
        onClick={() => !open && openAt(Math.max(0, options.findIndex((o) => o.value === value)))}
        onKeyDown={onKeyDown}
        onBlur={leave}
      />
      <span id={`${id}-hint`} className="visually-hidden">{t('common.timezone.hint')}</span>
      {open && options.length > 0 && (
        <ul id={listId} role="listbox" className="combobox-list" aria-label={t('common.timezone.list')}>
          {options.map((o, i) => (
            <li
              key={o.value}
              id={optionId(i)}
              role="option"
              aria-selected={o.value === value}
              className={i === active ? 'combobox-active' : undefined}
              // mousedown, not click: the input keeps focus and its blur does not undo the choice.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o.value);
              }}
            >
              {o.label}
            </li>
          ))}
        </ul>
      )}
      {open && options.length === 0 && (
        <p className="combobox-empty" role="status">
          {t('common.timezone.none', { text: text ?? '' })}
        </p>
      )}
    </div>
  );
}
