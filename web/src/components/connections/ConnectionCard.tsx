// One connected app in Settings: its state, and connect / sync now / disconnect.
import { useState } from 'react';
import { CONNECTION_NAMES, type ConnectionStatus } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { Modal } from '../common/Modal';
import { Notice } from '../common/Notice';
import { MediaServerForm } from './MediaServerForm';
import { TraktConnect } from './TraktConnect';
import { WebhookSetup } from './WebhookSetup';
import { Trans, useLingui } from '@lingui/react';
import { useT, type MessageValues } from '../../i18n/useT';

interface Props {
  status: ConnectionStatus;
  onChange: (s: ConnectionStatus) => void;
}

/** "Brought in so far: 41 titles watched, 3 ratings, 812 titles in your library." (Trakt keeps no library.) */
export function connectionSummary(s: ConnectionStatus, t: (key: string, values?: MessageValues) => string): string {
  const { watched, rated, library } = s.counts;
  return s.kind === 'trakt' ? t('connections.card.summaryTrakt', { watched, rated }) : t('connections.card.summary', { watched, rated, library });
}

export function ConnectionCard({ status, onChange }: Props) {
  const api = useApi();
  const t = useT();
  const { i18n } = useLingui();
  const name = CONNECTION_NAMES[status.kind];
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function run(action: () => Promise<ConnectionStatus>, failure: string, success?: string) {
    setBusy(true);
    setMessage(null);
    try {
      const s = await action();
      onChange(s);
      if (success) setMessage({ tone: 'success', text: success });
    } catch (err) {
      setMessage({ tone: 'error', text: errorText(err, failure) });
    } finally {
      setBusy(false);
    }
  }

  const disconnect = (keep: boolean) =>
    run(() => api.connections.disconnect(status.kind, { keep }), t('connections.card.disconnectFailed', { name }), t('connections.card.disconnected', { name })).finally(() =>
      setConfirming(false),
    );

  if (!status.connected && status.available === false) {
    return <p className="muted">{t('connections.card.unavailable', { name })}</p>;
  }
  if (!status.connected) {
    return (
      <>
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
        {status.last_error && <Notice tone="warning">{status.last_error}</Notice>}
        {status.kind === 'trakt' ? (
          <TraktConnect pending={status.pending === true} onConnected={onChange} />
        ) : (
          <MediaServerForm kind={status.kind} onConnected={onChange} />
        )}
      </>
    );
  }
  return (
    <>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}
      <p>
        <Trans
          id={
            status.account_name
              ? status.server_url
                ? 'connections.card.connectedAsAt'
                : 'connections.card.connectedAs'
              : status.server_url
                ? 'connections.card.connectedAt'
                : 'connections.card.connected'
          }
          values={{ account: status.account_name ?? '', url: status.server_url ?? '' }}
          components={{ 0: <strong /> }}
        />
      </p>
      <p className="muted">
        {status.last_sync_at
          ? t('connections.card.lastSynced', { when: new Date(status.last_sync_at).toLocaleString(i18n.locale) })
          : t('connections.card.notSynced')}{' '}
        {connectionSummary(status, t)}
      </p>
      {status.last_error && <Notice tone="warning">{status.last_error}</Notice>}
      {status.webhook_url && <WebhookSetup kind={status.kind} url={status.webhook_url} template={status.webhook_template ?? null} />}
      {status.kind === 'trakt' && (
        <label className="switch">
          <input
            type="checkbox"
            checked={status.push_back}
            disabled={busy}
            onChange={(e) => void run(() => api.connections.update('trakt', { push_back: e.target.checked }), t('connections.card.settingFailed'))}
          />
          <span>{t('connections.card.pushBack')}</span>
        </label>
      )}
      <div className="connection-actions">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void run(() => api.connections.sync(status.kind), t('connections.card.syncFailed', { name }), t('connections.card.synced', { name }))}>
          {busy ? t('connections.card.syncing') : t('connections.card.sync')}
        </button>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setConfirming(true)}>
          {t('connections.card.disconnect')}
        </button>
      </div>
      {confirming && (
        <Modal title={t('connections.card.confirmTitle', { name })} onClose={() => setConfirming(false)}>
          <p>{t('connections.card.confirmBody', { name })}</p>
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
              {t('connections.card.cancel')}
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void disconnect(true)}>
              {t('connections.card.keep')}
            </button>
            <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void disconnect(false)}>
              {t('connections.card.remove')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
