/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { useId, useState } from 'react';
import {
  EXPLORATION_STOPS,
  MAX_MINUTES_RANGE,
  TIME_CHOICES,
  describeTonight,
  explorationStop,
  formatMinutes,
  type TonightConstraints,
} from '@app/shared';

const KINDS = [
  { value: null, label: 'Either' },
  { value: 'movie', label: 'Movie' },
  { value: 'series', label: 'Series' },
] as const;

interface Props {
  value: TonightConstraints;
  onChange: (next: TonightConstraints) => void;
  disabled?: boolean;
  /** Said after the constraints in the summary line, e.g. that "Never show me" applies too. */
  extra?: string;
}


const isChoice = (m: number | null) => m === null || (TIME_CHOICES as readonly number[]).includes(m);

/**
 * Tonight's constraints for the next pick: the time the user has, movie or series, "Finish
 * tonight" (a series that fits whole into that time), and how adventurous the pick may be. The
 * next pick sends them and the server remembers them (docs/product-decisions.md).
 */
export function TonightControls({ value, onChange, disabled, extra }: Props) {
  const id = useId();
  // Closed to its summary line, so the card's buttons stay on the first screen (tests/e2e/web-phone.test.ts).
  const [open, setOpen] = useState(false);
  const [custom, setCustom] = useState(() => !isChoice(value.max_minutes));
  const [draft, setDraft] = useState(value.max_minutes === null ? '' : String(value.max_minutes));
  const set = (patch: Partial<TonightConstraints>) => onChange({ ...value, ...patch });
  const stop = explorationStop(value.exploration);
  const minutesValid = (n: number) => Number.isInteger(n) && n >= MAX_MINUTES_RANGE.min && n <= MAX_MINUTES_RANGE.max;
  const draftNumber = Number(draft);
  const draftInvalid = custom && draft !== '' && !minutesValid(draftNumber);

  return (
    <details className="tonight" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span className="tonight-title">Tonight</span> <span className="tonight-now">{describeTonight(value)}{extra ? ` · ${extra}` : ''}</span>{' '}
        <span className="tonight-change" aria-hidden="true">{open ? 'Hide' : 'Change'}</span>
      </summary>
      <fieldset className="tonight-controls" disabled={disabled}>
        <legend className="visually-hidden">Tonight</legend>
        <p className="field-hint tonight-hint">Your next pick uses these, and they stay until you change them.</p>
        <div className="tonight-row">
          <div className="field tonight-field">
            <label htmlFor={`${id}-time`}>Time you have</label>
            <select
              id={`${id}-time`}
              value={custom ? 'custom' : value.max_minutes === null ? '' : String(value.max_minutes)}
              onChange={(e) => {
                const v = e.target.value;
                if (v === 'custom') {
                  setCustom(true);
                  if (value.max_minutes !== null) setDraft(String(value.max_minutes));
                  return;
                }
                setCustom(false);
                set({ max_minutes: v === '' ? null : Number(v) });
              }}
            >
              <option value="">Any length</option>
              {TIME_CHOICES.map((m) => (
                <option key={m} value={String(m)}>
                  {formatMinutes(m)}
                </option>
              ))}
              <option value="custom">Custom…</option>
            </select>
          </div>
          {custom && (
            <div className="field tonight-field tonight-minutes">
              <label htmlFor={`${id}-minutes`}>Minutes</label>
              <input
                id={`${id}-minutes`}
                type="number"
                inputMode="numeric"
                min={MAX_MINUTES_RANGE.min}
                max={MAX_MINUTES_RANGE.max}
                step={5}
                value={draft}
                aria-invalid={draftInvalid || undefined}
                aria-describedby={`${id}-minutes-hint`}
                onChange={(e) => {
                  setDraft(e.target.value);
                  const n = Number(e.target.value);
                  set({ max_minutes: e.target.value !== '' && minutesValid(n) ? n : null });
                }}
              />
              <p id={`${id}-minutes-hint`} className={`field-hint${draftInvalid ? ' field-error' : ''}`}>
                {draftInvalid
                  ? `Enter ${MAX_MINUTES_RANGE.min} to ${MAX_MINUTES_RANGE.max} minutes.`
                  : value.max_minutes !== null
                    ? formatMinutes(value.max_minutes)
                    : `${MAX_MINUTES_RANGE.min} to ${MAX_MINUTES_RANGE.max}`}
              </p>
            </div>
          )}
          <fieldset className="tonight-field tonight-kind">
            <legend className="tonight-label">Movie or series</legend>
            <div className="segmented">
              {KINDS.map((k) => (
                <label key={k.label} className={`segment${value.kind === k.value ? ' is-on' : ''}`}>
                  <input type="radio" name={`${id}-kind`} checked={value.kind === k.value} onChange={() => set({ kind: k.value })} />
                  <span>{k.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="field tonight-field tonight-explore">
            <label htmlFor={`${id}-explore`}>How adventurous</label>
            <input
              id={`${id}-explore`}
              type="range"
              min={0}
              max={4}
              step={1}
              value={stop}
              aria-valuetext={EXPLORATION_STOPS[stop].label}
              onChange={(e) => set({ exploration: EXPLORATION_STOPS[Number(e.target.value)]?.value ?? null })}
            />
            <div className="tonight-scale" aria-hidden="true">
              <span>Safe crowd-pleaser</span>
              <span>Deep cut</span>
            </div>
          </div>
        </div>
        {value.kind !== 'movie' && value.max_minutes !== null && (
          <label className="tonight-finish">
            <input type="checkbox" checked={value.finish_tonight} onChange={(e) => set({ finish_tonight: e.target.checked })} />
            <span>
              Finish tonight <span className="field-hint">a series you can watch to the end in <span className="nowrap">{formatMinutes(value.max_minutes)}</span></span>
            </span>
          </label>
        )}
      </fieldset>
    </details>
  );
}
