/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { MOODS, type MoodValue } from '@app/shared';

export function MoodSelect({ value, onChange }: { value: MoodValue | ''; onChange: (m: MoodValue | '') => void }) {
  return (
    <div className="field field-inline">
      <label htmlFor="mood">Mood for the next pick</label>
      <select id="mood" value={value} onChange={(e) => onChange(e.target.value as MoodValue | '')}>
        <option value="">Any mood</option>
        {MOODS.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </select>
    </div>
  );
}
