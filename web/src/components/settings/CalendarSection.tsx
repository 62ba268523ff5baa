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
import { Trans } from '@lingui/react';
import { useT } from '../../i18n/useT';

// The English texts as the tests quote them; the words shown come from shared/locales/settings.
export const CALENDAR_CONNECTED_TEXT = 'Calendar connected successfully!';
export const CALENDAR_DENIED_TEXT = 'Google Calendar was not connected: access was not allowed on Google’s page. You can connect it any time.';
export const CALENDAR_RECONNECT_TEXT = 'Your Google Calendar connection has expired or was revoked. Reconnect it to keep adding your picks.';

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
  const t = useT();
  const paid = user.subscription_tier === 'paid_lifetime';
  const { data: status, error, mutate } = useCalendarStatus(paid);
  // A key of shared/locales/settings (said in the language shown now), or the server's own words.
  const [message, setMessage] = useState<{ tone: 'success' | 'error' | 'info'; key?: string; values?: Record<string, string>; text?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const used = useRef(false);

  useEffect(() => {
    const { code, state, error: denied } = oauth;
    if ((!code && !denied) || used.current) return;
    used.current = true;
    onOAuthUsed();
    if (!code) {
      setMessage(
        denied === 'access_denied'
          ? { tone: 'info', key: 'settings.calendar.denied' }
          : { tone: 'error', key: 'settings.calendar.oauthFailed', values: { error: denied ?? '' } },
      );
      return;
    }
    api.calendar
      .connect({ code, ...(state ? { state } : {}) })
      .then((s) => {
        void mutate(s, { revalidate: false });
        setMessage(s.has_refresh_token ? { tone: 'success', key: 'settings.calendar.connected' } : { tone: 'error', key: 'settings.calendar.incomplete' });
      })
      .catch((err) => {
        const text = errorText(err, ALERT_TEXTS.calendarIncomplete);
        setMessage(text === ALERT_TEXTS.calendarIncomplete ? { tone: 'error', key: 'settings.calendar.incomplete' } : { tone: 'error', text });
      });
  }, [api, oauth, mutate, onOAuthUsed]);

  /** `failure`: the key of the words to show when the action fails. */
  async function run(action: () => Promise<unknown>, failure: string) {
    setBusy(true);
    setMessage(null);
    try {
      await action();
      await mutate();
    } catch {
      setMessage({ tone: 'error', key: failure });
    } finally {
      setBusy(false);
    }
  }

  const connect = () =>
    run(async () => {
      const { authorization_url } = await api.calendar.authUrl();
      window.location.assign(authorization_url);
    }, 'settings.calendar.startFailed');

  return (
    <SettingsSection id="calendar" title={t('settings.calendar.title')}>
      <p className="muted">{t('settings.calendar.intro')}</p>
      {message && <Notice tone={message.tone}>{message.key ? t(message.key, message.values) : message.text}</Notice>}
      {!paid ? (
        <div className="locked">
          <p>
            <Icon name="lock" /> {t('settings.calendar.locked')}
          </p>
          <button type="button" className="btn btn-primary" onClick={onUpgrade}>
            {t('settings.calendar.unlock')}
          </button>
        </div>
      ) : error ? (
        <ErrorState error={error} fallback={t('settings.calendar.loadFailed')} onRetry={() => void mutate()} />
      ) : !status ? (
        <PageLoading label={t('settings.calendar.loading')} />
      ) : !status.available ? (
        <p>{t('settings.calendar.unavailable')}</p>
      ) : status.has_refresh_token && !status.needs_reconnect ? (
        <>
          <p>
            {status.account_email ? (
              <Trans id="settings.calendar.connectedAs" values={{ email: status.account_email }} components={{ 0: <strong /> }} />
            ) : (
              t('settings.calendar.connectedPlain')
            )}
          </p>
          <label className="switch">
            <input
              type="checkbox"
              checked={status.calendar_enabled}
              disabled={busy}
              onChange={(e) => void run(() => api.calendar.update({ calendar_enabled: e.target.checked }), 'settings.calendar.autoFailed')}
            />
            <span>{t('settings.calendar.auto')}</span>
          </label>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void run(() => api.calendar.disconnect(), 'settings.calendar.disconnectFailed')}>
            {t('settings.calendar.disconnect')}
          </button>
        </>
      ) : (
        <>
          {status.needs_reconnect && <Notice tone="warning">{t('settings.calendar.reconnectNeeded')}</Notice>}
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void connect()}>
            {status.needs_reconnect ? t('settings.calendar.reconnect') : t('settings.calendar.connect')}
          </button>
        </>
      )}
    </SettingsSection>
  );
}
