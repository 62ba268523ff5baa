// The signed-in visitor of the web benchmarks (bench:web's dashboard, web-trace.ts): a verified,
// onboarded user with one current pick, made through the API of a running server on a SQLite DATA_DIR.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { openDatabase } from '../../server/src/db/connection.js';

async function api<T>(url: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${url}${path}`, { method: init.method ?? (init.body === undefined ? 'GET' : 'POST'), headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A signed-up, verified, onboarded user with one current pick, and what the web app keeps in
 * localStorage for them (the keys 'token' and 'user', docs/screens.md "Browser storage").
 */
export async function onboardedUser(url: string, dataDir: string): Promise<{ token: string; user: unknown }> {
  const email = `lighthouse.${randomBytes(4).toString('hex')}@example.test`;
  const password = `Bench-${randomBytes(8).toString('hex')}`;
  await api(url, '/api/auth/register', { body: { email, password, full_name: 'Lighthouse Bench', timezone: 'Europe/London' } });
  // The emailed code is not what is measured: the account is marked verified in the database.
  const handle = await openDatabase({ dialect: 'sqlite', path: join(dataDir, 'app.db') });
  try {
    await handle.db.updateTable('users').set({ email_verified: 1 }).where('email', '=', email).execute();
  } finally {
    await handle.close();
  }
  const first = await api<{ access_token: string }>(url, '/api/auth/login', { body: { email, password } });
  const token = first.access_token;
  const genres = ['Drama', 'Thriller', 'Science Fiction'];
  const languages = ['English', 'Korean', 'Hindi'];
  const { movies } = await api<{ movies: Array<{ title: string }> }>(url, `/api/onboarding/movies/filtered?genres=${genres.join(',')}&languages=${languages.join(',')}`, { token });
  await api(url, '/api/onboarding/preferences', {
    token,
    // With a country, as the web app's onboarding sends it (preset from the browser): only accounts
    // made before countries have none, and the dashboard asks those for one above the card.
    body: { selected_genres: genres, preferred_languages: languages, initial_movies: movies.slice(0, 8).map((m) => m.title), ott_subscriptions: ['Netflix', 'Prime Video'], subscription_tier: 'free_trial', country: 'GB' },
  });
  await api(url, '/api/recommendations/new', { token, body: {} });
  const again = await api<{ access_token: string; user: unknown }>(url, '/api/auth/login', { body: { email, password } });
  return { token: again.access_token, user: again.user };
}


/**
 * Signs `page` in as the web app keeps a session (the keys 'token' and 'user'), on a page of the
 * origin that loads no app code (robots.txt), so none of the app's files is cached before a
 * measurement loads them.
 */
export async function storeSession(page: Page, origin: string, session: { token: string; user: unknown }): Promise<void> {
  await page.goto(new URL('/robots.txt', origin).href);
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
}
