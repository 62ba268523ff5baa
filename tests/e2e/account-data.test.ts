// The account-data journey in headless Chromium with the built web app and extension, against the
// real server: the user downloads their data from Settings (a file that parses), deletes the
// account with their password, and is then signed out everywhere: signing in fails, and the
// extension's popup shows Sign in.
/// <reference types="chrome" />
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { AccountExport } from '@app/shared';
import { startTestServer, signUp, GOOD_PASSWORD, type TestServer, type TestClient } from '../../server/test/support/test-server.js';
import { artifact, buildExtensionFor, EXTENSION_ID, freePort, launchWithExtension, WEB_DIST } from './support/extension-harness.js';

const POPUP = `chrome-extension://${EXTENSION_ID}/src/popup/index.html`;

describe('export my data, then delete my account', () => {
  let server: TestServer;
  let extensionDir: string;
  let context: BrowserContext;
  let worker: Worker;
  let user: TestClient & { email: string };
  let web: Page;
  let popup: Page;
  const stored = (key: string) => worker.evaluate(async (k) => (await chrome.storage.local.get(k))[k] ?? null, key);

  beforeAll(async () => {
    if (!existsSync(`${WEB_DIST}/index.html`)) throw new Error('web/dist is missing: run `npm run build -w web` first');
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    server = await startTestServer('sqlite', { env: { PORT: String(port), APP_URL: origin, EXTENSION_ORIGINS: `chrome-extension://${EXTENSION_ID}` }, webDist: WEB_DIST });
    extensionDir = await buildExtensionFor(origin);
    context = await launchWithExtension(extensionDir);
    worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

    user = await signUp(server, { fullName: 'Leaving Soon' });
    const { movies } = await user.api.onboarding.movies();
    await user.api.onboarding.savePreferences({
      selected_genres: ['Drama', 'Comedy'],
      initial_movies: movies.slice(0, 3).map((m) => m.title),
      preferred_languages: ['English'],
      ott_subscriptions: ['Netflix'],
    });
    const pick = await user.api.recommendations.current();
    await user.api.recommendations.rate({ movie_title: pick.movie_title, rating: true, recommendation_id: pick.id });
  });

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (extensionDir) rmSync(extensionDir, { recursive: true, force: true });
  });

  it('signs in on the web and connects the extension', async () => {
    web = await context.newPage();
    await web.goto(`${server.url}/login`);
    await web.fill('#login-email', user.email);
    await web.fill('#login-password', GOOD_PASSWORD);
    await web.click('button[type="submit"]');
    await web.waitForURL(/\/app\/dashboard$/);

    popup = await context.newPage();
    await popup.goto(POPUP);
    await popup.locator('[data-state="signed-out"]').waitFor();
    const [connect] = await Promise.all([context.waitForEvent('page'), popup.click('[data-action="sign-in"]')]);
    await connect.getByRole('button', { name: 'Approve' }).click();
    await connect.getByText('This browser is connected').waitFor();
    await connect.close();
    expect(await stored('token')).toMatch(/^tpx_/);
    await popup.reload();
    await popup.locator('[data-state="pick"]').waitFor();
  });

  it('Settings > Export my data downloads a JSON file that parses and holds the account', async () => {
    await web.bringToFront();
    await web.goto(`${server.url}/app/settings#data`);
    const section = web.getByRole('region', { name: 'Export my data' });
    await section.waitFor();
    const [download] = await Promise.all([web.waitForEvent('download'), section.getByRole('button', { name: 'Export my data (JSON)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^tonights-pick-export-\d{4}-\d{2}-\d{2}\.json$/);
    const path = artifact(download.suggestedFilename());
    await download.saveAs(path);
    const data = AccountExport.parse(JSON.parse(readFileSync(path, 'utf8')));
    expect(data.profile.email).toBe(user.email);
    expect(data.ratings).toHaveLength(1);
    expect(data.connected_browsers).toHaveLength(1);
    await section.getByText(/^Downloaded tonights-pick-export-/).waitFor();

    const [csv] = await Promise.all([web.waitForEvent('download'), section.getByRole('button', { name: 'Ratings and history (CSV)' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const csvPath = artifact(csv.suggestedFilename());
    await csv.saveAs(csvPath);
    expect(readFileSync(csvPath, 'utf8').split('\r\n')[0]).toBe('recommended_at,title,title_id,status,rating,rated_at,mood,platform,reason,closed_at,imdb_id,tmdb_id,tmdb_kind,year,kind');
  });

  it('Settings > Delete my account with the password signs out; signing in then fails and the popup shows Sign in', async () => {
    const section = web.getByRole('region', { name: 'Delete my account' });
    await section.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = web.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill('Not-my-passw0rd');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await dialog.getByText('That password is not right.').waitFor();
    await dialog.getByLabel('Your password').fill(GOOD_PASSWORD);
    await web.screenshot({ path: artifact('account-delete-dialog.png') });
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await web.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
    expect(new URL(web.url()).pathname).toBe('/account-deleted');
    await web.screenshot({ path: artifact('account-deleted.png') });
    expect(await web.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await server.mailbox.waitFor((m) => m.to.includes(user.email) && /has been deleted/.test(m.subject));

    await web.goto(`${server.url}/login`);
    await web.fill('#login-email', user.email);
    await web.fill('#login-password', GOOD_PASSWORD);
    await web.click('button[type="submit"]');
    await web.getByText('Incorrect email or password').waitFor();
    expect(new URL(web.url()).pathname).toBe('/login');

    await popup.bringToFront();
    await popup.reload();
    await popup.locator('[data-state="signed-out"]').waitFor();
    expect(await popup.locator('[data-action="sign-in"]').innerText()).toMatch(/Sign in/);
    expect(await stored('token')).toBeNull();
  });
});
