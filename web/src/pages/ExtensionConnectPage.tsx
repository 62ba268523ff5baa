// /extension/connect?nonce=...: the signed-in user approves connecting the browser extension that
// opened this tab. The token is issued for the extension's one-time nonce and handed to the
// extension's sign-in bridge by window.postMessage to this page's own origin; never in a URL.
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Link } from '../components/common/Link';
import { Trans } from '@lingui/react';
import { EXTENSION_HANDOFF } from '@app/shared';
import { useApi, useSession } from '../api/ServicesContext';
import { errorText } from '../api/errorText';
import { Notice } from '../components/common/Notice';
import { usePageTitle } from '../hooks/usePageTitle';
import { i18n } from '../i18n/i18n';
import { useT } from '../i18n/useT';
import '../styles/extension.css';

const NONCE_RE = /^[A-Za-z0-9_-]{22,128}$/;
const ACK_TIMEOUT_MS = 8000;

type Phase =
  | { step: 'ask' }
  | { step: 'working' }
  | { step: 'connected' }
  | { step: 'cancelled' }
  | { step: 'no-extension' }
  | { step: 'error'; message: string };

/** "Chrome on Linux": how the browser is listed under Settings > Devices (named in the page's language when it is connected). */
export function browserName(ua: string): string {
  const browser = /Edg\//.test(ua) ? 'Edge' : /OPR\//.test(ua) ? 'Opera' : /Firefox\//.test(ua) ? 'Firefox' : /Chrom(e|ium)\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : i18n._('auth.extension.someBrowser');
  const os = /Windows/.test(ua) ? 'Windows' : /Mac OS X|Macintosh/.test(ua) ? 'macOS' : /CrOS/.test(ua) ? 'ChromeOS' : /Android/.test(ua) ? 'Android' : /Linux/.test(ua) ? 'Linux' : null;
  return os ? i18n._('auth.extension.browserOnOs', { browser, os }) : browser;
}

export function ExtensionConnectPage() {
  const t = useT();
  usePageTitle(t('auth.extension.title'));
  const api = useApi();
  const { token, user } = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const nonce = params.get('nonce') ?? '';
  const [phase, setPhase] = useState<Phase>({ step: 'ask' });
  const cleanup = useRef<() => void>(() => undefined);

  useEffect(() => () => cleanup.current(), []);

  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;

  if (!NONCE_RE.test(nonce)) {
    return (
      <section className="extension-connect">
        <h1>{t('auth.extension.heading')}</h1>
        <Notice tone="error">{t('auth.extension.incomplete')}</Notice>
      </section>
    );
  }

  async function approve() {
    setPhase({ step: 'working' });
    let issued: { id: string; token: string };
    try {
      issued = await api.extension.createToken({ nonce, browser_name: browserName(navigator.userAgent) });
    } catch (err) {
      setPhase({ step: 'error', message: errorText(err, t('auth.extension.failed')) });
      return;
    }
    const origin = window.location.origin;
    const onMessage = (e: MessageEvent) => {
      const d = e.data as { type?: unknown; nonce?: unknown } | null;
      if (e.source !== window || e.origin !== origin || d?.type !== EXTENSION_HANDOFF.connectedMessage || d.nonce !== nonce) return;
      cleanup.current();
      setPhase({ step: 'connected' });
    };
    // No answer from the extension: the token reached nobody, so it is revoked rather than left live.
    const timer = window.setTimeout(() => {
      cleanup.current();
      void api.extension.revoke(issued.id).catch(() => undefined);
      setPhase({ step: 'no-extension' });
    }, ACK_TIMEOUT_MS);
    cleanup.current = () => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
    window.addEventListener('message', onMessage);
    window.postMessage({ type: EXTENSION_HANDOFF.tokenMessage, nonce, token: issued.token }, origin);
  }

  return (
    <section className="extension-connect" aria-labelledby="connect-title" data-phase={phase.step}>
      <h1 id="connect-title">{t('auth.extension.heading')}</h1>
      {(phase.step === 'ask' || phase.step === 'working') && (
        <>
          <p>
            <Trans id="auth.extension.wants" values={{ email: user?.email ?? t('auth.extension.you') }} components={{ 0: <strong /> }} />
          </p>
          <ul>
            <li>{t('auth.extension.canPicks')}</li>
            <li>{t('auth.extension.canRate')}</li>
            <li>{t('auth.extension.canSchedule')}</li>
          </ul>
          <p className="muted">{t('auth.extension.cannot')}</p>
          <div className="actions">
            <button type="button" className="btn btn-primary" onClick={() => void approve()} disabled={phase.step === 'working'}>
              {t('auth.extension.approve')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setPhase({ step: 'cancelled' })} disabled={phase.step === 'working'}>
              {t('auth.extension.cancel')}
            </button>
          </div>
        </>
      )}
      {phase.step === 'connected' && <Notice tone="success">{t('auth.extension.connected')}</Notice>}
      {phase.step === 'cancelled' && <Notice tone="info">{t('auth.extension.cancelled')}</Notice>}
      {phase.step === 'no-extension' && (
        <Notice tone="warning">
          {t('auth.extension.noAnswer', { origin: window.location.origin })}
        </Notice>
      )}
      {phase.step === 'error' && <Notice tone="error">{phase.message}</Notice>}
      <p className="muted">
        <Link to="/app/dashboard">{t('auth.extension.dashboard')}</Link>
      </p>
    </section>
  );
}
