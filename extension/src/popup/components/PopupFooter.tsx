import type { ApiClient } from '../../lib/shared';
import { openTab } from '../../lib/tabs';
import { useT } from '../../lib/useT';

export function PopupFooter({ api, serverUrl }: { api: ApiClient; serverUrl: string }) {
  const t = useT();
  return (
    <footer className="popup-footer">
      <button type="button" className="link" data-action="history" onClick={() => void openTab(`${serverUrl}/app/dashboard#history-title`)}>
        {t('extension-popup.footer.history')}
      </button>
      <button type="button" className="link" data-action="sign-out" onClick={() => void api.extension.signOut().catch(() => undefined)}>
        {t('extension-popup.footer.signOut')}
      </button>
    </footer>
  );
}
