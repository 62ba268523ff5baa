// The user's country (docs/product-decisions.md, "Country and where to watch"): asked in
// onboarding preset from the browser, edited in Settings, asked on the dashboard of an account
// that has none, and the card says where to watch there.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GENRES, SavePreferencesResponse, type User } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { recommendation, subscription, user } from './fixtures';

/** The browser's language and clock, as navigator.language and Intl report them. */
function browser(language: string, timeZone: string) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone };
  });
}

const MOVIES = Array.from({ length: 3 }, (_, i) => ({ id: `m${i}`, title: `Film ${i}`, year: 2000 + i, genre: 'Drama', language: 'English', kind: 'movie' as const, poster_url: '/p.svg' }));

/** Answers as the API does: the profile is the saved one once onboarding is finished. */
function onboardingServer() {
  let saved: User | null = null;
  return new FakeServer()
    .on('GET /api/settings/profile', () => ({ body: saved ?? user({ is_onboarded: false, country: null }) }))
    .on('GET /api/onboarding/genres', { body: { genres: [...GENRES] } })
    .on('GET /api/onboarding/languages', { body: { languages: ['English'] } })
    .on('GET /api/onboarding/movies/filtered', { body: { movies: MOVIES } })
    .on('GET /api/onboarding/platforms', { body: { platforms: [{ name: 'Netflix', color: '#e50914', logo_url: '/logo.svg', search_url: '', hosts: [], title_count: 1 }] } })
    .on('POST /api/onboarding/preferences', (req) => {
      saved = user({ is_onboarded: true, country: (req.body as { country?: string }).country ?? null });
      return { body: SavePreferencesResponse.parse({ message: 'Saved', user: saved }) };
    })
    .on('PUT /api/settings/profile', (req) => ({ body: user({ is_onboarded: true, ...(req.body as object) }) }))
    .on('GET /api/recommendations/current', { body: recommendation() })
    .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } })
    .on('GET /api/subscription/status', { body: subscription() });
}

async function toServicesStep() {
  const tick = (name: string) => userEvent.click(screen.getByRole('checkbox', { name }));
  const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('checkbox', { name: 'Drama' });
  await tick('Drama');
  await tick('Comedy');
  await next();
  await screen.findByRole('checkbox', { name: 'English' });
  await tick('English');
  await next();
  await screen.findByRole('checkbox', { name: 'Film 0 (2000)' });
  for (let i = 0; i < 3; i++) await tick(`Film ${i} (${2000 + i})`);
  await next();
  await screen.findByRole('checkbox', { name: 'Netflix' });
}

describe('country in onboarding', () => {
  it('is preset from the browser clock (Asia/Kolkata: India, even in English US) and saved', async () => {
    browser('en-US', 'Asia/Kolkata');
    const s = onboardingServer();
    const { location } = renderApp('/app/onboarding', { server: s, user: user({ is_onboarded: false, country: null }) });
    await toServicesStep();
    const select = screen.getByRole('combobox', { name: 'Where do you watch?' });
    expect(select).toHaveValue('IN');
    expect(within(select).getByRole('option', { selected: true })).toHaveTextContent('India');
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(location()).toBe('/app/dashboard'));
    expect(s.calls('POST /api/onboarding/preferences')[0].body).toMatchObject({ country: 'IN' });
  });

  it('falls back to the language region (en-GB) when the clock names no country, and the user can change it', async () => {
    browser('en-GB', 'UTC');
    const s = onboardingServer();
    const { location } = renderApp('/app/onboarding', { server: s, user: user({ is_onboarded: false, country: null }) });
    await toServicesStep();
    const select = screen.getByRole('combobox', { name: 'Where do you watch?' });
    expect(select).toHaveValue('GB');
    await userEvent.selectOptions(select, 'Canada');
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(location()).toBe('/app/dashboard'));
    expect(s.calls('POST /api/onboarding/preferences')[0].body).toMatchObject({ country: 'CA' });
  });
});

function settingsServer(u: User) {
  let current = u;
  return new FakeServer()
    .on('GET /api/settings/profile', () => ({ body: current }))
    .on('PUT /api/settings/profile', (req) => {
      current = { ...current, ...(req.body as object) };
      return { body: current };
    })
    .on('GET /api/subscription/status', { body: subscription() })
    .on('GET /api/onboarding/languages', { body: { languages: ['English'] } })
    .on('GET /api/onboarding/platforms', { body: { platforms: [] } })
    .on('GET /api/settings/calendar/status', { body: { has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false } });
}

describe('country in Settings', () => {
  it('edits the country with the rest of the profile, without a reload', async () => {
    const s = settingsServer(user({ country: 'GB' }));
    renderApp('/app/settings', { server: s, user: user({ country: 'GB' }) });
    const profile = within(await screen.findByRole('region', { name: 'Profile' }));
    const select = profile.getByRole('combobox', { name: 'Country' });
    expect(select).toHaveValue('GB');
    await userEvent.selectOptions(select, 'India');
    await userEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await profile.findByText('Profile saved.')).toBeInTheDocument();
    expect(s.calls('PUT /api/settings/profile')[0].body).toMatchObject({ country: 'IN' });
    expect(profile.getByRole('combobox', { name: 'Country' })).toHaveValue('IN');
    expect(JSON.parse(window.localStorage.getItem('user')!).country).toBe('IN');
  });

  it('offers the browser country to an account that has none, and says it is not saved yet', async () => {
    browser('de-DE', 'Europe/Berlin');
    const s = settingsServer(user({ country: null }));
    renderApp('/app/settings', { server: s, user: user({ country: null }) });
    const profile = within(await screen.findByRole('region', { name: 'Profile' }));
    const select = profile.getByRole('combobox', { name: 'Country' });
    expect(select).toHaveValue('DE');
    expect(select).toHaveAccessibleDescription(/Not saved yet/);
    await userEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await profile.findByText('Profile saved.')).toBeInTheDocument();
    expect(s.calls('PUT /api/settings/profile')[0].body).toMatchObject({ country: 'DE' });
    expect(profile.getByRole('combobox', { name: 'Country' })).not.toHaveAccessibleDescription(/Not saved yet/);
  });
});

describe('where to watch on the dashboard', () => {
  const dashboard = (u: User, rec = recommendation()) =>
    settingsServer(u)
      .on('GET /api/recommendations/current', { body: rec })
      .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } });

  it('says honestly that a pick is not on your services in your country, and where it streams', async () => {
    const rec = recommendation({
      platform: null,
      platform_logo_url: null,
      watch_url: null,
      region: 'IN',
      where_to_watch: [
        { platform: 'Apple TV', kind: 'rent', region: 'IN', elsewhere: false, yours: false, link: 'https://tv.apple.com/in/x', logo_url: null, from_justwatch: false },
        { platform: 'Netflix', kind: 'subscription', region: 'US', elsewhere: true, yours: true, link: null, logo_url: null, from_justwatch: false },
      ],
    });
    renderApp('/app/dashboard', { server: dashboard(user({ country: 'IN' }), rec), user: user({ country: 'IN' }) });
    const card = within(await screen.findByRole('article'));
    expect(card.getByText('Not on your services in India.')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Apple TV (rent)' })).toHaveAttribute('href', 'https://tv.apple.com/in/x');
    expect(card.getByText(/Streaming on Netflix in the United States\./)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /Where do you watch/ })).toBeNull();
  });

  it('asks an account without a country to pick one, preset, and shows the pick again for it', async () => {
    browser('en-US', 'Asia/Kolkata');
    const s = dashboard(user({ country: null }));
    renderApp('/app/dashboard', { server: s, user: user({ country: null }) });
    const prompt = within(await screen.findByRole('form', { name: /Where do you watch/ }));
    expect(prompt.getByRole('combobox', { name: /Where do you watch/ })).toHaveValue('IN');
    const before = s.calls('GET /api/recommendations/current').length;
    await userEvent.click(prompt.getByRole('button', { name: 'Save country' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: /Where do you watch/ })).toBeNull());
    expect(s.calls('PUT /api/settings/profile')[0].body).toEqual({ country: 'IN' });
    await waitFor(() => expect(s.calls('GET /api/recommendations/current').length).toBeGreaterThan(before));
  });
});
