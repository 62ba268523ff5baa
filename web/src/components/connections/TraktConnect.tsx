/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
// Trakt by its device flow: we show the code and the page to enter it on, and ask Trakt every few
// seconds (as it says) until the user has approved it there or the code expires.
import { useEffect, useRef, useState } from 'react';
import type { ConnectionStatus, DeviceCodeResponse } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { Notice } from '../common/Notice';

export function TraktConnect({ pending, onConnected }: { pending: boolean; onConnected: (s: ConnectionStatus) => void }) {
  const api = useApi();
  const [device, setDevice] = useState<DeviceCodeResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The latest callback, so a parent's re-render does not restart the polling.
  const connected = useRef(onConnected);
  connected.current = onConnected;

  useEffect(() => {
    if (!device) return;
    let stopped = false;
    const timer = window.setInterval(() => {
      if (new Date(device.expires_at).getTime() < Date.now()) {
        setDevice(null);
        setError('The code expired before Trakt was approved. Start again to get a new one.');
        return;
      }
      api.connections
        .devicePoll()
        .then((s) => {
          if (!stopped && s.connected) {
            setDevice(null);
            connected.current(s);
          }
        })
        .catch((err) => {
          if (stopped) return;
          setDevice(null);
          setError(errorText(err, 'Trakt did not approve the connection. Please try again.'));
        });
    }, Math.max(device.interval, 1) * 1000);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [api, device]);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      setDevice(await api.connections.device());
    } catch (err) {
      setError(errorText(err, 'Could not start the Trakt connection. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {error && <Notice tone="error">{error}</Notice>}
      {device ? (
        <div className="device-code" role="status">
          <p>
            Go to{' '}
            <a href={device.verification_url} target="_blank" rel="noreferrer">
              {device.verification_url}
            </a>{' '}
            and enter this code:
          </p>
          <p className="device-code-value">
            <strong>{device.user_code}</strong>
          </p>
          <p className="muted">Waiting for Trakt… This page moves on by itself once you approve it.</p>
        </div>
      ) : (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void start()}>
          {pending ? 'Get a new Trakt code' : 'Connect Trakt'}
        </button>
      )}
    </>
  );
}
