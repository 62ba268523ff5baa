// "Forgot password?" (docs/security.md, "Password reset"): from the sign-in page, an emailed code
// and a new password sign the user in. The fake answers as the real API does.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthResponse, ForgotPasswordResponse, PASSWORD_RULES, STORAGE_KEYS } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer, type RecordedRequest } from './fakeServer';
import { user } from './fixtures';

const EMAIL = 'viewer@example.test';
const CODE = 'K7Q2ZD';
const NEW_PASSWORD = 'N3w-password!';

function resetServer(): FakeServer {
  return new FakeServer()
    .on('POST /api/auth/forgot-password', (req: RecordedRequest) => ({
      body: ForgotPasswordResponse.parse({
        message: `If ${(req.body as { email: string }).email} has an account, we sent a code to it. Enter it here with your new password; it expires in 30 minutes.`,
        retry_after_seconds: 60,
      }),
    }))
    .on('POST /api/auth/reset-password', (req: RecordedRequest) => {
      const b = req.body as { code: string; new_password: string };
      if (b.new_password.length < 8) return { status: 400, body: { detail: 'Password must be at least 8 characters long', code: 'bad_request' } };
      if (b.code !== CODE) return { status: 400, body: { detail: 'Invalid reset code. 4 attempts left.', code: 'bad_request' } };
      return { body: AuthResponse.parse({ access_token: 'new-token', token_type: 'bearer', user: user({ email: EMAIL }), requires_verification: false, message: 'Your password was changed and every other device was signed out.' }) };
    })
    .on('GET /api/recommendations/current', { body: {} });
}

describe('forgot password', () => {
  it('keeps the address typed on the sign-in page when the link is opened natively (a new tab): it rides in the fragment', async () => {
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), ` ${EMAIL} `);
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', `/forgot-password#email=${encodeURIComponent(EMAIL)}`);
  });

  it('opened with the address in its fragment, the form is filled with it', async () => {
    renderApp(`/forgot-password#email=${encodeURIComponent('viewer+films@example.test')}`);
    expect(await screen.findByLabelText('Email')).toHaveValue('viewer+films@example.test');
  });

  it('is reached from the sign-in page with the typed address, and sets a new password with the emailed code', async () => {
    const server = resetServer();
    const { location } = renderApp('/login', { server });
    await userEvent.type(await screen.findByLabelText('Email'), EMAIL);
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(location()).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText(/If viewer@example.test has an account, we sent a code to it/)).toBeInTheDocument();
    expect(server.calls('POST /api/auth/forgot-password')[0].body).toEqual({ email: EMAIL });
    // The resend waits for the cooldown.
    expect(screen.getByRole('button', { name: /Email a new code in \d+s/ })).toBeDisabled();

    const password = screen.getByLabelText('New password');
    expect(password).toHaveAccessibleDescription(`${PASSWORD_RULES.hint}. Every other device will be signed out.`);
    await userEvent.type(screen.getByLabelText('Reset code'), 'k7q2zx');
    await userEvent.type(password, NEW_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Invalid reset code. 4 attempts left.')).toBeInTheDocument();
    expect(location()).toBe('/forgot-password');

    await userEvent.clear(screen.getByLabelText('Reset code'));
    await userEvent.type(screen.getByLabelText('Reset code'), CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(location()).toBe('/app/dashboard'));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(server.calls('POST /api/auth/reset-password').at(-1)?.body).toEqual({ email: EMAIL, code: CODE, new_password: NEW_PASSWORD });
  });

  it("shows the server's refusal of a weak password and of a request inside the cooldown", async () => {
    const server = resetServer().on('POST /api/auth/forgot-password', {
      status: 429,
      headers: { 'Retry-After': '42' },
      body: { detail: 'Please wait 42 seconds before requesting another code.', code: 'rate_limited', retry_after_seconds: 42 },
    });
    renderApp('/forgot-password', { server });
    await userEvent.type(await screen.findByLabelText('Email'), EMAIL);
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    // The code mailed a moment ago still works: the code step opens with the wait shown.
    expect(await screen.findByText('Please wait 42 seconds before requesting another code.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Email a new code in 4\ds/ })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Reset code'), CODE);
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
  });
});
