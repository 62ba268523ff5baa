// The household invite link survives signing in, signing up and onboarding: the accept page keeps
// its token here, and the signed-in app brings the user back to the accept page once.
import { STORAGE_KEYS } from '@app/shared';

const KEY = STORAGE_KEYS.pendingHouseholdInvite;

export function keepInviteToken(token: string): void {
  try {
    localStorage.setItem(KEY, token);
  } catch {
    /* storage off: the link still works when opened again after signing in */
  }
}

export function keptInviteToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetInviteToken(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}

export function hasInviteToken(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}
