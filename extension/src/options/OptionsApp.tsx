// Options: which server the extension talks to. Saving asks for host access to exactly that
// origin (nothing broader), then the background re-registers the sign-in bridge there.
import { useEffect, useState, type FormEvent } from 'react';
import browser from 'webextension-polyfill';
import { extensionStorage, DEFAULT_SERVER_URL } from '../lib/extension-storage';
import { hostPermissionPattern, parseServerOrigin } from '../lib/server-url';
import { sendToBackground } from '../lib/messages';
import { BrowseSites } from './BrowseSites';
import { WatchedSetting } from './WatchedSetting';
import { useT } from '../lib/useT';

// i18n-dynamic: extension-options.server.invalid.
const storage = extensionStorage();

export function OptionsApp() {
  const t = useT();
  const [saved, setSaved] = useState<string | null>(null);
  const [input, setInput] = useState('');
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  useEffect(() => {
    void storage.get('serverUrl').then((url) => {
      setSaved(url);
      setInput(url);
    });
  }, []);

  async function save(e: FormEvent) {
    e.preventDefault();
    const check = parseServerOrigin(input);
    if (!check.ok) return setMessage({ tone: 'error', text: t(`extension-options.server.invalid.${check.reason}`) });
    // Called first, inside the click: browsers grant permission requests only during a user gesture.
    const granted = await browser.permissions.request({ origins: [hostPermissionPattern(check.origin, __BROWSER__)] }).catch(() => false);
    if (!granted) return setMessage({ tone: 'error', text: t('extension-options.server.notAllowed', { origin: check.origin }) });
    if (check.origin !== saved) {
      // A token belongs to one server: a new server means signing in again.
      await storage.set('token', null);
      await storage.set('serverUrl', check.origin);
    }
    await sendToBackground((m) => browser.runtime.sendMessage(m), 'bridge/sync', {}).catch(() => null);
    setSaved(check.origin);
    setInput(check.origin);
    setMessage({ tone: 'ok', text: t('extension-options.server.saved', { origin: check.origin }) });
  }

  return (
    <main className="options">
      <h1>{t('extension-options.page.title')}</h1>
      <form onSubmit={save}>
        <label htmlFor="server-url">{t('extension-options.server.label')}</label>
        <p className="hint">{t('extension-options.server.hint', { example: 'https://picks.example.com' })}</p>
        <div className="row">
          <input id="server-url" type="url" value={input} onChange={(e) => setInput(e.target.value)} placeholder={DEFAULT_SERVER_URL} required />
          <button type="submit">{t('extension-options.server.save')}</button>
          <button type="button" onClick={() => setInput(DEFAULT_SERVER_URL)}>
            {t('extension-options.server.useDefault')}
          </button>
        </div>
        {message && (
          <p className={message.tone} role={message.tone === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
      </form>
      <BrowseSites />
      <WatchedSetting />
      <section>
        <h2>{t('extension-options.privacy.title')}</h2>
        <p>{t('extension-options.privacy.text')}</p>
      </section>
    </main>
  );
}
