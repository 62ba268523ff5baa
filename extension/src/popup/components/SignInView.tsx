/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import { useState } from 'react';
import browser from 'webextension-polyfill';
import { sendToBackground } from '../../lib/messages';

/** Signed out: one way in. The server address is a setting for self-hosters, so it lives in Options only. */
export function SignInView() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const r = await sendToBackground((m) => browser.runtime.sendMessage(m), 'auth/start-sign-in', {});
      if (!r.opened) setError(r.error ?? 'Could not open the sign-in page.');
    } catch {
      setError('Could not open the sign-in page.');
    }
    setBusy(false);
  }

  return (
    <section className="signin" data-state="signed-out">
      <h1>Tonight&rsquo;s pick, one click away</h1>
      <p className="muted">Sign in with your account in the web app, then come back here.</p>
      <button type="button" className="primary" data-action="sign-in" onClick={signIn} disabled={busy}>
        Sign in
      </button>
      {error && <p className="error" role="alert">{error}</p>}
    </section>
  );
}
