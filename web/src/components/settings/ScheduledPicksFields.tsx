/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import type { DeliveryChannel } from '@app/shared';

/** The channels a calendar user can choose; 'email' keeps the email too, so it reads as 'both'. */
export type CalendarChannel = Extract<DeliveryChannel, 'calendar' | 'both'>;
export const calendarChannelOf = (c: DeliveryChannel): CalendarChannel => (c === 'calendar' ? 'calendar' : 'both');

const CHANNELS: Array<{ value: CalendarChannel; label: string; hint: string }> = [
  { value: 'both', label: 'Calendar event and email', hint: 'A 2-hour event in your Google Calendar, and an email with the pick.' },
  { value: 'calendar', label: 'Calendar event only', hint: 'Just the event in your calendar; no email.' },
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
  return (
    <fieldset className="choice-group scheduled-picks">
      <legend>Scheduled picks</legend>
      <label className="switch">
        <input type="checkbox" checked={on} onChange={(e) => onToggle(e.target.checked)} />
        <span>
          Send me a pick on these days
          <span className="field-hint">At the time above on each chosen day, we pick a title for you and send it. Off: nothing is sent.</span>
        </span>
      </label>
      {on && channel ? (
        <fieldset className="choice-group">
          <legend>How it arrives</legend>
          {CHANNELS.map((c) => (
            <label key={c.value} className="switch">
              <input type="radio" name="delivery-channel" value={c.value} checked={channel === c.value} onChange={() => onChannel(c.value)} />
              <span>
                {c.label}
                <span className="field-hint">{c.hint}</span>
              </span>
            </label>
          ))}
          <p className="field-hint">For email only, turn auto-schedule off under Calendar integration.</p>
        </fieldset>
      ) : on ? (
        <p className="field-hint">
          It arrives by email.{paid ? ' Connect Google Calendar and turn on auto-schedule under Calendar integration to get a calendar event too.' : ''}
        </p>
      ) : null}
    </fieldset>
  );
}
