// The streaming services of the user's country first, and the others named as not offered there
// (issue 35, item 11), in Settings for a user in Germany; onboarding shows the same list
// (PlatformStep) for the country chosen on its step.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { GENRES, type Platform } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { subscription, user } from './fixtures';

const platform = (name: string, countries: string[] | null): Platform => ({ name, color: '#000000', logo_url: '/logo.svg', search_url: '', hosts: [], countries, title_count: 1 });
// In the catalog's order (most titles first).
const PLATFORMS = [platform('Netflix', null), platform('Hulu', ['US']), platform('HBO Max', ['US', 'DE']), platform('Peacock', ['US']), platform('JioHotstar', ['IN']), platform('Disney+', null)];

function server(country: string | null) {
  const u = user({ country });
  return new FakeServer()
    .on('GET /api/settings/profile', { body: u })
    .on('GET /api/subscription/status', { body: subscription() })
    .on('GET /api/onboarding/languages', { body: { languages: ['English'] } })
    .on('GET /api/onboarding/genres', { body: { genres: [...GENRES] } })
    .on('GET /api/onboarding/platforms', { body: { platforms: PLATFORMS } })
    .on('GET /api/settings/calendar/status', { body: { has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false } });
}

const order = (scope: ReturnType<typeof within>) => scope.getAllByRole('checkbox').map((c: HTMLElement) => c.getAttribute('value') ?? c.closest('label')?.textContent);

describe('streaming services by country', () => {
  it("Settings in Germany: Germany's services first, then Hulu, Peacock and JioHotstar, named as not offered in Germany", async () => {
    renderApp('/app/settings', { server: server('DE'), user: user({ country: 'DE' }) });
    const services = within(await screen.findByRole('region', { name: 'Streaming services' }));
    await services.findByRole('checkbox', { name: 'Hulu' });
    expect(order(services)).toEqual(['Netflix', 'HBO Max', 'Disney+', 'Hulu', 'Peacock', 'JioHotstar']);
    expect(services.getByText(/Not offered in Germany: Hulu, Peacock, and JioHotstar\./)).toBeInTheDocument();
  });
});
