/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
// The popup: Sign in when no token is stored, otherwise tonight's pick.
import { usePopupSession } from './usePopupSession';
import { SignInView } from './components/SignInView';
import { PickView } from './components/PickView';
import { StatusView } from './components/StatusView';

export function App() {
  const session = usePopupSession();
  return (
    <main className="popup">
      <header className="popup-header">
        <span className="brand">Tonight&rsquo;s Pick</span>
      </header>
      {session.state === 'starting' && <StatusView kind="loading" />}
      {session.state === 'signed-out' && <SignInView />}
      {session.state === 'signed-in' && <PickView api={session.api} serverUrl={session.serverUrl} />}
    </main>
  );
}
