import { useEffect, useState, type FormEvent, type MouseEvent } from 'react';
import type { Recommendation } from '@app/shared';
import {
  DEFAULT_TIMEZONE,
  SCHEDULE_DEFAULTS,
  ApiError,
  featuredZoneName,
  isKnownTimezone,
  pickCalendarUrl,
  prefillSchedule,
  timezoneOptions,
  todayIn,
  type ApiClient,
} from '../../lib/shared';
import { downloadText } from '../../lib/download';
import { openTab } from '../../lib/tabs';
import { useT } from '../../lib/useT';

/** A known zone under the name the list shows (Asia/Calcutta is listed as Asia/Kolkata). */
const listed = (tz: string | undefined): string | null => (isKnownTimezone(tz) ? featuredZoneName(tz) : null);

function browserTimezone(): string {
  return listed(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? DEFAULT_TIMEZONE;
}

/** The web dialog's defaults (docs/product-decisions.md): the profile's zone, and the next date and time it is due (later tonight when the profile's time has passed). */
function defaults(profile?: { recommendation_time: string; timezone: string; selected_days: number[] }) {
  const time = profile?.recommendation_time ?? SCHEDULE_DEFAULTS.recommendationTime;
  const timezone = listed(profile?.timezone) ?? browserTimezone();
  return { timezone, ...prefillSchedule({ now: new Date(), timezone, time, days: profile?.selected_days ?? SCHEDULE_DEFAULTS.selectedDays }) };
}

interface Props {
  api: ApiClient;
  pick: Recommendation;
  /** The lifetime plan adds to the connected calendar; the free plan gets Google's event page instead. */
  lifetime: boolean;
  serverUrl: string;
  onMessage: (message: string | null) => void;
}

/**
 * Date, time and timezone prefilled like the web dialog; then the .ics file and Google's event page
 * for everyone, and "Add to calendar" (the connected calendar) on the lifetime plan only: the free
 * plan sees it as a lifetime feature, not as a button that fails (docs/product-decisions.md).
 */
export function ScheduleForm({ api, pick, lifetime, serverUrl, onMessage }: Props) {
  const t = useT();
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

  if (!form) return <p className="schedule" role="status">{t('extension-popup.schedule.loading')}</p>;
  const { date, time, timezone } = form;
  // Editing a field answers the last message ("Please select a date", "downloaded"): it no longer holds.
  const set = (k: 'date' | 'time' | 'timezone') => (v: string) => {
    onMessage(null);
    setForm({ ...form, [k]: v });
  };

  function request() {
    if (!date) {
      onMessage(t('extension-popup.alert.selectDate'));
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
      onMessage(t('extension-popup.schedule.downloaded'));
    } catch (err) {
      onMessage(err instanceof ApiError && err.status === 400 ? err.detail : t('extension-popup.alert.downloadCalendar'));
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
      onMessage(t('extension-popup.alert.addToCalendar'));
    }
    setBusy(false);
  }

  const googleUrl = pickCalendarUrl(pick, { date: date || todayIn(timezone), time, timezone, appUrl: `${serverUrl}/app/dashboard` });
  function openGoogle(e: MouseEvent) {
    // A new tab from the popup, like its other links; only with a date, as the .ics.
    e.preventDefault();
    if (!request()) return;
    void openTab(googleUrl);
  }

  return (
    <form className="schedule" onSubmit={download} aria-label={t('extension-popup.actions.schedule')}>
      <label>
        {t('extension-popup.schedule.date')}
        <input type="date" data-field="date" value={date} min={todayIn(timezone)} onChange={(e) => set('date')(e.target.value)} />
      </label>
      <label>
        {t('extension-popup.schedule.time')}
        <input type="time" data-field="time" value={time} onChange={(e) => set('time')(e.target.value)} required />
      </label>
      <label>
        {t('extension-popup.schedule.timezone')}
        {/* Every IANA zone, the 12 featured zones first; a native select finds one by typing its first letters. */}
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
          {t('extension-popup.schedule.downloadIcs')}
        </button>
        <a className={`button-link${lifetime ? '' : ' primary'}`} data-action="google-calendar" href={googleUrl} target="_blank" rel="noopener noreferrer" onClick={openGoogle}>
          {t('extension-popup.schedule.googleCalendar')}
        </a>
        {lifetime && (
          <button type="button" data-action="add-to-calendar" onClick={() => void addToCalendar()} disabled={busy}>
            {t('extension-popup.schedule.addToCalendar')}
          </button>
        )}
      </div>
      {!lifetime && (
        <p className="hint schedule-lifetime" data-state="calendar-lifetime">
          {t('extension-popup.schedule.lifetimeFeature')}{' '}
          <button type="button" className="link" data-action="see-lifetime" onClick={() => void openTab(`${serverUrl}/app/settings?upgrade=true&section=calendar`)}>
            {t('extension-popup.schedule.seeLifetime')}
          </button>
        </p>
      )}
    </form>
  );
}
