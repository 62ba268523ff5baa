// The client's token store over extension storage. The extension keeps no user record: the popup
// asks the server, so a revoked token shows up as a 401 at once.
import type { TokenStore } from './shared';
import type { TypedStorage } from './storage';

export function storageTokenStore(storage: TypedStorage): TokenStore {
  return {
    getToken: () => storage.get('token'),
    setSession: (token) => storage.set('token', token),
    clear: () => storage.set('token', null),
  };
}
