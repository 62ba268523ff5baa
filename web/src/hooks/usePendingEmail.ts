import { STORAGE_KEYS } from '@app/shared';
import { useServices } from '../api/ServicesContext';

/** The address waiting for its verification code (storage key pendingVerificationEmail, docs/screens.md "Browser storage"). */
export function usePendingEmail() {
  const { storage } = useServices();
  return {
    get: () => storage.getItem(STORAGE_KEYS.pendingVerificationEmail),
    set: (email: string) => storage.setItem(STORAGE_KEYS.pendingVerificationEmail, email),
    clear: () => storage.removeItem(STORAGE_KEYS.pendingVerificationEmail),
  };
}
