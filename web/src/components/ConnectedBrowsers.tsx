// Settings > Connected browsers: the browser extensions signed in to this account, each with a
// Revoke button. Revoking signs that extension out at its next request.
import { useCallback, useEffect, useState } from 'react';
import type { ConnectedBrowser } from '@app/shared';
import { useApi } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { Notice } from './Notice';
import { SettingsSection } from './SettingsSection';
import '../styles/extension.css';

function when(iso: string | null): string {
  if (!iso) return 'never';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function ConnectedBrowsers() {
  const api = useApi();
  const [browsers, setBrowsers] = useState<ConnectedBrowser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setBrowsers((await api.extension.connectedBrowsers()).browsers);
      setError(null);
    } catch (err) {
      setError(errorText(err, 'Could not load your connected browsers.'));
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  async function revoke(b: ConnectedBrowser) {
    setRevoking(b.id);
    setError(null);
    try {
      await api.extension.revoke(b.id);
      setBrowsers((list) => list?.filter((x) => x.id !== b.id) ?? null);
    } catch (err) {
      setError(errorText(err, 'Could not revoke this browser. Please try again.'));
      await load();
    }
    setRevoking(null);
  }

  return (
    <SettingsSection id="browsers" title="Connected browsers">
      <p className="muted">Browsers where the Tonight&rsquo;s Pick extension is signed in to your account.</p>
      {error && <Notice tone="error">{error}</Notice>}
      {browsers === null && !error && <p className="muted">Loading&hellip;</p>}
      {browsers?.length === 0 && <p className="muted">No browser is connected.</p>}
      {browsers && browsers.length > 0 && (
        <ul className="connected-browsers">
          {browsers.map((b) => (
            <li key={b.id} data-browser-id={b.id}>
              <div>
                <strong>{b.browser_name}</strong>
                <span className="muted">
                  Connected {when(b.created_at)} &middot; last used {when(b.last_used_at)}
                </span>
              </div>
              <button type="button" className="btn btn-danger btn-small" onClick={() => void revoke(b)} disabled={revoking === b.id} aria-label={`Revoke ${b.browser_name}`}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
