// Trakt by its device flow: we show the code and the page to enter it on, and ask Trakt every few
// seconds (as it says) until the user has approved it there or the code expires.
import { useEffect, useRef, useState } from 'react';
import type { ConnectionStatus, DeviceCodeResponse } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { Notice } from '../common/Notice';
import { Trans } from '@lingui/react';
import { useT } from '../../i18n/useT';

export function TraktConnect({ pending, onConnected }: { pending: boolean; onConnected: (s: ConnectionStatus) => void }) {
  const api = useApi();
  const t = useT();
  // The latest translations, read by the polling without restarting it.
  const words = useRef(t);
  words.current = t;
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
        setError(words.current('connections.trakt.expired'));
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
          setError(errorText(err, words.current('connections.trakt.refused')));
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
      setError(errorText(err, t('connections.trakt.startFailed')));
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
            <Trans
              id="connections.trakt.goTo"
              values={{ url: device.verification_url }}
              components={{ 0: <a href={device.verification_url} target="_blank" rel="noreferrer" /> }}
            />
          </p>
          <p className="device-code-value">
            <strong>{device.user_code}</strong>
          </p>
          <p className="muted">{t('connections.trakt.waiting')}</p>
        </div>
      ) : (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void start()}>
          {pending ? t('connections.trakt.newCode') : t('connections.trakt.connect')}
        </button>
      )}
    </>
  );
}
