import { useState, type FormEvent } from 'react';
import type { Recommendation } from '@app/shared';
import { ALERT_TEXTS, DEFAULT_TIMEZONE, SCHEDULE_DEFAULTS, TIMEZONE_CHOICES, ApiError, type ApiClient } from '../../lib/shared';
import { downloadText } from '../../lib/download';

function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function defaultTimezone(): string {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return TIMEZONE_CHOICES.some((c) => c.value === tz) ? tz : DEFAULT_TIMEZONE;
}

interface Props {
  api: ApiClient;
  pick: Recommendation;
  onMessage: (message: string | null) => void;
}

export function ScheduleForm({ api, pick, onMessage }: Props) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState<string>(SCHEDULE_DEFAULTS.recommendationTime);
  const [timezone, setTimezone] = useState(defaultTimezone);
  const [busy, setBusy] = useState(false);

  function request() {
    if (!date) {
      onMessage(ALERT_TEXTS.selectDate);
      return null;
    }
    onMessage(null);
    return { recommendation_id: pick.id, date, time, timezone };
  }

  async function download(e: FormEvent) {
    e.preventDefault();
    const q = request();
    if (!q) return;
    setBusy(true);
    try {
      const file = await api.recommendations.downloadIcs(q);
      downloadText(file.filename, file.text, file.contentType || 'text/calendar');
      onMessage('Calendar file downloaded.');
    } catch (err) {
      onMessage(err instanceof ApiError && err.status === 400 ? err.detail : ALERT_TEXTS.downloadCalendar);
    }
    setBusy(false);
  }

  async function addToCalendar() {
    const q = request();
    if (!q) return;
    setBusy(true);
    try {
      const r = await api.recommendations.addToCalendar(q);
      onMessage(r.message);
    } catch {
      onMessage(ALERT_TEXTS.addToCalendar);
    }
    setBusy(false);
  }

  return (
    <form className="schedule" onSubmit={download} aria-label="Schedule">
      <label>
        Date
        <input type="date" data-field="date" value={date} min={localToday()} onChange={(e) => setDate(e.target.value)} />
      </label>
      <label>
        Time
        <input type="time" value={time} onChange={(e) => setTime(e.target.value)} required />
      </label>
      <label>
        Timezone
        <select value={timezone} onChange={(e) => setTimezone(e.target.value)}>
          {TIMEZONE_CHOICES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      <div className="row">
        <button type="submit" data-action="download-ics" disabled={busy}>
          Download .ics
        </button>
        <button type="button" data-action="add-to-calendar" onClick={() => void addToCalendar()} disabled={busy}>
          Add to calendar
        </button>
      </div>
    </form>
  );
}
