import { useState, type FormEvent } from 'react';
import { Link } from '../common/Link';
import { ALERT_TEXTS, ApiError, SCHEDULE_DEFAULTS, pickCalendarUrl, type Recommendation } from '@app/shared';
import { useApi, useSession } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { Modal } from '../common/Modal';
import { Notice } from '../common/Notice';
import { TimezoneSelect } from '../common/TimezoneSelect';
import { Icon } from '../common/Icon';
import '../../styles/forms.css';
import { defaultTimezone, prefillSchedule, scheduleError, todayIn } from '../common/scheduleRules';
import { saveFile } from '../common/saveFile';
import { useT } from '../../i18n/useT';

type Outcome = { tone: 'success' | 'error'; text: string; link?: string | null; reconnect?: boolean } | null;

/**
 * The server's words when they help (reconnect, a past date, Google unreachable); when the plan or
 * the server does not allow the calendar at all (403, 503), the text that points to settings.
 */
function calendarFailure(err: unknown, fallback: string): Outcome {
  const specific = err instanceof ApiError && err.status !== 403 && err.status !== 503;
  return { tone: 'error', text: specific ? errorText(err, fallback) : fallback, reconnect: err instanceof ApiError && err.body?.code === 'calendar_reconnect' };
}

/**
 * Date, time and timezone, prefilled from the profile (docs/product-decisions.md); then Google's
 * event page or an .ics file for everyone, and the connected calendar for the lifetime plan.
 */
export function ScheduleDialog({ rec, onClose, now = new Date() }: { rec: Recommendation; onClose: () => void; now?: Date }) {
  const t = useT();
  const api = useApi();
  const { user } = useSession();
  const paid = user?.subscription_tier === 'paid_lifetime';
  const [timezone, setTimezone] = useState(defaultTimezone(user?.timezone));
  // Tonight at the profile's time, or later tonight when that has passed (shared/src/schedule.ts).
  const [first] = useState(() =>
    prefillSchedule({ now, timezone, time: user?.recommendation_time || SCHEDULE_DEFAULTS.recommendationTime, days: user?.selected_days ?? SCHEDULE_DEFAULTS.selectedDays }),
  );
  const [time, setTime] = useState(first.time);
  const [date, setDate] = useState(first.date);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState<'calendar' | 'ics' | null>(null);

  function check(): boolean {
    const problem = scheduleError(date, timezone);
    // The rule's words (scheduleRules.ts), in the active language.
    if (problem) setOutcome({ tone: 'error', text: problem === ALERT_TEXTS.selectDate ? t('dashboard.schedule.selectDate') : t('dashboard.schedule.pastDate') });
    return !problem;
  }

  async function addToCalendar(e: FormEvent) {
    e.preventDefault();
    // Only the lifetime plan has the connected calendar; Enter elsewhere does nothing.
    if (!paid || !check()) return;
    setBusy('calendar');
    setOutcome(null);
    try {
      const r = await api.recommendations.addToCalendar({ recommendation_id: rec.id, date, time, timezone });
      setOutcome({ tone: 'success', text: r.message, link: r.event_link });
    } catch (err) {
      setOutcome(calendarFailure(err, t('dashboard.schedule.addFailed')));
    } finally {
      setBusy(null);
    }
  }

  async function downloadIcs() {
    if (!check()) return;
    setBusy('ics');
    setOutcome(null);
    try {
      const f = await api.recommendations.downloadIcs({ recommendation_id: rec.id, date, time, timezone });
      saveFile(f.filename, f.contentType, f.text);
      setOutcome({ tone: 'success', text: t('dashboard.schedule.downloaded', { filename: f.filename }) });
    } catch {
      setOutcome({ tone: 'error', text: t('dashboard.schedule.downloadFailed') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal title={t('dashboard.schedule.title', { title: rec.movie_title })} onClose={onClose}>
      <form className="form" onSubmit={addToCalendar} noValidate>
        <div className="field">
          <label htmlFor="schedule-date">{t('dashboard.schedule.date')}</label>
          <input id="schedule-date" type="date" value={date} min={todayIn(timezone)} onChange={(e) => setDate(e.target.value)} />
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor="schedule-time">{t('dashboard.schedule.time')}</label>
            <input id="schedule-time" type="time" value={time} required onChange={(e) => setTime(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="schedule-timezone">{t('dashboard.schedule.timezone')}</label>
            <TimezoneSelect id="schedule-timezone" value={timezone} onChange={setTimezone} />
          </div>
        </div>
        {outcome && (
          <Notice tone={outcome.tone}>
            {outcome.text}{' '}
            {outcome.link && (
              <a href={outcome.link} target="_blank" rel="noopener noreferrer">{t('dashboard.schedule.openEvent')}</a>
            )}
            {outcome.reconnect && <Link to="/app/settings?section=calendar">{t('dashboard.schedule.reconnect')}</Link>}
          </Notice>
        )}
        <div className="modal-actions schedule-actions">
          <button type="button" className="btn btn-secondary" onClick={() => void downloadIcs()} disabled={busy !== null}>
            {busy === 'ics' ? t('dashboard.schedule.preparing') : t('dashboard.schedule.downloadIcs')}
          </button>
          <a
            className={`btn ${paid ? 'btn-secondary' : 'btn-primary'}`}
            href={pickCalendarUrl(rec, { date: date || todayIn(timezone, now), time, timezone, appUrl: `${window.location.origin}/app/dashboard` })}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(e) => {
              if (!check()) e.preventDefault();
            }}
          >
            {t('dashboard.schedule.google')}<span className="visually-hidden"> {t('dashboard.schedule.googleNewTab')}</span>
          </a>
          {paid && (
            <button type="submit" className="btn btn-primary" disabled={busy !== null}>
              {busy === 'calendar' ? t('dashboard.schedule.adding') : t('dashboard.schedule.add')}
            </button>
          )}
        </div>
        {!paid && (
          <p className="schedule-lifetime muted">
            <Icon name="lock" /> {t('dashboard.schedule.lifetime')}{' '}
            <Link to="/app/settings?upgrade=true&section=calendar">{t('dashboard.schedule.seeLifetime')}</Link>
          </p>
        )}
      </form>
    </Modal>
  );
}
