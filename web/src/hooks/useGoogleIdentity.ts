import { useEffect, useState } from 'react';

// The provider's script is loaded from the provider (docs/screens.md, "Third-party scripts"), only
// on pages that show the button and only when the server has a Google client id. No inline script:
// CSP allows this URL.
export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

export interface GoogleCredentialResponse {
  credential?: string;
}
export interface GoogleIdentity {
  initialize(opts: { client_id: string; callback: (r: GoogleCredentialResponse) => void; ux_mode?: 'popup' }): void;
  renderButton(el: HTMLElement, opts: Record<string, string | number>): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
  }
}

let loading: Promise<GoogleIdentity> | null = null;

function loadScript(): Promise<GoogleIdentity> {
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const done = () => (window.google?.accounts?.id ? resolve(window.google.accounts.id) : reject(new Error('no google')));
    if (window.google?.accounts?.id) return done();
    const s = document.createElement('script');
    s.src = GOOGLE_SCRIPT_URL;
    s.async = true;
    s.onload = done;
    s.onerror = () => {
      loading = null;
      reject(new Error('The Google sign-in script did not load'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

export type GoogleState = { status: 'off' } | { status: 'loading' } | { status: 'ready'; id: GoogleIdentity } | { status: 'failed' };

/** Loads Google Identity Services when clientId is set; 'off' otherwise. */
export function useGoogleIdentity(clientId: string | null | undefined): GoogleState {
  const [state, setState] = useState<GoogleState>(clientId ? { status: 'loading' } : { status: 'off' });
  useEffect(() => {
    if (!clientId) {
      setState({ status: 'off' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    loadScript().then(
      (id) => live && setState({ status: 'ready', id }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [clientId]);
  return state;
}
