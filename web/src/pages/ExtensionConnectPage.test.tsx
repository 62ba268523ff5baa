import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { I18nProvider } from '@lingui/react';
import { EXTENSION_HANDOFF, STORAGE_KEYS } from '@app/shared';
import { createAppServices } from '../api/services';
import { ServicesProvider } from '../api/ServicesContext';
import { activateLocale, i18n } from '../i18n/i18n';
import { FakeServer } from '../test/fakeServer';
import { user } from '../test/fixtures';
import { ExtensionConnectPage, browserName } from './ExtensionConnectPage';

const NONCE = 'n'.repeat(43);
const TOKEN = `tpx_${'T'.repeat(43)}`;
const issued = { id: 'b1', browser_name: 'Chrome on Linux', created_at: '2030-01-01T10:00:00.000Z', last_used_at: null, token: TOKEN };

function LoginProbe() {
  const state = useLocation().state as { from?: string } | null;
  return <p>login page, back to {state?.from}</p>;
}

function renderAt(path: string, server: FakeServer, signedIn = true) {
  if (signedIn) {
    window.localStorage.setItem(STORAGE_KEYS.token, 'session-token');
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user()));
  }
  const services = createAppServices({ fetch: server.fetch, storage: window.localStorage });
  return render(
    <I18nProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/extension/connect" element={<ExtensionConnectPage />} />
            <Route path="/login" element={<LoginProbe />} />
          </Routes>
        </MemoryRouter>
      </ServicesProvider>
    </I18nProvider>,
  );
}

/** What the extension's sign-in bridge does once the background accepted the token. */
function bridgeAcknowledges(nonce: string) {
  window.dispatchEvent(new MessageEvent('message', { data: { type: EXTENSION_HANDOFF.connectedMessage, nonce }, origin: window.location.origin, source: window }));
}

// The page's words are in the sign-in part of the catalog (its route loads it with the page).
beforeEach(async () => {
  await activateLocale('en', document, ['auth']);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ExtensionConnectPage', () => {
  it('sends a signed-out visitor through /login and back', async () => {
    renderAt(`/extension/connect?nonce=${NONCE}`, new FakeServer(), false);
    expect(await screen.findByText(`login page, back to /extension/connect?nonce=${NONCE}`)).toBeInTheDocument();
  });

  it('refuses a link without a proper nonce', async () => {
    const server = new FakeServer();
    renderAt('/extension/connect?nonce=short', server);
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('Approve issues a token for the nonce and hands it to this page’s own window, then shows success', async () => {
    const server = new FakeServer().on('POST /api/extension/tokens', { status: 201, body: issued });
    const posted: MessageEvent[] = [];
    const listen = (e: MessageEvent) => posted.push(e);
    window.addEventListener('message', listen);
    renderAt(`/extension/connect?nonce=${NONCE}`, server);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(posted.some((e) => (e.data as { type?: string }).type === EXTENSION_HANDOFF.tokenMessage)).toBe(true));
    const body = server.calls('POST /api/extension/tokens')[0].body as { nonce: string; browser_name: string };
    expect(body.nonce).toBe(NONCE);
    expect(body.browser_name).toBeTruthy();
    expect(posted.find((e) => (e.data as { type?: string }).type === EXTENSION_HANDOFF.tokenMessage)!.data).toEqual({ type: EXTENSION_HANDOFF.tokenMessage, nonce: NONCE, token: TOKEN });

    // An acknowledgement for another nonce, or from elsewhere, changes nothing.
    bridgeAcknowledges('other'.repeat(9));
    window.dispatchEvent(new MessageEvent('message', { data: { type: EXTENSION_HANDOFF.connectedMessage, nonce: NONCE }, origin: 'https://evil.example', source: window }));
    expect(screen.queryByText(/This browser is connected/)).toBeNull();
    bridgeAcknowledges(NONCE);
    expect(await screen.findByText(/This browser is connected/)).toBeInTheDocument();
    window.removeEventListener('message', listen);
  });

  it('revokes the token when no extension answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = new FakeServer()
      .on('POST /api/extension/tokens', { status: 201, body: issued })
      .on('DELETE /api/extension/tokens/b1', { body: { message: 'Browser disconnected' } });
    renderAt(`/extension/connect?nonce=${NONCE}`, server);
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.calls('POST /api/extension/tokens')).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(9000);
    expect(await screen.findByText(/The extension did not answer/)).toBeInTheDocument();
    await waitFor(() => expect(server.calls('DELETE /api/extension/tokens/b1')).toHaveLength(1));
  });

  it('shows the server’s detail when the nonce was already used', async () => {
    const server = new FakeServer().on('POST /api/extension/tokens', { status: 409, body: { detail: 'This connection request was already used.' } });
    renderAt(`/extension/connect?nonce=${NONCE}`, server);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This connection request was already used.')).toBeInTheDocument();
  });

  it('Cancel connects nothing', async () => {
    const server = new FakeServer();
    renderAt(`/extension/connect?nonce=${NONCE}`, server);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/Nothing was connected/)).toBeInTheDocument();
    expect(server.calls('POST /api/extension/tokens')).toHaveLength(0);
  });

  it('names the browser for Settings', () => {
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(browserName('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on macOS');
    expect(browserName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0')).toBe('Edge on Windows');
    expect(browserName('curl/8')).toBe('Browser');
  });
});
