/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
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

interface Props {
  status: ConnectionStatus;
  onChange: (s: ConnectionStatus) => void;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

export function connectionSummary(s: ConnectionStatus): string {
  const parts = [plural(s.counts.watched, 'title watched', 'titles watched'), plural(s.counts.rated, 'rating', 'ratings')];
  if (s.kind !== 'trakt') parts.push(plural(s.counts.library, 'title in your library', 'titles in your library'));
  return `Brought in so far: ${parts.join(', ')}.`;
}

export function ConnectionCard({ status, onChange }: Props) {
  const api = useApi();
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
    run(() => api.connections.disconnect(status.kind, { keep }), `Could not disconnect ${name}. Please try again.`, `${name} is disconnected.`).finally(() =>
      setConfirming(false),
    );

  if (!status.connected && status.available === false) {
    return <p className="muted">{name} is not set up on this server.</p>;
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
        Connected{status.account_name ? <> as <strong>{status.account_name}</strong></> : null}
        {status.server_url ? <> at {status.server_url}</> : null}.
      </p>
      <p className="muted">
        {status.last_sync_at ? `Last synced ${new Date(status.last_sync_at).toLocaleString()}. ` : 'Not synced yet. '}
        {connectionSummary(status)}
      </p>
      {status.last_error && <Notice tone="warning">{status.last_error}</Notice>}
      {status.webhook_url && <WebhookSetup kind={status.kind} url={status.webhook_url} template={status.webhook_template ?? null} />}
      {status.kind === 'trakt' && (
        <label className="switch">
          <input
            type="checkbox"
            checked={status.push_back}
            disabled={busy}
            onChange={(e) => void run(() => api.connections.update('trakt', { push_back: e.target.checked }), 'Could not change this setting.')}
          />
          <span>Send my likes, dislikes and watched titles back to Trakt</span>
        </label>
      )}
      <div className="connection-actions">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void run(() => api.connections.sync(status.kind), `Could not sync ${name}. Please try again.`, `${name} is synced.`)}>
          {busy ? 'Syncing…' : 'Sync now'}
        </button>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setConfirming(true)}>
          Disconnect
        </button>
      </div>
      {confirming && (
        <Modal title={`Disconnect ${name}?`} onClose={() => setConfirming(false)}>
          <p>We forget the {name} sign-in at once. The titles it marked watched and rated can stay in your history, or go with it.</p>
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void disconnect(true)}>
              Disconnect, keep my history
            </button>
            <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void disconnect(false)}>
              Disconnect and remove what it brought in
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
