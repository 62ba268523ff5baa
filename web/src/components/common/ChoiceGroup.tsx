import type { ReactNode } from 'react';

export interface Choice {
  value: string;
  label: string;
  icon?: ReactNode;
}

interface Props {
  legend: ReactNode;
  hint?: ReactNode;
  choices: Choice[];
  selected: string[];
  onChange: (next: string[]) => void;
  /** Once this many are chosen the others are disabled. */
  max?: number;
  /** At least this many stay chosen: the last ones cannot be unticked. */
  keepAtLeast?: number;
  name: string;
}

/** A labelled set of checkboxes drawn as chips; keyboard and screen readers see checkboxes. */
export function ChoiceGroup({ legend, hint, choices, selected, onChange, max, keepAtLeast = 0, name }: Props) {
  const chosen = new Set(selected);
  const full = max !== undefined && selected.length >= max;
  function toggle(value: string) {
    if (chosen.has(value)) {
      if (selected.length <= keepAtLeast) return;
      onChange(selected.filter((v) => v !== value));
    } else if (!full) {
      onChange([...selected, value]);
    }
  }
  return (
    <fieldset className="choice-group">
      <legend>{legend}</legend>
      {hint && <p className="field-hint">{hint}</p>}
      <div className="chips">
        {choices.map((c) => {
          const on = chosen.has(c.value);
          const id = `${name}-${c.value.replace(/[^\w-]/g, '_')}`;
          return (
            <label key={c.value} htmlFor={id} className={`chip${on ? ' chip-on' : ''}${!on && full ? ' chip-disabled' : ''}`}>
              <input
                id={id}
                type="checkbox"
                name={name}
                checked={on}
                disabled={!on && full}
                aria-disabled={on && selected.length <= keepAtLeast ? true : undefined}
                onChange={() => toggle(c.value)}
              />
              {c.icon}
              <span>{c.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
