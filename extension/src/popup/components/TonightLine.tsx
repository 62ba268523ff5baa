/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { TIME_CHOICES, describeTonight, formatMinutes } from '../../lib/shared';
import type { TonightConstraints } from '@app/shared';

export type TonightDraft = Pick<TonightConstraints, 'max_minutes' | 'kind'>;

interface Props {
  /** The remembered constraints (GET /api/settings/profile). */
  tonight: TonightConstraints;
  draft: TonightDraft;
  onChange: (next: TonightDraft) => void;
  busy: boolean;
}

/**
 * Tonight's constraints in one line, and the two a popup user changes most: the time and the
 * kind, sent with the next pick (the server remembers them). The rest lives on the web card.
 */
export function TonightLine({ tonight, draft, onChange, busy }: Props) {
  // A custom time chosen on the web stays a choice here.
  const times = draft.max_minutes !== null && !(TIME_CHOICES as readonly number[]).includes(draft.max_minutes) ? [...TIME_CHOICES, draft.max_minutes].sort((a, b) => a - b) : TIME_CHOICES;
  return (
    <div className="tonight" data-state="tonight">
      <p className="tonight-now">
        <strong>Tonight:</strong> <span data-tonight="summary">{describeTonight({ ...tonight, ...draft })}</span>
      </p>
      <div className="row">
        <label>
          <span className="visually-hidden">Time you have</span>
          <select data-action="time" value={draft.max_minutes === null ? '' : String(draft.max_minutes)} disabled={busy} onChange={(e) => onChange({ ...draft, max_minutes: e.target.value ? Number(e.target.value) : null })}>
            <option value="">Any length</option>
            {times.map((m) => (
              <option key={m} value={String(m)}>
                {formatMinutes(m)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="visually-hidden">Movie or series</span>
          <select data-action="kind" value={draft.kind ?? ''} disabled={busy} onChange={(e) => onChange({ ...draft, kind: e.target.value === 'movie' || e.target.value === 'series' ? e.target.value : null })}>
            <option value="">Movie or series</option>
            <option value="movie">Movie</option>
            <option value="series">Series</option>
          </select>
        </label>
      </div>
    </div>
  );
}
