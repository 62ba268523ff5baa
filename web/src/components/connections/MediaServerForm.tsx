/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
// Connecting a media server: Jellyfin and Emby by API key (then the server user whose plays count)
// or by user name and password; Plex by the token the user copies from Plex Web.
import { useState, type FormEvent } from 'react';
import { CONNECTION_NAMES, type ConnectionStatus } from '@app/shared';
import { useApi } from '../../api/ServicesContext';
import { errorText } from '../../api/errorText';
import { Notice } from '../common/Notice';

type Kind = 'jellyfin' | 'emby' | 'plex';

export const PLEX_TOKEN_HELP =
  'In Plex Web, open any movie, choose ⋯ > Get Info > View XML. The address of the page that opens ends with X-Plex-Token=…: copy what follows the = sign.';
const KEY_HELP: Record<Exclude<Kind, 'plex'>, string> = {
  jellyfin: 'In Jellyfin, Dashboard > API Keys > + makes a key for Tonight’s Pick.',
  emby: 'In Emby, Settings > Advanced > API Keys > New API Key makes a key for Tonight’s Pick.',
};

export function MediaServerForm({ kind, onConnected }: { kind: Kind; onConnected: (s: ConnectionStatus) => void }) {
  const api = useApi();
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
      setError(errorText(err, `Could not connect ${name}. Check the address and try again.`));
    } finally {
      setBusy(false);
    }
  }

  const step = kind !== 'plex' && how === 'key' && !users ? 'Find users' : `Connect ${name}`;
  return (
    <form className="form connection-form" onSubmit={(e) => void submit(e)}>
      {error && <Notice tone="error">{error}</Notice>}
      <div className="field">
        <label htmlFor={id('url')}>Server address</label>
        <input id={id('url')} type="url" inputMode="url" placeholder="http://192.168.1.20:8096" required value={serverUrl} onChange={(e) => { setServerUrl(e.target.value); setUsers(null); }} />
      </div>
      {kind !== 'plex' && (
        <fieldset className="field">
          <legend>Sign in with</legend>
          <label className="radio">
            <input type="radio" name={id('how')} checked={how === 'key'} onChange={() => setHow('key')} /> An API key
          </label>
          <label className="radio">
            <input type="radio" name={id('how')} checked={how === 'password'} onChange={() => { setHow('password'); setUsers(null); }} /> My user name and password
          </label>
        </fieldset>
      )}
      {kind !== 'plex' && how === 'password' && (
        <div className="field">
          <label htmlFor={id('username')}>User name</label>
          <input id={id('username')} autoComplete="off" required value={username} onChange={(e) => setUsername(e.target.value)} />
        </div>
      )}
      <div className="field">
        <label htmlFor={id('secret')}>{kind === 'plex' ? 'Plex token' : how === 'key' ? 'API key' : 'Password'}</label>
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
          {kind === 'plex' ? PLEX_TOKEN_HELP : how === 'key' ? KEY_HELP[kind] : `We exchange it for a ${name} sign-in and never store the password.`}
        </p>
      </div>
      {users && (
        <div className="field">
          <label htmlFor={id('user')}>Whose plays count</label>
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
        {busy ? 'Connecting…' : step}
      </button>
    </form>
  );
}
