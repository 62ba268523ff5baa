import { useState } from 'react';
import browser from 'webextension-polyfill';
import { sendToBackground } from '../../lib/messages';
import { useT } from '../../lib/useT';

/** Signed out: one way in. The server address is a setting for self-hosters, so it lives in Options only. */
export function SignInView() {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const r = await sendToBackground((m) => browser.runtime.sendMessage(m), 'auth/start-sign-in', {});
      if (!r.opened) setError(r.error ?? t('extension-popup.signIn.couldNotOpen'));
    } catch {
      setError(t('extension-popup.signIn.couldNotOpen'));
    }
    setBusy(false);
  }

  return (
    <section className="signin" data-state="signed-out">
      <h1>{t('extension-popup.signIn.title')}</h1>
      <p className="muted">{t('extension-popup.signIn.hint')}</p>
      <button type="button" className="primary" data-action="sign-in" onClick={signIn} disabled={busy}>
        {t('extension-popup.signIn.button')}
      </button>
      {error && <p className="error" role="alert">{error}</p>}
    </section>
  );
}
