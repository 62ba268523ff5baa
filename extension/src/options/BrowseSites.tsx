// The badge on title pages, per site: off by default. Turning a site on asks the browser for that
// site's origins only (and the browser asks the user); turning it off gives them back. In Firefox
// the same request asks for the optional data collection the badge needs (lib/firefox-data.ts),
// given back with the last site turned off. The background registers the badge where a site is on
// and granted.
import { useEffect, useState } from 'react';
import browser from 'webextension-polyfill';
import { BROWSE_SITES, type BrowseSite, type BrowseSiteId } from '../lib/browse-sites';
import { extensionStorage } from '../lib/extension-storage';
import { badgePermissions } from '../lib/firefox-data';
import { sendToBackground } from '../lib/messages';
import { useT } from '../lib/useT';

const storage = extensionStorage();

export function BrowseSites() {
  const t = useT();
  const [on, setOn] = useState<BrowseSiteId[] | null>(null);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  useEffect(() => {
    void sendToBackground((m) => browser.runtime.sendMessage(m), 'browse/sync', {})
      .then((r) => setOn(r.sites))
      .catch(() => setOn([]));
  }, []);

  async function toggle(site: BrowseSite, turnOn: boolean) {
    // The request comes first, inside the click: browsers grant permissions only during a user gesture.
    const granted = turnOn ? await browser.permissions.request(badgePermissions(site.matches, __BROWSER__)).catch(() => false) : true;
    if (!granted) return setMessage({ tone: 'error', text: t('extension-options.badge.notAllowed', { site: site.name }) });
    const wanted = new Set(await storage.get('browseSites'));
    if (turnOn) wanted.add(site.id);
    else wanted.delete(site.id);
    await storage.set('browseSites', BROWSE_SITES.map((s) => s.id).filter((id) => wanted.has(id)));
    // The data collection is the badge's as a whole: it stays while another site has the badge on.
    if (!turnOn) await browser.permissions.remove(wanted.size ? { origins: site.matches } : badgePermissions(site.matches, __BROWSER__)).catch(() => false);
    const { sites } = await sendToBackground((m) => browser.runtime.sendMessage(m), 'browse/sync', {});
    setOn(sites);
    setMessage({ tone: 'ok', text: turnOn ? t('extension-options.badge.on', { site: site.name }) : t('extension-options.badge.off', { site: site.name }) });
  }

  return (
    <section aria-labelledby="browse-heading">
      <h2 id="browse-heading">{t('extension-options.badge.title')}</h2>
      <p className="hint">{t('extension-options.badge.hint')}</p>
      <ul className="sites">
        {BROWSE_SITES.map((site) => {
          const checked = on?.includes(site.id) ?? false;
          return (
            <li key={site.id}>
              <label className="switch">
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={checked}
                  checked={checked}
                  disabled={on === null}
                  onChange={(e) => void toggle(site, e.currentTarget.checked)}
                />
                {site.name}
              </label>
            </li>
          );
        })}
      </ul>
      {message && (
        <p className={message.tone} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
