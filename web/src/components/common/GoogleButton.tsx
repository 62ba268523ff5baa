import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react';
import { useT } from '../../i18n/useT';
import { usePublicConfig } from '../../hooks/usePublicConfig';
import { useGoogleIdentity } from '../../hooks/useGoogleIdentity';

interface Props {
  mode: 'signin' | 'signup';
  onCredential: (idToken: string) => void;
  /** The provider returned no credential (closed, refused) or its script failed. */
  onFailure: () => void;
}

/** Shown only when the server has a Google client id; the provider renders its own button. */
export function GoogleButton({ mode, onCredential, onFailure }: Props) {
  const t = useT();
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const { data: config } = usePublicConfig();
  const clientId = config?.google_client_id ?? null;
  const google = useGoogleIdentity(clientId);
  const slot = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onCredential, onFailure });
  handlers.current = { onCredential, onFailure };

  useEffect(() => {
    if (google.status === 'failed') handlers.current.onFailure();
    if (google.status !== 'ready' || !clientId || !slot.current) return;
    google.id.initialize({
      client_id: clientId,
      ux_mode: 'popup',
      callback: (r) => (r.credential ? handlers.current.onCredential(r.credential) : handlers.current.onFailure()),
    });
    const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches;
    google.id.renderButton(slot.current, {
      type: 'standard',
      theme: dark ? 'filled_black' : 'outline',
      size: 'large',
      shape: 'pill',
      text: mode === 'signup' ? 'signup_with' : 'signin_with',
      width: 300,
      // Google writes its button in the page's language.
      locale,
    });
  }, [google, clientId, mode, locale]);

  if (!clientId) return null;
  return (
    <div className="google-block">
      <div className="divider"><span>{t('common.google.or')}</span></div>
      <div ref={slot} className="google-slot" data-testid="google-button" />
    </div>
  );
}
