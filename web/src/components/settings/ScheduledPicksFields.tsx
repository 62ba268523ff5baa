import type { DeliveryChannel } from '@app/shared';
import { useT } from '../../i18n/useT';

/** The channels a calendar user can choose; 'email' keeps the email too, so it reads as 'both'. */
export type CalendarChannel = Extract<DeliveryChannel, 'calendar' | 'both'>;
export const calendarChannelOf = (c: DeliveryChannel): CalendarChannel => (c === 'calendar' ? 'calendar' : 'both');

/** Each channel with the keys of its label and hint (shared/locales/settings). */
const CHANNELS: Array<{ value: CalendarChannel; label: string; hint: string }> = [
  { value: 'both', label: 'settings.scheduled.both', hint: 'settings.scheduled.bothHint' },
  { value: 'calendar', label: 'settings.scheduled.calendarOnly', hint: 'settings.scheduled.calendarOnlyHint' },
];

interface Props {
  on: boolean;
  onToggle: (on: boolean) => void;
  /** null: the calendar cannot carry picks (not lifetime, not connected, or auto-schedule off). */
  channel: CalendarChannel | null;
  onChannel: (c: CalendarChannel) => void;
  /** Lifetime users without a working calendar are told how to get one. */
  paid: boolean;
}

/**
 * Part of the profile form: whether the server sends a pick on the chosen days, and (for calendar
 * users) whether it comes as a calendar event, an email, or both. Matches the scheduler: with
 * auto-schedule on the event is always made, and the channel only decides about the email.
 */
export function ScheduledPicksFields({ on, onToggle, channel, onChannel, paid }: Props) {
  const t = useT();
  return (
    <fieldset className="choice-group scheduled-picks">
      <legend>{t('settings.scheduled.title')}</legend>
      <label className="switch">
        <input type="checkbox" checked={on} onChange={(e) => onToggle(e.target.checked)} />
        <span>
          {t('settings.scheduled.send')}
          <span className="field-hint">{t('settings.scheduled.sendHint')}</span>
        </span>
      </label>
      {on && channel ? (
        <fieldset className="choice-group">
          <legend>{t('settings.scheduled.how')}</legend>
          {CHANNELS.map((c) => (
            <label key={c.value} className="switch">
              <input type="radio" name="delivery-channel" value={c.value} checked={channel === c.value} onChange={() => onChannel(c.value)} />
              <span>
                {t(c.label)}
                <span className="field-hint">{t(c.hint)}</span>
              </span>
            </label>
          ))}
          <p className="field-hint">{t('settings.scheduled.emailOnly')}</p>
        </fieldset>
      ) : on ? (
        <p className="field-hint">
          {paid ? t('settings.scheduled.byEmailPaid') : t('settings.scheduled.byEmail')}
        </p>
      ) : null}
    </fieldset>
  );
}
