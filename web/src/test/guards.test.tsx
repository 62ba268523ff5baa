import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { recommendation, subscription, user } from './fixtures';

function appServer() {
  return new FakeServer()
    .on('GET /api/recommendations/current', { body: recommendation() })
    .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } })
    .on('GET /api/subscription/status', { body: subscription() })
    .on('GET /api/onboarding/genres', { body: { genres: ['Drama', 'Comedy'] } })
    .on('GET /api/onboarding/languages', { body: { languages: ['English'] } })
    .on('GET /api/onboarding/platforms', { body: { platforms: [] } })
    .on('GET /api/catalog/posters', { body: { posters: [] } });
}

describe('route guards and redirects', () => {
  it.each(['/app', '/app/dashboard', '/app/settings', '/app/onboarding'])('sends a signed-out visitor from %s to /login', async (path) => {
    const { location } = renderApp(path, { server: appServer() });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it.each(['/app/dashboard', '/app/settings', '/app'])('sends a signed-in user who is not onboarded from %s to /app/onboarding', async (path) => {
    const { location } = renderApp(path, { server: appServer(), user: user({ is_onboarded: false }) });
    await waitFor(() => expect(location()).toBe('/app/onboarding'));
    expect(await screen.findByText(/Step 1 of 4/)).toBeInTheDocument();
  });

  it.each([
    ['/login', true, '/app/dashboard'],
    ['/register', true, '/app/dashboard'],
    ['/verify-email', true, '/app/dashboard'],
    ['/login', false, '/app/onboarding'],
    ['/register', false, '/app/onboarding'],
    ['/verify-email', false, '/app/onboarding'],
    ['/', true, '/app/dashboard'],
  ])('sends a signed-in user from %s (onboarded: %s) to %s', async (path, onboarded, target) => {
    const { location } = renderApp(path, { server: appServer(), user: user({ is_onboarded: onboarded }) });
    await waitFor(() => expect(location()).toBe(target));
  });

  it.each([
    ['/dashboard', '/app/dashboard'],
    ['/onboarding', '/app/onboarding'],
    ['/settings', '/app/settings'],
  ])('redirects legacy %s to %s', async (from, to) => {
    const { location } = renderApp(from, { server: appServer(), user: user({ is_onboarded: to !== '/app/onboarding' }) });
    await waitFor(() => expect(location()).toBe(to));
  });

  it('keeps ?upgrade=true&section=subscription through the legacy /settings redirect and opens the upgrade modal', async () => {
    const { location } = renderApp('/settings?upgrade=true&section=subscription', { server: appServer(), user: user() });
    await waitFor(() => expect(location()).toMatch(/^\/app\/settings\?/));
    expect(location()).toContain('section=subscription');
    expect(await screen.findByRole('heading', { name: 'Upgrade to lifetime' })).toBeInTheDocument();
  });

  it('removes token and user and goes to /login on a 401', async () => {
    const server = appServer().on('GET /api/settings/profile', { status: 401, body: { detail: 'Your session has expired. Please sign in again.' } });
    const { location } = renderApp('/app/dashboard', { server, user: user(), token: 'expired' });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(await screen.findByText(/Please sign in again/)).toBeInTheDocument();
  });

  it('sends the bearer token on signed-in calls', async () => {
    const server = appServer();
    renderApp('/app/dashboard', { server, user: user(), token: 'tok-123' });
    await waitFor(() => expect(server.calls('GET /api/recommendations/current')).toHaveLength(1));
    expect(server.calls('GET /api/recommendations/current')[0].headers.authorization).toBe('Bearer tok-123');
  });

  it('records a page view by path on each route change', async () => {
    const server = appServer();
    const { location } = renderApp('/dashboard', { server, user: user() });
    await waitFor(() => expect(location()).toBe('/app/dashboard'));
    await waitFor(() => expect(server.calls('POST /api/analytics/events').map((r) => (r.body as { path: string }).path)).toContain('/app/dashboard'));
    const views = server.calls('POST /api/analytics/events').map((r) => r.body as { name: string; path: string });
    expect(views.every((v) => v.name === 'page_view')).toBe(true);
    expect(views.map((v) => v.path)).toEqual(['/dashboard', '/app/dashboard']);
  });

  it('shows a not-found page for an unknown public path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
