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

export function takeInviteToken(): string | null {
  try {
    const token = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    return token;
  } catch {
    return null;
  }
}

export function hasInviteToken(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}
