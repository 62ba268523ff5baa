import { useId, useState } from 'react';
import { Trans } from '@lingui/react';
import { EXPLORATION_STOPS, MAX_MINUTES_RANGE, TIME_CHOICES, explorationStop, type TonightConstraints } from '@app/shared';
import { useT } from '../../i18n/useT';
import { formatInteger, formatMinutes } from './localeFormat';

const KINDS = [
  { value: null, key: 'dashboard.tonight.either' },
  { value: 'movie', key: 'dashboard.tonight.movie' },
  { value: 'series', key: 'dashboard.tonight.series' },
] as const;

/** The exploration dial's five stops (EXPLORATION_STOPS), by position. */
const STOP_KEYS = [
  'dashboard.tonight.stopSafe',
  'dashboard.tonight.stopMostlySafe',
  'dashboard.tonight.stopBalanced',
  'dashboard.tonight.stopOffBeaten',
  'dashboard.tonight.stopDeepCut',
] as const;

/**
 * One line for the card: "1 h 40 · Movie · Deep cut". Only what is set; with nothing set, "Any
 * length · Movie or series" (shared/src/tonight.ts's describeTonight, in the active language).
 */
function describe(t: ReturnType<typeof useT>, v: TonightConstraints): string {
  const parts = [v.max_minutes === null ? t('dashboard.tonight.anyLength') : formatMinutes(v.max_minutes)];
  parts.push(v.kind === 'movie' ? t('dashboard.tonight.movie') : v.kind === 'series' ? t('dashboard.tonight.series') : t('dashboard.tonight.movieOrSeries'));
  if (v.finish_tonight && v.max_minutes !== null && v.kind !== 'movie') parts.push(t('dashboard.tonight.finish'));
  if (v.exploration !== null) {
    const stop = explorationStop(v.exploration);
    if (EXPLORATION_STOPS[stop].value !== null) parts.push(t(STOP_KEYS[stop]));
  }
  return parts.join(' · ');
}

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
  const t = useT();
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
  const range = { min: formatInteger(MAX_MINUTES_RANGE.min), max: formatInteger(MAX_MINUTES_RANGE.max) };

  return (
    <details className="tonight" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span className="tonight-title">{t('dashboard.tonight.title')}</span> <span className="tonight-now">{describe(t, value)}{extra ? ` · ${extra}` : ''}</span>{' '}
        <span className="tonight-change" aria-hidden="true">{open ? t('dashboard.tonight.hide') : t('dashboard.tonight.change')}</span>
      </summary>
      <fieldset className="tonight-controls" disabled={disabled}>
        <legend className="visually-hidden">{t('dashboard.tonight.title')}</legend>
        <p className="field-hint tonight-hint">{t('dashboard.tonight.hint')}</p>
        <div className="tonight-row">
          <div className="field tonight-field">
            <label htmlFor={`${id}-time`}>{t('dashboard.tonight.time')}</label>
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
              <option value="">{t('dashboard.tonight.anyLength')}</option>
              {TIME_CHOICES.map((m) => (
                <option key={m} value={String(m)}>
                  {formatMinutes(m)}
                </option>
              ))}
              <option value="custom">{t('dashboard.tonight.custom')}</option>
            </select>
          </div>
          {custom && (
            <div className="field tonight-field tonight-minutes">
              <label htmlFor={`${id}-minutes`}>{t('dashboard.tonight.minutes')}</label>
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
                  ? t('dashboard.tonight.minutesInvalid', range)
                  : value.max_minutes !== null
                    ? formatMinutes(value.max_minutes)
                    : t('dashboard.tonight.minutesRange', range)}
              </p>
            </div>
          )}
          <fieldset className="tonight-field tonight-kind">
            <legend className="tonight-label">{t('dashboard.tonight.movieOrSeries')}</legend>
            <div className="segmented">
              {KINDS.map((k) => (
                <label key={k.key} className={`segment${value.kind === k.value ? ' is-on' : ''}`}>
                  <input type="radio" name={`${id}-kind`} checked={value.kind === k.value} onChange={() => set({ kind: k.value })} />
                  <span>{t(k.key)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="field tonight-field tonight-explore">
            <label htmlFor={`${id}-explore`}>{t('dashboard.tonight.adventurous')}</label>
            <input
              id={`${id}-explore`}
              type="range"
              min={0}
              max={4}
              step={1}
              value={stop}
              aria-valuetext={t(STOP_KEYS[stop])}
              onChange={(e) => set({ exploration: EXPLORATION_STOPS[Number(e.target.value)]?.value ?? null })}
            />
            <div className="tonight-scale" aria-hidden="true">
              <span>{t('dashboard.tonight.stopSafe')}</span>
              <span>{t('dashboard.tonight.stopDeepCut')}</span>
            </div>
          </div>
        </div>
        {value.kind !== 'movie' && value.max_minutes !== null && (
          <label className="tonight-finish">
            <input type="checkbox" checked={value.finish_tonight} onChange={(e) => set({ finish_tonight: e.target.checked })} />
            <span>
              {t('dashboard.tonight.finish')}{' '}
              <span className="field-hint">
                <Trans id="dashboard.tonight.finishHint" values={{ time: formatMinutes(value.max_minutes) }} components={{ 0: <span className="nowrap" /> }} />
              </span>
            </span>
          </label>
        )}
      </fieldset>
    </details>
  );
}
