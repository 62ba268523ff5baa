import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import type { UpdateProfileRequest, User } from '@app/shared';
import { useCalendarStatus } from '../../hooks/useCalendarStatus';
import { ChoiceGroup } from '../common/ChoiceGroup';
import { Notice } from '../common/Notice';
import { SettingsSection } from './SettingsSection';
import { TimezoneSelect } from '../common/TimezoneSelect';
import { CountrySelect, browserCountry } from '../common/CountrySelect';
import { ScheduledPicksFields, calendarChannelOf, type CalendarChannel } from './ScheduledPicksFields';
import { useDraft } from '../../hooks/useDraft';
import { useT } from '../../i18n/useT';
import { weekdayNames } from './weekdays';

type Save = (body: UpdateProfileRequest) => Promise<unknown>;

interface ProfileForm {
  fullName: string;
  days: string[];
  time: string;
  timezone: string;
  country: string;
  emailDelivery: boolean;
  channel: CalendarChannel;
}

/** Full name, days (at least one stays selected), time, timezone and how scheduled picks arrive. */
export function ProfileSection({ user, save }: { user: User; save: Save }) {
  const t = useT();
  const { i18n } = useLingui();
  const paid = user.subscription_tier === 'paid_lifetime';
  // The same SWR entry as the calendar section, so connecting or switching auto-schedule shows here at once.
  const { data: cal } = useCalendarStatus(paid);
  const calendarOn = Boolean(cal?.available && cal.has_refresh_token && cal.calendar_enabled && !cal.needs_reconnect);
  // The form follows the server's profile until the user edits it (hooks/useDraft.ts).
  const { draft: f, edit, saved } = useDraft<ProfileForm>({
    fullName: user.full_name ?? '',
    days: user.selected_days.map(String),
    time: user.recommendation_time,
    timezone: user.timezone,
    // Not chosen yet (an account from before countries): the browser's, saved with the form.
    country: user.country ?? browserCountry(),
    emailDelivery: user.email_delivery,
    channel: calendarChannelOf(user.delivery_channel),
  });
  const set = <K extends keyof ProfileForm>(k: K) => (v: ProfileForm[K]) => edit({ ...f, [k]: v });
  const { fullName, days, time, timezone, country, emailDelivery, channel } = f;
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await save({
        full_name: fullName.trim() || null,
        selected_days: days.map(Number).sort(),
        recommendation_time: time,
        timezone,
        ...(country ? { country } : {}),
        email_delivery: emailDelivery,
        // Only a user who saw the choice changes it; the server falls back to email for the rest.
        ...(calendarOn ? { delivery_channel: channel } : {}),
      });
      saved();
      setMessage({ tone: 'success', text: t('settings.profile.saved') });
    } catch {
      setMessage({ tone: 'error', text: t('settings.common.updateFailed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection id="profile" title={t('settings.profile.title')}>
      <form className="form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="profile-email">{t('settings.profile.email')}</label>
          <input id="profile-email" type="email" value={user.email} readOnly disabled />
        </div>
        <div className="field">
          <label htmlFor="profile-name">{t('settings.profile.fullName')}</label>
          <input id="profile-name" type="text" autoComplete="name" maxLength={100} value={fullName} onChange={(e) => set('fullName')(e.target.value)} />
        </div>
        <ChoiceGroup
          name="day"
          legend={t('settings.profile.days')}
          hint={t('settings.profile.daysHint')}
          choices={weekdayNames(i18n.locale).map((d, i) => ({ value: String(i + 1), label: d }))}
          selected={days}
          onChange={set('days')}
          keepAtLeast={1}
        />
        <div className="field-row">
          <div className="field">
            <label htmlFor="profile-time">{t('settings.profile.time')}</label>
            <input id="profile-time" type="time" required value={time} onChange={(e) => set('time')(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="profile-timezone">{t('settings.profile.timezone')}</label>
            <TimezoneSelect id="profile-timezone" value={timezone} onChange={set('timezone')} />
          </div>
        </div>
        <div className="field">
          <label htmlFor="profile-country">{t('settings.profile.country')}</label>
          <CountrySelect id="profile-country" value={country} onChange={set('country')} describedBy="profile-country-hint" />
          <span id="profile-country-hint" className="field-hint">
            {user.country ? t('settings.profile.countryHint') : t('settings.profile.countryUnsaved')}
          </span>
        </div>
        <ScheduledPicksFields on={emailDelivery} onToggle={set('emailDelivery')} channel={calendarOn ? channel : null} onChannel={set('channel')} paid={paid} />
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
        <button type="submit" className="btn btn-primary" disabled={busy || days.length === 0}>
          {busy ? t('settings.common.saving') : t('settings.profile.save')}
        </button>
      </form>
    </SettingsSection>
  );
}
