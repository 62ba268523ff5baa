/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { useEffect, useRef, useState } from 'react';
import { ALERT_TEXTS, type User } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { useCalendarStatus } from '../../hooks/useCalendarStatus';
import { ErrorState } from '../common/ErrorState';
import { Notice } from '../common/Notice';
import { PageLoading } from '../common/PageLoading';
import { SettingsSection } from './SettingsSection';
import { Icon } from '../common/Icon';

export const CALENDAR_CONNECTED_TEXT = 'Calendar connected successfully!';
export const CALENDAR_DENIED_TEXT = 'Google Calendar was not connected: access was not allowed on Google’s page. You can connect it any time.';
export const CALENDAR_RECONNECT_TEXT = 'Your Google Calendar connection has expired or was revoked. Reconnect it to keep adding your picks.';
const oauthErrorText = (error: string) =>
  error === 'access_denied' ? CALENDAR_DENIED_TEXT : `Google could not connect your calendar (${error}). Please try again.`;

export interface OAuthReturn {
  code: string | null;
  state: string | null;
  /** Google's ?error= (access_denied when the user cancels on the consent screen). */
  error: string | null;
}

interface Props {
  user: User;
  /** The calendar authorisation's return, consumed once. */
  oauth: OAuthReturn;
  onOAuthUsed: () => void;
  onUpgrade: () => void;
}

export function CalendarSection({ user, oauth, onOAuthUsed, onUpgrade }: Props) {
  const api = useApi();
  const paid = user.subscription_tier === 'paid_lifetime';
  const { data: status, error, mutate } = useCalendarStatus(paid);
  const [message, setMessage] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const used = useRef(false);

  useEffect(() => {
    const { code, state, error: denied } = oauth;
    if ((!code && !denied) || used.current) return;
    used.current = true;
    onOAuthUsed();
    if (!code) {
      setMessage({ tone: denied === 'access_denied' ? 'info' : 'error', text: oauthErrorText(denied ?? '') });
      return;
    }
    api.calendar
      .connect({ code, ...(state ? { state } : {}) })
      .then((s) => {
        void mutate(s, { revalidate: false });
        setMessage(s.has_refresh_token ? { tone: 'success', text: CALENDAR_CONNECTED_TEXT } : { tone: 'error', text: ALERT_TEXTS.calendarIncomplete });
      })
      .catch((err) => setMessage({ tone: 'error', text: errorText(err, ALERT_TEXTS.calendarIncomplete) }));
  }, [api, oauth, mutate, onOAuthUsed]);

  async function run(action: () => Promise<unknown>, failure: string) {
    setBusy(true);
    setMessage(null);
    try {
      await action();
      await mutate();
    } catch {
      setMessage({ tone: 'error', text: failure });
    } finally {
      setBusy(false);
    }
  }

  const connect = () =>
    run(async () => {
      const { authorization_url } = await api.calendar.authUrl();
      window.location.assign(authorization_url);
    }, 'Could not start the calendar connection. Please try again.');

  return (
    <SettingsSection id="calendar" title="Calendar integration">
      <p className="muted">Add your picks to Google Calendar, and let us schedule them on your chosen days.</p>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      {!paid ? (
        <div className="locked">
          <p>
            <Icon name="lock" /> Calendar integration is part of the lifetime plan.
          </p>
          <button type="button" className="btn btn-primary" onClick={onUpgrade}>
            Upgrade to Unlock
          </button>
        </div>
      ) : error ? (
        <ErrorState error={error} fallback="Could not load the calendar status." onRetry={() => void mutate()} />
      ) : !status ? (
        <PageLoading label="Loading calendar status" />
      ) : !status.available ? (
        <p>Calendar integration is not set up on this server.</p>
      ) : status.has_refresh_token && !status.needs_reconnect ? (
        <>
          <p>
            Connected{status.account_email ? <> as <strong>{status.account_email}</strong></> : null}.
          </p>
          <label className="switch">
            <input
              type="checkbox"
              checked={status.calendar_enabled}
              disabled={busy}
              onChange={(e) => void run(() => api.calendar.update({ calendar_enabled: e.target.checked }), 'Could not change auto-schedule.')}
            />
            <span>Add my picks to the calendar automatically on my chosen days</span>
          </label>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void run(() => api.calendar.disconnect(), ALERT_TEXTS.disconnectCalendar)}>
            Disconnect calendar
          </button>
        </>
      ) : (
        <>
          {status.needs_reconnect && <Notice tone="warning">{CALENDAR_RECONNECT_TEXT}</Notice>}
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void connect()}>
            {status.needs_reconnect ? 'Reconnect Google Calendar' : 'Connect Google Calendar'}
          </button>
        </>
      )}
    </SettingsSection>
  );
}
