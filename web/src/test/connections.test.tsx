// Settings > Connected apps in the web app: connecting Jellyfin by API key (find the server's
// users, choose one), the server's refusal beside the form, sync now, the webhook address and
// template, disconnecting with the choice to keep or remove what it brought in, and Trakt's code.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONNECTION_KINDS, type ConnectionKind, type ConnectionStatus } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { subscription, user } from './fixtures';

const status = (kind: ConnectionKind, over: Partial<ConnectionStatus> = {}): ConnectionStatus => ({
  kind,
  connected: false,
  account_name: null,
  server_url: null,
  last_sync_at: null,
  last_error: null,
  counts: { watched: 0, rated: 0, library: 0 },
  webhook_url: null,
  webhook_template: null,
  push_back: false,
  available: true,
  ...over,
});
const JF_CONNECTED = status('jellyfin', {
  connected: true,
  account_name: 'asha on Living room',
  server_url: 'http://192.168.1.20:8096',
  last_sync_at: '2026-03-01T10:00:00.000Z',
  counts: { watched: 41, rated: 3, library: 812 },
  webhook_url: 'http://localhost/api/integrations/webhooks/jellyfin/s3cret',
  webhook_template: '{"NotificationType": "{{NotificationType}}"}',
});

function server(list: ConnectionStatus[]) {
  return new FakeServer()
    .on('GET /api/subscription/status', { body: subscription() })
    .on('GET /api/onboarding/languages', { body: { languages: ['English'] } })
    .on('GET /api/onboarding/platforms', { body: { platforms: [] } })
    .on('GET /api/settings/calendar/status', { body: { has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false } })
    .on('GET /api/integrations', { body: { integrations: CONNECTION_KINDS.map((k) => list.find((s) => s.kind === k) ?? status(k)) } });
}

async function app(s: FakeServer, name: string) {
  renderApp('/app/settings', { server: s, user: user() });
  const region = within(await screen.findByRole('region', { name: 'Connected apps' }));
  return within(await region.findByRole('listitem', { name }));
}

describe('Settings > Connected apps', () => {
  it('connects Jellyfin by API key after choosing whose plays count', async () => {
    const s = server([])
      .on('POST /api/integrations/jellyfin/users', { body: { users: [{ id: 'u1', name: 'asha' }, { id: 'u2', name: 'ben' }] } })
      .on('POST /api/integrations/jellyfin', { body: JF_CONNECTED });
    const card = await app(s, 'Jellyfin');
    await userEvent.type(card.getByLabelText('Server address'), 'http://192.168.1.20:8096');
    await userEvent.type(card.getByLabelText('API key'), 'k3y');
    await userEvent.click(card.getByRole('button', { name: 'Find users' }));
    await userEvent.selectOptions(await card.findByLabelText('Whose plays count'), 'ben');
    await userEvent.click(card.getByRole('button', { name: 'Connect Jellyfin' }));
    expect(await card.findByText('asha on Living room')).toBeInTheDocument();
    expect(card.getByText(/Brought in so far: 41 titles watched, 3 ratings, 812 titles in your library\./)).toBeInTheDocument();
    expect(s.calls('POST /api/integrations/jellyfin')[0].body).toEqual({ server_url: 'http://192.168.1.20:8096', api_key: 'k3y', user_id: 'u2' });
  });

  it("shows the server's refusal beside the form and keeps what was typed", async () => {
    const s = server([]).on('POST /api/integrations/plex', { status: 400, body: { detail: 'Plex rejected the token.', code: 'bad_request' } });
    const card = await app(s, 'Plex');
    await userEvent.type(card.getByLabelText('Server address'), 'http://plex.local:32400');
    await userEvent.type(card.getByLabelText('Plex token'), 'nope');
    await userEvent.click(card.getByRole('button', { name: 'Connect Plex' }));
    expect(await card.findByRole('alert')).toHaveTextContent('Plex rejected the token.');
    expect(card.getByLabelText('Server address')).toHaveValue('http://plex.local:32400');
  });

  it('syncs now, shows the webhook and its template, and disconnects keeping the history', async () => {
    const s = server([JF_CONNECTED])
      .on('POST /api/integrations/jellyfin/sync', { body: { ...JF_CONNECTED, counts: { watched: 42, rated: 3, library: 812 } } })
      .on('DELETE /api/integrations/jellyfin', { body: status('jellyfin') });
    const card = await app(s, 'Jellyfin');
    expect(card.getByLabelText('Webhook address')).toHaveValue(JF_CONNECTED.webhook_url);
    expect(card.getByLabelText('Template')).toHaveValue(JF_CONNECTED.webhook_template);
    await userEvent.click(card.getByRole('button', { name: 'Sync now' }));
    expect(await card.findByText(/42 titles watched/)).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Disconnect' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Disconnect Jellyfin?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Disconnect, keep my history' }));
    await card.findByLabelText('Server address');
    expect(s.calls('DELETE /api/integrations/jellyfin')[0].query.get('keep')).toBe('true');
  });

  it('says when this server has no way to connect an app', async () => {
    const card = await app(server([status('trakt', { available: false })]), 'Trakt');
    expect(card.getByText('Trakt is not set up on this server.')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Connect Trakt' })).toBeNull();
  });

  it("shows Trakt's code and page, and moves on once Trakt approves", async () => {
    let polls = 0;
    const s = server([])
      .on('POST /api/integrations/trakt/device', { body: { user_code: 'A1B2C3D4', verification_url: 'https://trakt.tv/activate', expires_at: '2099-01-01T00:00:00.000Z', interval: 1 } })
      .on('POST /api/integrations/trakt/device/poll', () => ({
        body: ++polls < 2 ? status('trakt', { pending: true }) : status('trakt', { connected: true, account_name: 'asha' }),
      }));
    const card = await app(s, 'Trakt');
    await userEvent.click(card.getByRole('button', { name: 'Connect Trakt' }));
    expect(await card.findByText('A1B2C3D4')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'https://trakt.tv/activate' })).toHaveAttribute('href', 'https://trakt.tv/activate');
    await waitFor(() => expect(card.getByText('asha')).toBeInTheDocument(), { timeout: 10_000 });
    expect(card.getByLabelText('Send my likes, dislikes and watched titles back to Trakt')).not.toBeChecked();
  });
});
