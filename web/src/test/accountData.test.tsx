import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, type User } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { subscription, user } from './fixtures';

function server(u: User) {
  return new FakeServer()
    .on('GET /api/settings/profile', { body: u })
    .on('GET /api/subscription/status', { body: subscription() })
    .on('GET /api/onboarding/languages', { body: { languages: ['English'] } })
    .on('GET /api/onboarding/platforms', { body: { platforms: [] } })
    .on('GET /api/extension/tokens', { body: { browsers: [] } })
    .on('GET /api/settings/calendar/status', { body: { has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false } });
}

const section = async (name: string) => within(await screen.findByRole('region', { name }));

function captureDownloads(): Blob[] {
  const created: Blob[] = [];
  URL.createObjectURL = (b: Blob) => {
    created.push(b);
    return 'blob:export';
  };
  URL.revokeObjectURL = () => undefined;
  return created;
}

describe('settings: export my data', () => {
  it('downloads the JSON, the CSV and the Letterboxd CSV the server sends, and shows a refusal', async () => {
    const s = server(user()).on('GET /api/account/export', (req) =>
      req.query.get('format') === 'csv'
        ? { text: 'recommended_at,title\r\n', headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="tonights-pick-history-2026-11-25.csv"' } }
        : { text: '{"format":"tonights-pick-account-export"}', headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="tonights-pick-export-2026-11-25.json"' } },
    );
    const created = captureDownloads();
    renderApp('/app/settings', { server: s, user: user() });
    const data = await section('Export my data');
    await userEvent.click(data.getByRole('button', { name: 'Export my data (JSON)' }));
    expect(await data.findByText('Downloaded tonights-pick-export-2026-11-25.json.')).toBeInTheDocument();
    expect(created[0].type).toBe('application/json');
    expect(created[0].size).toBe('{"format":"tonights-pick-account-export"}'.length);
    await userEvent.click(data.getByRole('button', { name: 'Ratings and history (CSV)' }));
    expect(await data.findByText('Downloaded tonights-pick-history-2026-11-25.csv.')).toBeInTheDocument();
    expect(created[1].type).toBe('text/csv');
    expect(s.calls('GET /api/account/export').map((r) => r.query.get('format'))).toEqual(['json', 'csv']);

    s.on('GET /api/account/export', {
      text: 'imdbID,tmdbID,Title,Year,Rating,WatchedDate,Rewatch\r\n',
      headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="tonights-pick-letterboxd-2026-11-25.csv"' },
    });
    await userEvent.click(data.getByRole('button', { name: 'Films for Letterboxd (CSV)' }));
    expect(await data.findByText('Downloaded tonights-pick-letterboxd-2026-11-25.csv.')).toBeInTheDocument();
    expect(s.calls('GET /api/account/export').at(-1)?.query.get('format')).toBe('letterboxd');
    expect(created[2].type).toBe('text/csv');
    expect(created[2].size).toBe('imdbID,tmdbID,Title,Year,Rating,WatchedDate,Rewatch\r\n'.length);

    s.on('GET /api/account/export', { status: 429, body: { detail: 'You have downloaded your data many times this hour. Please try again later.' }, headers: { 'Retry-After': '60' } });
    await userEvent.click(data.getByRole('button', { name: 'Export my data (JSON)' }));
    expect(await data.findByRole('alert')).toHaveTextContent('You have downloaded your data many times this hour.');
  });
});

describe('settings: delete my account', () => {
  it('asks for the password, shows a wrong one, then signs out and shows the confirmation', async () => {
    const s = server(user({ has_password: true }));
    s.on('DELETE /api/account', (req) =>
      (req.body as { password?: string }).password === 'Right-passw0rd!'
        ? { body: { message: 'Your account and its data have been deleted.' } }
        : { status: 400, body: { detail: 'That password is not right.' } },
    );
    const { location } = renderApp('/app/settings', { server: s, user: user({ has_password: true }) });
    const del = await section('Delete my account');
    await userEvent.click(del.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    const confirm = dialog.getByRole('button', { name: 'Delete my account for good' });
    expect(confirm).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Your password'), 'wrong');
    await userEvent.click(confirm);
    expect(await dialog.findByRole('alert')).toHaveTextContent('That password is not right.');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('test-token');

    await userEvent.clear(dialog.getByLabelText('Your password'));
    await userEvent.type(dialog.getByLabelText('Your password'), 'Right-passw0rd!');
    await userEvent.click(confirm);
    expect(await screen.findByRole('heading', { name: 'Your account has been deleted' })).toBeInTheDocument();
    expect(location()).toBe('/account-deleted');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(s.calls('DELETE /api/account').map((r) => r.body)).toEqual([{ password: 'wrong' }, { password: 'Right-passw0rd!' }]);
  });

  it('emails a code to an account without a password, and deletes with it', async () => {
    const google = user({ has_password: false, has_google: true });
    const s = server(google)
      .on('POST /api/account/deletion-code', { body: { message: 'We emailed you a code. Enter it to delete your account.', cooldown_seconds: 60 } })
      .on('DELETE /api/account', { body: { message: 'Your account and its data have been deleted.' } });
    renderApp('/app/settings', { server: s, user: google });
    const del = await section('Delete my account');
    await userEvent.click(del.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    expect(dialog.queryByLabelText('Your password')).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Email me a code' }));
    expect(await dialog.findByText(new RegExp(`We emailed you a code.*${google.email}`))).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('Code from the email'), ' ab12cd ');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByRole('heading', { name: 'Your account has been deleted' })).toBeInTheDocument();
    expect(s.calls('DELETE /api/account')[0].body).toEqual({ code: 'ab12cd' });
  });
});

describe('privacy policy and contact page', () => {
  it('describe export and deletion in Settings instead of a request by message', async () => {
    renderApp('/privacy-policy');
    expect(await screen.findByText(/Export my data/)).toBeInTheDocument();
    const deletion = screen.getByText(/asks for your password/);
    expect(deletion).toHaveTextContent(/Google Calendar, we ask Google to revoke our access/);
    expect(deletion).toHaveTextContent(/records of payments/i);
    expect(deletion).toHaveTextContent(/register again with the same email/);
  });
});
