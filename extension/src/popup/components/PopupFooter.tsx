/* eslint-disable i18n/no-literal-text -- not yet translated (issue 39) */
import type { ApiClient } from '../../lib/shared';
import { openTab } from '../../lib/tabs';

export function PopupFooter({ api, serverUrl }: { api: ApiClient; serverUrl: string }) {
  return (
    <footer className="popup-footer">
      <button type="button" className="link" data-action="history" onClick={() => void openTab(`${serverUrl}/app/dashboard#history-title`)}>
        History
      </button>
      <button type="button" className="link" data-action="sign-out" onClick={() => void api.extension.signOut().catch(() => undefined)}>
        Sign out
      </button>
    </footer>
  );
}
