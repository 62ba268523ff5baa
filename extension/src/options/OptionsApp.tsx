/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
// Options: which server the extension talks to. Saving asks for host access to exactly that
// origin (nothing broader), then the background re-registers the sign-in bridge there.
import { useEffect, useState, type FormEvent } from 'react';
import browser from 'webextension-polyfill';
import { extensionStorage, DEFAULT_SERVER_URL } from '../lib/extension-storage';
import { hostPermissionPattern, parseServerOrigin } from '../lib/server-url';
import { sendToBackground } from '../lib/messages';
import { BrowseSites } from './BrowseSites';
import { WatchedSetting } from './WatchedSetting';

const storage = extensionStorage();

export function OptionsApp() {
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
    if (!check.ok) return setMessage({ tone: 'error', text: check.error });
    // Called first, inside the click: browsers grant permission requests only during a user gesture.
    const granted = await browser.permissions.request({ origins: [hostPermissionPattern(check.origin, __BROWSER__)] }).catch(() => false);
    if (!granted) return setMessage({ tone: 'error', text: `Access to ${check.origin} was not allowed, so the extension cannot reach that server.` });
    if (check.origin !== saved) {
      // A token belongs to one server: a new server means signing in again.
      await storage.set('token', null);
      await storage.set('serverUrl', check.origin);
    }
    await sendToBackground((m) => browser.runtime.sendMessage(m), 'bridge/sync', {}).catch(() => null);
    setSaved(check.origin);
    setInput(check.origin);
    setMessage({ tone: 'ok', text: `Saved. The extension now uses ${check.origin}. Open the toolbar button to sign in.` });
  }

  return (
    <main className="options">
      <h1>Tonight&rsquo;s Pick</h1>
      <form onSubmit={save}>
        <label htmlFor="server-url">Server URL</label>
        <p className="hint">The address of the Tonight&rsquo;s Pick server you use, e.g. https://picks.example.com. Self-hosted servers work too.</p>
        <div className="row">
          <input id="server-url" type="url" value={input} onChange={(e) => setInput(e.target.value)} placeholder={DEFAULT_SERVER_URL} required />
          <button type="submit">Save</button>
          <button type="button" onClick={() => setInput(DEFAULT_SERVER_URL)}>
            Use default
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
        <h2>Privacy</h2>
        <p>
          The extension talks only to your server. On a streaming site it looks at the tab&rsquo;s address when you open the popup, to
          say which service you are on. Where you turn the badge on, it reads the title&rsquo;s name and year from that site&rsquo;s title
          pages and sends only those two to your server. When a title there is played to the end (or you press &ldquo;Watched it&rdquo;),
          it sends only which title it was and how it knew, as you chose above. Nothing else on the page is read or leaves your browser, and
          the site cannot see the badge&rsquo;s contents.
        </p>
      </section>
    </main>
  );
}
