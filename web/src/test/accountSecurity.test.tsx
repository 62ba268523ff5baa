// Settings > Sign-in and security (password, email with its code step) and Settings > Devices
// (sessions and connected browsers, revoke one, sign out everywhere). The fake answers as the
// real API does.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountSessionsResponse, STORAGE_KEYS, type User } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer, type RecordedRequest } from './fakeServer';
import { subscription, user } from './fixtures';
import { PASSWORD_TEXTS } from '../components/settings/ChangePasswordForm';

function server(u: User = user()) {
  return new FakeServer()
    .on('GET /api/settings/profile', { body: u })
    .on('GET /api/subscription/status', { body: subscription() })
    .on('GET /api/onboarding/languages', { body: { languages: ['English'] } })
    .on('GET /api/onboarding/platforms', { body: { platforms: [] } })
    .on('GET /api/settings/calendar/status', { body: { has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false } })
    .on('GET /api/account/sessions', { body: AccountSessionsResponse.parse({ sessions: [] }) });
}

const section = async (name: string) => within(await screen.findByRole('region', { name }));

describe('settings: sign-in and security', () => {
  it('changes the password with the current one and shows what happened', async () => {
    const s = server().on('PUT /api/settings/password', (req: RecordedRequest) =>
      (req.body as { current_password: string }).current_password === 'Sup3r-secret!'
        ? { body: { message: 'Password changed. Every other device was signed out.' } }
        : { status: 400, body: { detail: 'Your current password is incorrect.', code: 'bad_request' } },
    );
    renderApp('/app/settings', { server: s, user: user() });
    const security = await section('Sign-in and security');
    await userEvent.type(security.getByLabelText('Current password'), 'Wrong-pass1!');
    await userEvent.type(security.getByLabelText('New password'), 'N3w-password!');
    await userEvent.click(security.getByRole('button', { name: 'Change password' }));
    expect(await security.findByText('Your current password is incorrect.')).toBeInTheDocument();
    await userEvent.clear(security.getByLabelText('Current password'));
    await userEvent.type(security.getByLabelText('Current password'), 'Sup3r-secret!');
    await userEvent.click(security.getByRole('button', { name: 'Change password' }));
    expect(await security.findByText('Password changed. Every other device was signed out.')).toBeInTheDocument();
    expect(security.getByLabelText('Current password')).toHaveValue('');
    expect(s.calls('PUT /api/settings/password').at(-1)?.body).toEqual({ current_password: 'Sup3r-secret!', new_password: 'N3w-password!' });
  });

  it('changes the email: a code goes to the new address, then the account shows the new address', async () => {
    const moved = user({ email: 'new@example.test' });
    const s = server()
      .on('POST /api/settings/email', { body: { message: 'If new@example.test is not used by another account, we sent a code to it. Enter it here to confirm the change.', retry_after_seconds: 60 } })
      .on('POST /api/settings/email/verify', (req: RecordedRequest) =>
        (req.body as { code: string }).code === 'K7Q2ZD' ? { body: moved } : { status: 400, body: { detail: 'Invalid code. 4 attempts left.', code: 'bad_request' } },
      );
    renderApp('/app/settings', { server: s, user: user() });
    const security = await section('Sign-in and security');
    expect(security.getByText(`You sign in with ${user().email}.`)).toBeInTheDocument();
    await userEvent.type(security.getByLabelText('New email address'), 'new@example.test');
    await userEvent.type(security.getByLabelText('Password'), 'Sup3r-secret!');
    await userEvent.click(security.getByRole('button', { name: 'Email me a code' }));
    expect(await security.findByText(/If new@example.test is not used by another account/)).toBeInTheDocument();
    await userEvent.type(security.getByLabelText('Code sent to new@example.test'), 'AAAAAA');
    await userEvent.click(security.getByRole('button', { name: 'Confirm new email' }));
    expect(await security.findByText('Invalid code. 4 attempts left.')).toBeInTheDocument();
    await userEvent.clear(security.getByLabelText('Code sent to new@example.test'));
    await userEvent.type(security.getByLabelText('Code sent to new@example.test'), 'k7q2zd');
    await userEvent.click(security.getByRole('button', { name: 'Confirm new email' }));
    expect(await security.findByText('Your email address is now new@example.test. Every other device was signed out.')).toBeInTheDocument();
    expect(security.getByText('You sign in with new@example.test.')).toBeInTheDocument();
    expect((await section('Profile')).getByLabelText('Email')).toHaveValue('new@example.test');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!).email).toBe('new@example.test');
    expect(s.calls('POST /api/settings/email')[0].body).toEqual({ new_email: 'new@example.test', password: 'Sup3r-secret!' });
  });

  it('an account without a password is told how to set one', async () => {
    const google = user({ has_password: false, has_google: true });
    renderApp('/app/settings', { server: server(google), user: google });
    const security = await section('Sign-in and security');
    expect(security.getAllByText(PASSWORD_TEXTS.noPassword)).toHaveLength(2);
    expect(security.queryByLabelText('Current password')).toBeNull();
  });
});

describe('settings: devices', () => {
  const sessions = AccountSessionsResponse.parse({
    sessions: [
      { id: 's1', kind: 'web', label: 'Firefox on Linux', created_at: '2030-01-01T10:00:00.000Z', last_used_at: '2030-01-03T10:00:00.000Z', current: true },
      { id: 'b1', kind: 'extension', label: 'Chrome on Windows', created_at: '2030-01-01T11:00:00.000Z', last_used_at: null, current: false },
      { id: 's2', kind: 'web', label: 'Safari on iPhone', created_at: '2030-01-02T10:00:00.000Z', last_used_at: '2030-01-02T12:00:00.000Z', current: false },
    ],
  });

  it('lists web sessions and connected browsers with this device marked, and revokes one', async () => {
    const s = server().on('GET /api/account/sessions', { body: sessions }).on('DELETE /api/account/sessions/s2', { body: { message: 'Signed out on that device' } });
    renderApp('/app/settings', { server: s, user: user() });
    const devices = await section('Devices');
    const list = within(await devices.findByRole('list', { name: 'Signed-in devices' }));
    expect(list.getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual(['Firefox on Linux', 'Chrome on Windows', 'Safari on iPhone']);
    const current = list.getAllByRole('listitem')[0];
    expect(within(current).getByText('This device')).toBeInTheDocument();
    expect(within(current).queryByRole('button')).toBeNull();
    expect(within(list.getAllByRole('listitem')[1]).getByText(/Browser extension, connected .* last used never/)).toBeInTheDocument();
    expect(list.getByRole('button', { name: 'Revoke the extension in Chrome on Windows' })).toBeInTheDocument();
    await userEvent.click(list.getByRole('button', { name: 'Revoke Safari on iPhone' }));
    await waitFor(() => expect(list.queryByText('Safari on iPhone')).toBeNull());
    expect(s.calls('DELETE /api/account/sessions/s2')).toHaveLength(1);
  });

  it('signs out everywhere after confirmation, this browser too', async () => {
    const s = server().on('GET /api/account/sessions', { body: sessions }).on('POST /api/auth/sign-out-everywhere', { body: { message: 'Signed out on every device' } });
    const { location } = renderApp('/app/settings', { server: s, user: user() });
    const devices = await section('Devices');
    await userEvent.click(devices.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, sign out everywhere' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(s.calls('POST /api/auth/sign-out-everywhere')).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // That ended this session too: nothing is left to sign out of.
    expect(s.calls('POST /api/auth/sign-out')).toHaveLength(0);
  });
});
