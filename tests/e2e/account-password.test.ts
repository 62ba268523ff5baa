// A forgotten password in real Chromium against the real server (built app, real database, SMTP
// mailbox): from the sign-in page to a new password with the code read from the mailbox, signed
// in; the old password and the sessions from before no longer work; Settings > Devices shows this
// browser, and signing in again with the new password works.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { GOOD_PASSWORD, rawRequest, type TestServer } from '../../server/test/support/test-server.js';
import { onboardedUser } from '../../server/test/recommendations.helpers.js';
import { mailedCode } from '../../server/test/support/credentials.js';
import { newContext, screenshot, seriousViolations, useWebApp } from './support/web-harness.js';

const NEW_PASSWORD = 'N3w-password!';

describe('forgotten password in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  useWebApp((s, b) => ((server = s), (browser = b)));

  it('resets the password from the sign-in page with the mailed code, then signs in with the new one', async () => {
    const user = await onboardedUser(server);
    const oldToken = user.store.token!;
    const ctx = await newContext(browser, server.url, 'desktop');
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    // The link carries the email once the pre-rendered page runs (its Sign in button comes alive);
    // a click before that is a plain link to the empty form.
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The page loads on demand: until its heading shows, the Email field on screen is the sign-in page's.
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    const before = server.mailbox.messages.length;
    await page.getByRole('button', { name: 'Email me a code', exact: true }).click();
    // Either the answer or an error notice; an error fails here with its text instead of a timeout.
    const sent = page.getByText(`If ${user.email} has an account, we sent a code to it.`, { exact: false });
    await sent.or(page.getByRole('alert')).first().waitFor();
    expect(await page.getByRole('alert').allTextContents()).toEqual([]);
    await sent.waitFor();
    const code = await mailedCode(server, user.email, /password reset code/i, before);
    await page.getByLabel('Reset code').fill(code.toLowerCase());
    expect(await page.getByLabel('Reset code').inputValue()).toBe(code);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await screenshot(page, 'forgot-password-code');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/app/dashboard');

    // Everything signed in before the reset is signed out; a mail says the password changed.
    expect((await rawRequest(server.url, '/api/settings/profile', { token: oldToken })).status).toBe(401);
    await server.mailbox.waitFor((m) => m.to.includes(user.email) && /password was changed/i.test(m.subject));

    // Settings > Devices lists this browser as the only session, marked.
    await page.goto('/app/settings?section=devices');
    const devices = page.locator('#devices');
    await devices.getByText('This device').waitFor();
    expect(await devices.getByRole('listitem').count()).toBe(1);
    expect(await devices.getByRole('listitem').first().locator('strong').textContent()).toBe('Chrome on Linux');
    await page.locator('#security').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-security-devices');
    expect(await seriousViolations(page)).toEqual([]);

    // A new browser: the old password is refused, the new one signs in.
    const again = await (await newContext(browser, server.url, 'desktop')).newPage();
    await again.goto('/login');
    await again.getByLabel('Email').fill(user.email);
    await again.getByLabel('Password').fill(GOOD_PASSWORD);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await again.getByText('Incorrect email or password').waitFor();
    await again.getByLabel('Password').fill(NEW_PASSWORD);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await again.waitForURL('**/app/dashboard');
    expect(errors).toEqual([]);
  });
});
