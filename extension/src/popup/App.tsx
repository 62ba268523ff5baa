// The popup: Sign in when no token is stored, otherwise tonight's pick.
import { useEffect } from 'react';
import { usePopupSession } from './usePopupSession';
import { SignInView } from './components/SignInView';
import { PickView } from './components/PickView';
import { StatusView } from './components/StatusView';
import { activateLocale, viewerLocale } from '../lib/i18n';
import { useT } from '../lib/useT';

export function App() {
  const t = useT();
  const session = usePopupSession();
  // Signed out (a 401, or Sign out): the browser's languages again, not the last account's.
  useEffect(() => {
    if (session.state === 'signed-out') void activateLocale(viewerLocale(false, null));
  }, [session.state]);
  return (
    <main className="popup">
      <header className="popup-header">
        <span className="brand">{t('extension-popup.app.brand')}</span>
      </header>
      {session.state === 'starting' && <StatusView kind="loading" />}
      {session.state === 'signed-out' && <SignInView />}
      {session.state === 'signed-in' && <PickView api={session.api} serverUrl={session.serverUrl} />}
    </main>
  );
}
