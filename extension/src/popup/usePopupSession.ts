// The popup's session: the configured server, whether a token is stored, and the API client.
// A 401 (the client clears the token) and a sign-in finishing in a tab both show up here through
// storage changes.
import { useEffect, useMemo, useState } from 'react';
import browser from 'webextension-polyfill';
import { createApiClient, type ApiClient } from '../lib/shared';
import { extensionStorage } from '../lib/extension-storage';
import { storageTokenStore } from '../lib/token-store';

export type PopupSession =
  | { state: 'starting' }
  | { state: 'signed-out'; serverUrl: string }
  | { state: 'signed-in'; serverUrl: string; api: ApiClient };

const storage = extensionStorage();

export function usePopupSession(): PopupSession {
  const [values, setValues] = useState<{ serverUrl: string; hasToken: boolean } | null>(null);

  useEffect(() => {
    let live = true;
    const read = async () => {
      const [serverUrl, token] = await Promise.all([storage.get('serverUrl'), storage.get('token')]);
      if (live) setValues((v) => (v?.serverUrl === serverUrl && v.hasToken === !!token ? v : { serverUrl, hasToken: !!token }));
    };
    void read();
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && ('token' in changes || 'serverUrl' in changes)) void read();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(onChanged);
    };
  }, []);

  const api = useMemo(
    () =>
      values?.hasToken
        ? createApiClient({
            baseUrl: values.serverUrl,
            fetch: (input, init) => fetch(input, init),
            tokenStore: storageTokenStore(storage),
            onUnauthorized: () => setValues((v) => (v ? { ...v, hasToken: false } : v)),
          })
        : null,
    [values?.serverUrl, values?.hasToken],
  );

  if (!values) return { state: 'starting' };
  if (!api) return { state: 'signed-out', serverUrl: values.serverUrl };
  return { state: 'signed-in', serverUrl: values.serverUrl, api };
}

export { storage as popupStorage };
