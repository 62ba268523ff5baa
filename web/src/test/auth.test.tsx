import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_TEXTS, PASSWORD_RULES, STORAGE_KEYS, VERIFICATION } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { config, user } from './fixtures';
import { GOOGLE_SCRIPT_URL } from '../hooks/useGoogleIdentity';

const pendingAuth = { access_token: null, token_type: 'bearer', user: null, requires_verification: true };

describe('register', () => {
  it('shows the password hint (docs/screens.md, "Form rules") and marks full name optional', async () => {
    renderApp('/register');
    const password = await screen.findByLabelText('Password');
    expect(screen.getByText(PASSWORD_RULES.hint)).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(PASSWORD_RULES.hint);
    expect(screen.getByLabelText(/Full name/)).not.toBeRequired();
    expect(screen.getByLabelText('Email')).toBeRequired();
  });

  it('stores the pending email and goes to verify-email when verification is required', async () => {
    const server = new FakeServer().on('POST /api/auth/register', { status: 201, body: pendingAuth });
    const { location } = renderApp('/register', { server });
    await userEvent.type(await screen.findByLabelText('Email'), 'New@Example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Sup3r-secret!');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location()).toBe('/verify-email'));
    expect(server.calls('POST /api/auth/register')[0].body).toEqual({ email: 'New@Example.test', password: 'Sup3r-secret!', full_name: null, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone, ui_language: 'en' });
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingVerificationEmail)).toBe('new@example.test');
  });

  it("shows the server's detail, or the default text when there is none", async () => {
    const server = new FakeServer().on('POST /api/auth/register', { status: 400, body: { detail: 'Password needs a digit' } });
    renderApp('/register', { server });
    await userEvent.type(await screen.findByLabelText('Email'), 'a@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'weak');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password needs a digit')).toBeInTheDocument();

    server.on('POST /api/auth/register', { status: 500, text: 'oops' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(ERROR_TEXTS.registrationFailed)).toBeInTheDocument();
  });

  it('shows no Google button and loads no provider script without a client id', async () => {
    renderApp('/register');
    await screen.findByLabelText('Email');
    expect(screen.queryByTestId('google-button')).toBeNull();
    expect(document.querySelector(`script[src="${GOOGLE_SCRIPT_URL}"]`)).toBeNull();
    screen.getByRole('button', { name: 'Create account' });
  });

  it('loads the Google script from the provider when the server has a client id', async () => {
    const server = new FakeServer().on('GET /api/public/config', { body: config({ google_client_id: 'client-123.apps.googleusercontent.com' }) });
    renderApp('/login', { server });
    expect(await screen.findByTestId('google-button')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector(`script[src="${GOOGLE_SCRIPT_URL}"]`)).not.toBeNull());
  });
});

describe('login', () => {
  it.each([
    [true, '/app/dashboard'],
    [false, '/app/onboarding'],
  ])('stores the session and sends an onboarded=%s user to %s', async (onboarded, target) => {
    const u = user({ is_onboarded: onboarded });
    const server = new FakeServer().on('POST /api/auth/login', { body: { access_token: 'tok', token_type: 'bearer', user: u, requires_verification: false } });
    server.on('GET /api/onboarding/genres', { body: { genres: [] } }).on('GET /api/recommendations/current', { body: {} });
    const { location } = renderApp('/login', { server });
    await userEvent.type(await screen.findByLabelText('Email'), u.email);
    await userEvent.type(screen.getByLabelText('Password'), 'Sup3r-secret!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe(target));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!).email).toBe(u.email);
  });

  it('sends an unverified account to verify-email with its address pending', async () => {
    const server = new FakeServer().on('POST /api/auth/login', { body: { ...pendingAuth, message: 'We sent you a new code.' } });
    const { location } = renderApp('/login', { server });
    await userEvent.type(await screen.findByLabelText('Email'), 'late@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/verify-email'));
    expect(await screen.findByText('We sent you a new code.')).toBeInTheDocument();
  });

  it('shows the default text when the login fails without a detail', async () => {
    const server = new FakeServer().on('POST /api/auth/login', { status: 502, text: 'Bad gateway' });
    renderApp('/login', { server });
    await userEvent.type(await screen.findByLabelText('Email'), 'a@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(ERROR_TEXTS.loginFailed)).toBeInTheDocument();
  });
});

describe('verify email', () => {
  it('sends a visitor without a pending email to /register', async () => {
    const { location } = renderApp('/verify-email');
    await waitFor(() => expect(location()).toBe('/register'));
  });

  it('forces the code to upper-case letters and digits, at most 6, and enables submit only at exactly 6', async () => {
    window.localStorage.setItem(STORAGE_KEYS.pendingVerificationEmail, 'new@example.test');
    renderApp('/verify-email');
    const input = await screen.findByLabelText('Verification code');
    const submit = screen.getByRole('button', { name: 'Verify email' });
    await userEvent.type(input, 'a b-1.c2');
    expect(input).toHaveValue('AB1C2');
    expect(submit).toBeDisabled();
    await userEvent.type(input, 'd!3');
    expect(input).toHaveValue('AB1C2D');
    expect(submit).toBeEnabled();
    expect(input).toHaveAttribute('maxlength', String(VERIFICATION.codeLength));
    await userEvent.type(input, 'Z');
    expect(input).toHaveValue('AB1C2D');
  });

  it('puts the focus in the code field when it opens', async () => {
    window.localStorage.setItem(STORAGE_KEYS.pendingVerificationEmail, 'new@example.test');
    renderApp('/verify-email');
    expect(await screen.findByLabelText('Verification code')).toHaveFocus();
  });

  it('shows the resend countdown, and a back link to sign-up', async () => {
    window.localStorage.setItem(STORAGE_KEYS.pendingVerificationEmail, 'new@example.test');
    renderApp('/verify-email');
    const resend = await screen.findByRole('button', { name: /Resend code in (60|59)s/ });
    expect(resend).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Back to sign-up' })).toHaveAttribute('href', '/register');
  });

  it('shows success, clears the pending email and goes to onboarding after 2 seconds', async () => {
    window.localStorage.setItem(STORAGE_KEYS.pendingVerificationEmail, 'new@example.test');
    const u = user({ is_onboarded: false });
    const server = new FakeServer()
      .on('POST /api/auth/verify-email', { body: { access_token: 'tok', token_type: 'bearer', user: u, requires_verification: false } })
      .on('GET /api/onboarding/genres', { body: { genres: ['Drama'] } });
    const { location } = renderApp('/verify-email', { server });
    await userEvent.type(await screen.findByLabelText('Verification code'), 'abc123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText(/Your email is verified/)).toBeInTheDocument();
    expect(server.calls('POST /api/auth/verify-email')[0].body).toEqual({ email: 'new@example.test', verification_code: 'ABC123' });
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingVerificationEmail)).toBeNull();
    expect(location()).toBe('/verify-email');
    await waitFor(() => expect(location()).toBe('/app/onboarding'), { timeout: 4000 });
  });

  it("shows the server's detail when the code is wrong", async () => {
    window.localStorage.setItem(STORAGE_KEYS.pendingVerificationEmail, 'new@example.test');
    const server = new FakeServer().on('POST /api/auth/verify-email', { status: 400, body: { detail: 'That code is not right' } });
    renderApp('/verify-email', { server });
    await userEvent.type(await screen.findByLabelText('Verification code'), 'ZZZZZZ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    expect(await screen.findByText('That code is not right')).toBeInTheDocument();
  });
});
