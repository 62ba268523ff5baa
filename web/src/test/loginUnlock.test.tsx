// Sign-in while new browsers are limited (docs/security.md, "Sign-in limits"): the page offers an
// emailed code and signs in with password + code. The fake answers as the real API does.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthResponse, LoginRefusal, STORAGE_KEYS, UnlockCodeResponse } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer, type RecordedRequest } from './fakeServer';
import { user } from './fixtures';

const EMAIL = 'viewer@example.test';
const PASSWORD = 'Sup3r-secret!';
const CODE = 'K7Q2ZD';
const LIMITED = 'Too many attempts for this account. Please wait and try again.';

const refusal = (unlock: boolean) => ({
  status: 429,
  headers: { 'Retry-After': '840' },
  body: LoginRefusal.parse({ detail: LIMITED, code: 'rate_limited', retry_after_seconds: 840, ...(unlock ? { unlock_available: true } : {}) }),
});

/** The server's rules for one account whose limit for new browsers is spent. */
function limitedAccount(): FakeServer {
  const server = new FakeServer();
  server.on('POST /api/auth/login', (req: RecordedRequest) => {
    const b = req.body as { unlock_code?: string };
    if (b.unlock_code === undefined) return refusal(true);
    if (b.unlock_code !== CODE) return { status: 400, body: { detail: 'Invalid sign-in code. 4 attempts left.', code: 'bad_request' } };
    return { body: AuthResponse.parse({ access_token: 'tok', token_type: 'bearer', user: user({ email: EMAIL }), requires_verification: false }) };
  });
  server.on('POST /api/auth/login/unlock', {
    body: UnlockCodeResponse.parse({
      message: `If ${EMAIL} has an account with a password, we sent a sign-in code to it. Enter it here with your password.`,
      retry_after_seconds: 60,
    }),
  });
  server.on('GET /api/recommendations/current', { body: {} });
  return server;
}

async function signIn() {
  await userEvent.type(await screen.findByLabelText('Email'), EMAIL);
  await userEvent.type(screen.getByLabelText('Password'), PASSWORD);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in while new browsers are limited', () => {
  it('offers an emailed code, then signs in with password and code', async () => {
    const server = limitedAccount();
    const { location } = renderApp('/login', { server });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(LIMITED);
    expect(screen.queryByLabelText('Sign-in code')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Email me a code to sign in' }));
    expect(server.calls('POST /api/auth/login/unlock').map((r) => r.body)).toEqual([{ email: EMAIL }]);
    expect(await screen.findByText(/we sent a sign-in code to it/)).toBeInTheDocument();
    const codeField = screen.getByLabelText('Sign-in code');
    expect(codeField).toHaveAccessibleDescription(/code we emailed you/);
    expect(screen.getByRole('button', { name: /Email a new code in \d+s/ })).toBeDisabled();

    // A wrong code: the server's text, verbatim, and no session.
    await userEvent.type(codeField, 'aaaaaa');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid sign-in code. 4 attempts left.');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();

    await userEvent.clear(codeField);
    await userEvent.type(codeField, CODE.toLowerCase());
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with code' }));
    await waitFor(() => expect(location()).toBe('/app/dashboard'));
    expect(server.calls('POST /api/auth/login').at(-1)!.body).toEqual({ email: EMAIL, password: PASSWORD, unlock_code: CODE });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
  });

  it('inside the cooldown the code field still shows: the code mailed a moment ago works', async () => {
    const server = limitedAccount();
    server.on('POST /api/auth/login/unlock', {
      status: 429,
      headers: { 'Retry-After': '42' },
      body: { detail: 'Please wait 42 seconds before requesting another code.', code: 'rate_limited', retry_after_seconds: 42 },
    });
    renderApp('/login', { server });
    await signIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Email me a code to sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 42 seconds before requesting another code.');
    expect(screen.getByLabelText('Sign-in code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Email a new code in \d+s/ })).toBeDisabled();
  });

  it('offers a code only when the refusal is about new browsers, not the network limit', async () => {
    const server = limitedAccount();
    server.on('POST /api/auth/login', {
      ...refusal(false),
      body: LoginRefusal.parse({ detail: 'Too many attempts from your network. Please wait and try again.', code: 'rate_limited', retry_after_seconds: 840 }),
    });
    renderApp('/login', { server });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts from your network. Please wait and try again.');
    expect(screen.queryByRole('button', { name: 'Email me a code to sign in' })).toBeNull();
    server.on('POST /api/auth/login', refusal(true));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Email me a code to sign in' })).toBeInTheDocument();
  });

  it('changing the address starts over', async () => {
    renderApp('/login', { server: limitedAccount() });
    await signIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Email me a code to sign in' }));
    await screen.findByLabelText('Sign-in code');
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByLabelText('Sign-in code')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
