import { useEffect, useState, type FormEvent } from 'react';
import type { Recommendation } from '@app/shared';
import { ALERT_TEXTS, DEFAULT_TIMEZONE, SCHEDULE_DEFAULTS, ApiError, isKnownTimezone, prefillDate, timezoneOptions, todayIn, type ApiClient } from '../../lib/shared';
import { downloadText } from '../../lib/download';

function browserTimezone(): string {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isKnownTimezone(tz) ? tz : DEFAULT_TIMEZONE;
}

/** The web dialog's defaults (docs/product-decisions.md): the profile's time and zone, and the next date it is due. */
function defaults(profile?: { recommendation_time: string; timezone: string; selected_days: number[] }) {
  const time = profile?.recommendation_time ?? SCHEDULE_DEFAULTS.recommendationTime;
  const timezone = isKnownTimezone(profile?.timezone) ? profile.timezone : browserTimezone();
  return { time, timezone, date: prefillDate({ now: new Date(), timezone, time, days: profile?.selected_days ?? SCHEDULE_DEFAULTS.selectedDays }) };
}

interface Props {
  api: ApiClient;
  pick: Recommendation;
  onMessage: (message: string | null) => void;
}

export function ScheduleForm({ api, pick, onMessage }: Props) {
  const [form, setForm] = useState<{ date: string; time: string; timezone: string } | null>(null);
  const [busy, setBusy] = useState(false);

  // The form waits for the profile, so it never shows a default the user has already changed.
  useEffect(() => {
    let live = true;
    api.settings.profile().then(
      (p) => live && setForm(defaults(p)),
      () => live && setForm(defaults()),
    );
    return () => {
      live = false;
    };
  }, [api]);

  if (!form) return <p className="schedule" role="status">Loading your schedule…</p>;
  const { date, time, timezone } = form;
  const set = (k: 'date' | 'time' | 'timezone') => (v: string) => setForm({ ...form, [k]: v });

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
        <input type="date" data-field="date" value={date} min={todayIn(timezone)} onChange={(e) => set('date')(e.target.value)} />
      </label>
      <label>
        Time
        <input type="time" data-field="time" value={time} onChange={(e) => set('time')(e.target.value)} required />
      </label>
      <label>
        Timezone
        {/* Every IANA zone, the spec's 12 first; a native select finds one by typing its first letters. */}
        <select data-field="timezone" value={timezone} onChange={(e) => set('timezone')(e.target.value)}>
          {timezoneOptions().map((t) => (
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
