import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { STORAGE_KEYS, type User } from '@app/shared';
import { App } from '../App';
import { createAppServices, type AppServices } from '../api/services';
import { FakeServer } from './fakeServer';
import { config } from './fixtures';

function LocationProbe() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

export interface RenderOptions {
  /** A stored session (token + user), as a returning visitor's browser has it. */
  user?: User;
  token?: string;
  server?: FakeServer;
  /** How long the app's first view has the page to itself (services.afterFirstView); 1 s as in the browser. */
  firstViewMs?: number;
}

/** Renders the whole app at `path` with a fresh localStorage session and a scripted API. */
export function renderApp(path: string, opts: RenderOptions = {}) {
  const server = opts.server ?? new FakeServer();
  server.on('POST /api/analytics/events', { status: 201, body: { message: 'Recorded' } });
  if (!server.has('GET /api/public/config')) server.on('GET /api/public/config', { body: config() });
  // Settings lists past imports; an account that never imported has none.
  if (!server.has('GET /api/imports')) server.on('GET /api/imports', { body: { imports: [] } });
  // Not in a household (a pick for two).
  if (!server.has('GET /api/household')) server.on('GET /api/household', { body: { household: null, invite: null, pick: null } });
  if (opts.user) {
    window.localStorage.setItem(STORAGE_KEYS.token, opts.token ?? 'test-token');
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(opts.user));
    if (!server.has('GET /api/settings/profile')) server.on('GET /api/settings/profile', { body: opts.user });
  }
  const services: AppServices = createAppServices({ fetch: server.fetch, storage: window.localStorage, firstViewMs: opts.firstViewMs });
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <App services={services} />
      <LocationProbe />
    </MemoryRouter>,
  );
  const location = () => utils.getByTestId('location').textContent;
  return { ...utils, server, services, location };
}
