// /login arrives pre-rendered, so a visitor can type (or a password manager can fill) before its
// script has loaded. Here the scripts are held back until the fields are filled: the button cannot
// send the form natively meanwhile (a GET with the password in the address), and once the script
// runs the form sends what was typed.
import { describe, expect, it } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { GOOD_PASSWORD, type TestServer } from '../../server/test/support/test-server.js';
import { journeyUser, newContext, useWebApp } from './support/web-harness.js';

describe('sign-in typed before the script loads', () => {
  let server: TestServer;
  let browser: Browser;
  useWebApp((s, b) => ((server = s), (browser = b)));

  it('keeps what was typed, sends nothing natively, and signs in once the script runs', async () => {
    const user = await journeyUser(server, 'Early Typist');
    const page = await (await newContext(browser, server.url, 'desktop')).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const addresses: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && addresses.push(f.url()));
    let held: Route[] | null = [];
    await page.route('**/*.js', (route) => (held ? held.push(route) : route.continue()));

    // Module scripts hold DOMContentLoaded back, so the test waits for the page's HTML only.
    await page.goto('/login', { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Sign in' });
    await button.waitFor();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('Wrong-password-1');
    expect(await button.isDisabled()).toBe(true);
    // Enter in a field, before the script: nothing is sent.
    await page.getByLabel('Password').press('Enter');
    expect(held.length).toBeGreaterThan(0);
    const waiting = held;
    held = null;
    for (const route of waiting) await route.continue();

    // The script hydrates the page: the button comes alive and the form sends what is on screen.
    await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
    await button.click();
    await page.getByText('Incorrect email or password').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    await page.getByLabel('Password').fill(GOOD_PASSWORD);
    await button.click();
    await page.waitForURL('**/app/dashboard');
    // No address along the way carried the form's fields.
    expect(addresses.filter((a) => a.includes('?'))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
