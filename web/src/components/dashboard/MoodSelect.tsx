import { MOODS, type MoodValue } from '@app/shared';
import { useT } from '../../i18n/useT';
import { moodLabel } from './localeFormat';

export function MoodSelect({ value, onChange }: { value: MoodValue | ''; onChange: (m: MoodValue | '') => void }) {
  const t = useT();
  return (
    <div className="field field-inline">
      <label htmlFor="mood">{t('dashboard.mood.label')}</label>
      <select id="mood" value={value} onChange={(e) => onChange(e.target.value as MoodValue | '')}>
        <option value="">{t('dashboard.mood.any')}</option>
        {MOODS.map((m) => (
          <option key={m.value} value={m.value}>
            {moodLabel(m.value)}
          </option>
        ))}
      </select>
    </div>
  );
}
