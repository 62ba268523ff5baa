// Connecting a media server: Jellyfin and Emby by API key (then the server user whose plays count)
// or by user name and password; Plex by the token the user copies from Plex Web.
import { useState, type FormEvent } from 'react';
import { CONNECTION_NAMES, type ConnectionStatus } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { Notice } from '../common/Notice';
import { useT } from '../../i18n/useT';

type Kind = 'jellyfin' | 'emby' | 'plex';

/** An address as a server on the home network has one: the same in every language. */
const EXAMPLE_URL = 'http://192.168.1.20:8096';

/** How to make an API key on each server (keys of shared/locales/connections). */
const KEY_HELP: Record<Exclude<Kind, 'plex'>, string> = {
  jellyfin: 'connections.server.keyHelpJellyfin',
  emby: 'connections.server.keyHelpEmby',
};

export function MediaServerForm({ kind, onConnected }: { kind: Kind; onConnected: (s: ConnectionStatus) => void }) {
  const api = useApi();
  const t = useT();
  const name = CONNECTION_NAMES[kind];
  const [serverUrl, setServerUrl] = useState('');
  const [how, setHow] = useState<'key' | 'password'>('key');
  const [secret, setSecret] = useState('');
  const [username, setUsername] = useState('');
  const [users, setUsers] = useState<Array<{ id: string; name: string }> | null>(null);
  const [userId, setUserId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = (f: string) => `${kind}-${f}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (kind === 'plex') onConnected(await api.connections.connect(kind, { server_url: serverUrl, token: secret }));
      else if (how === 'password') onConnected(await api.connections.connect(kind, { server_url: serverUrl, username, password: secret }));
      else if (!users) {
        // First the server's users: the user chooses whose plays count.
        const found = (await api.connections.users(kind, { server_url: serverUrl, api_key: secret })).users;
        setUsers(found);
        setUserId(found[0]?.id ?? '');
      } else onConnected(await api.connections.connect(kind, { server_url: serverUrl, api_key: secret, user_id: userId }));
    } catch (err) {
      setError(errorText(err, t('connections.server.failed', { name })));
    } finally {
      setBusy(false);
    }
  }

  const step = kind !== 'plex' && how === 'key' && !users ? t('connections.server.findUsers') : t('connections.server.connect', { name });
  return (
    <form className="form connection-form" onSubmit={(e) => void submit(e)}>
      {error && <Notice tone="error">{error}</Notice>}
      <div className="field">
        <label htmlFor={id('url')}>{t('connections.server.url')}</label>
        <input id={id('url')} type="url" inputMode="url" placeholder={EXAMPLE_URL} required value={serverUrl} onChange={(e) => { setServerUrl(e.target.value); setUsers(null); }} />
      </div>
      {kind !== 'plex' && (
        <fieldset className="field">
          <legend>{t('connections.server.how')}</legend>
          <label className="radio">
            <input type="radio" name={id('how')} checked={how === 'key'} onChange={() => setHow('key')} /> {t('connections.server.byKey')}
          </label>
          <label className="radio">
            <input type="radio" name={id('how')} checked={how === 'password'} onChange={() => { setHow('password'); setUsers(null); }} /> {t('connections.server.byPassword')}
          </label>
        </fieldset>
      )}
      {kind !== 'plex' && how === 'password' && (
        <div className="field">
          <label htmlFor={id('username')}>{t('connections.server.username')}</label>
          <input id={id('username')} autoComplete="off" required value={username} onChange={(e) => setUsername(e.target.value)} />
        </div>
      )}
      <div className="field">
        <label htmlFor={id('secret')}>{kind === 'plex' ? t('connections.server.plexToken') : how === 'key' ? t('connections.server.apiKey') : t('connections.server.password')}</label>
        <input
          id={id('secret')}
          type="password"
          autoComplete="off"
          required={kind === 'plex' || how === 'key'}
          aria-describedby={id('secret-hint')}
          value={secret}
          onChange={(e) => { setSecret(e.target.value); setUsers(null); }}
        />
        <p id={id('secret-hint')} className="field-hint">
          {kind === 'plex' ? t('connections.server.plexHelp') : how === 'key' ? t(KEY_HELP[kind]) : t('connections.server.passwordHelp', { name })}
        </p>
      </div>
      {users && (
        <div className="field">
          <label htmlFor={id('user')}>{t('connections.server.user')}</label>
          <select id={id('user')} value={userId} onChange={(e) => setUserId(e.target.value)}>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy || (users !== null && !userId)}>
        {busy ? t('connections.server.connecting') : step}
      </button>
    </form>
  );
}
