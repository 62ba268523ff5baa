// The header's Sign out (docs/security.md, "Sessions"): it ends this session on the server, so the
// token opens nothing afterwards and the browser leaves Devices, and it forgets the token here even
// when the server cannot be reached.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountSessionsResponse, STORAGE_KEYS } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { subscription, user } from './fixtures';

function server() {
  return new FakeServer()
    .on('GET /api/subscription/status', { body: subscription() })
    .on('GET /api/onboarding/languages', { body: { languages: ['English'] } })
    .on('GET /api/onboarding/platforms', { body: { platforms: [] } })
    .on('GET /api/settings/calendar/status', { body: { has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false } })
    .on('GET /api/account/sessions', { body: AccountSessionsResponse.parse({ sessions: [] }) });
}

async function signOut() {
  const header = within(await screen.findByRole('navigation', { name: 'Main' }));
  await userEvent.click(header.getByRole('button', { name: 'Sign out' }));
}

describe('sign out', () => {
  it('ends this session on the server with its token, then forgets it and shows the sign-in page', async () => {
    const s = server().on('POST /api/auth/sign-out', { body: { message: 'Signed out' } });
    const { location } = renderApp('/app/settings', { server: s, user: user(), token: 'this-browser-token' });
    await signOut();
    await waitFor(() => expect(location()).toBe('/login'));
    const calls = s.calls('POST /api/auth/sign-out');
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.authorization).toBe('Bearer this-browser-token');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(screen.queryByText('Your session has ended. Please sign in again.')).toBeNull();
  });

  it('offline, or with the session already ended, this browser is signed out all the same', async () => {
    for (const reply of [() => Promise.reject(new TypeError('Failed to fetch')), () => ({ status: 401, body: { detail: 'Your session has expired.', code: 'unauthorized' } })]) {
      const s = server().on('POST /api/auth/sign-out', reply);
      const { location, unmount } = renderApp('/app/settings', { server: s, user: user() });
      await signOut();
      await waitFor(() => expect(location()).toBe('/login'));
      expect(s.calls('POST /api/auth/sign-out')).toHaveLength(1);
      expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
      // Signing out is not an expired session.
      expect(screen.queryByText('Your session has ended. Please sign in again.')).toBeNull();
      unmount();
    }
  });
});
