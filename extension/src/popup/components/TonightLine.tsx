import { TIME_CHOICES } from '../../lib/shared';
import { useT } from '../../lib/useT';
import { describeTonight, formatMinutes } from '../tonight-text';
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
  const t = useT();
  const times = draft.max_minutes !== null && !(TIME_CHOICES as readonly number[]).includes(draft.max_minutes) ? [...TIME_CHOICES, draft.max_minutes].sort((a, b) => a - b) : TIME_CHOICES;
  return (
    <div className="tonight" data-state="tonight">
      <p className="tonight-now">
        <strong>{t('extension-popup.tonight.label')}</strong> <span data-tonight="summary">{describeTonight(t, { ...tonight, ...draft })}</span>
      </p>
      <div className="row">
        <label>
          <span className="visually-hidden">{t('extension-popup.tonight.timeYouHave')}</span>
          <select data-action="time" value={draft.max_minutes === null ? '' : String(draft.max_minutes)} disabled={busy} onChange={(e) => onChange({ ...draft, max_minutes: e.target.value ? Number(e.target.value) : null })}>
            <option value="">{t('extension-popup.tonight.anyLength')}</option>
            {times.map((m) => (
              <option key={m} value={String(m)}>
                {formatMinutes(t, m)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="visually-hidden">{t('extension-popup.tonight.movieOrSeries')}</span>
          <select data-action="kind" value={draft.kind ?? ''} disabled={busy} onChange={(e) => onChange({ ...draft, kind: e.target.value === 'movie' || e.target.value === 'series' ? e.target.value : null })}>
            <option value="">{t('extension-popup.tonight.movieOrSeries')}</option>
            <option value="movie">{t('extension-popup.tonight.movie')}</option>
            <option value="series">{t('extension-popup.tonight.series')}</option>
          </select>
        </label>
      </div>
    </div>
  );
}
