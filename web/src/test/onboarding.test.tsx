import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALERT_TEXTS, GENRES, ONBOARDING_LIMITS, SavePreferencesResponse } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { recommendation, subscription, user } from './fixtures';
import { chooseTimezone } from './timezone';

const MOVIES = Array.from({ length: 24 }, (_, i) => ({
  id: `m${i}`,
  title: `Film ${i}`,
  year: 2000 + i,
  genre: 'Drama',
  language: 'English',
  kind: 'movie' as const,
  poster_url: `/api/catalog/titles/m${i}/poster.svg`,
  poster_fallback_url: `/api/catalog/titles/m${i}/poster.svg`,
}));

/**
 * Answers as the real API does: the profile says onboarded once the preferences are saved (the
 * dashboard reads it again as it opens, and a stale answer would send the user back).
 */
function server() {
  let onboarded = false;
  return new FakeServer()
    .on('GET /api/settings/profile', () => ({ body: user({ is_onboarded: onboarded }) }))
    .on('GET /api/onboarding/genres', { body: { genres: [...GENRES] } })
    .on('GET /api/onboarding/languages', { body: { languages: ['English', 'Korean', 'Hindi'] } })
    .on('GET /api/onboarding/movies/filtered', (req) => ({
      body: { movies: MOVIES.filter((m) => m.title.toLowerCase().includes((req.query.get('q') ?? '').toLowerCase())) },
    }))
    .on('GET /api/onboarding/platforms', {
      body: { platforms: [{ name: 'Netflix', color: '#e50914', logo_url: '/logo.svg', search_url: 'https://netflix.com', hosts: ['netflix.com'], title_count: 100 }] },
    })
    .on('POST /api/onboarding/preferences', () => {
      onboarded = true;
      return { body: SavePreferencesResponse.parse({ message: 'Saved', user: user({ is_onboarded: true }) }) };
    })
    .on('PUT /api/settings/profile', (req) => ({ body: user({ is_onboarded: true, ...(req.body as object) }) }))
    .on('GET /api/recommendations/current', { body: recommendation() })
    .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } });
}

const next = () => screen.getByRole('button', { name: 'Next' });
const tick = (name: string) => userEvent.click(screen.getByRole('checkbox', { name }));

describe('onboarding', () => {
  it('walks the four steps with their limits, Back, and saves with free_trial', async () => {
    const s = server();
    const { location } = renderApp('/app/onboarding', { server: s, user: user({ is_onboarded: false }) });

    // Step 1: genres, "Pick 2 to 5".
    expect(await screen.findByText(ONBOARDING_LIMITS.genresLabel)).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(next()).toBeDisabled();
    await tick('Drama');
    expect(next()).toBeDisabled();
    await tick('Comedy');
    expect(next()).toBeEnabled();
    for (const g of ['Horror', 'Thriller', 'War']) await tick(g);
    expect(screen.getByRole('checkbox', { name: 'Western' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Drama' })).toBeEnabled();
    await tick('War');
    expect(screen.getByRole('checkbox', { name: 'Western' })).toBeEnabled();
    await userEvent.click(next());

    // Step 2: languages, at least 1.
    expect(await screen.findByText(/Step 2 of 4/)).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await tick('Korean');
    expect(next()).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText(/Step 1 of 4/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Horror' })).toBeChecked();
    await userEvent.click(next());
    await userEvent.click(next());

    // Step 3: favourites from the filtered list, 3 to 20, with search.
    expect(await screen.findByText(/Step 3 of 4/)).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'Film 0 (2000)' });
    const filtered = s.calls('GET /api/onboarding/movies/filtered')[0];
    expect(filtered.query.get('genres')).toBe('Drama,Comedy,Horror,Thriller');
    expect(filtered.query.get('languages')).toBe('Korean');
    await tick('Film 0 (2000)');
    await tick('Film 1 (2001)');
    expect(next()).toBeDisabled();
    await tick('Film 2 (2002)');
    expect(next()).toBeEnabled();
    for (let i = 3; i < ONBOARDING_LIMITS.favouritesMax; i++) await tick(`Film ${i} (${2000 + i})`);
    expect(screen.getByText(/20 of 20 selected/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Film 21/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Film 19' }));
    expect(screen.getByRole('checkbox', { name: /Film 21/ })).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Search titles'), 'Film 23');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /Film 22/ })).toBeNull());
    await tick('Film 23 (2023)');
    await userEvent.click(next());

    // Step 4: platforms are optional.
    expect(await screen.findByText(/Step 4 of 4/)).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'Netflix' });
    const readsBefore = s.calls('GET /api/settings/profile').length;
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(location()).toBe('/app/dashboard'));
    // The dashboard reads the profile again as it opens; once that answer is in, the user stays.
    await screen.findByRole('heading', { name: /Arrival/ });
    await waitFor(() => expect(s.calls('GET /api/settings/profile').length).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem('user')!).is_onboarded).toBe(true));
    expect(location()).toBe('/app/dashboard');

    const saved = s.calls('POST /api/onboarding/preferences')[0].body as Record<string, unknown>;
    expect(saved.subscription_tier).toBe('free_trial');
    expect(saved.selected_genres).toEqual(['Drama', 'Comedy', 'Horror', 'Thriller']);
    expect(saved.preferred_languages).toEqual(['Korean']);
    expect(saved.ott_subscriptions).toEqual([]);
    expect((saved.initial_movies as string[]).length).toBe(20);
    expect(saved.initial_movies).toContain('Film 23');

    const events = s.calls('POST /api/analytics/events').map((r) => r.body as { name: string; properties?: Record<string, unknown> });
    expect(events.filter((e) => e.name === 'onboarding_started')).toHaveLength(1);
    expect(events.find((e) => e.name === 'onboarding_completed')?.properties).toEqual({ genres: 4, languages: 1, platforms: 0, plan_type: 'free_trial' });
    expect(JSON.parse(window.localStorage.getItem('user')!).is_onboarded).toBe(true);
    // Nothing asked for: the browser's zone is kept and scheduled emails stay off.
    expect(s.calls('PUT /api/settings/profile')[0].body).toEqual({ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone, email_delivery: false });
  });

  async function toLastStep() {
    await screen.findByText(ONBOARDING_LIMITS.genresLabel);
    await tick('Drama');
    await tick('Comedy');
    await userEvent.click(next());
    await screen.findByText(/Step 2 of 4/);
    await tick('English');
    await tick('Korean');
    await userEvent.click(next());
    await screen.findByRole('checkbox', { name: 'Film 0 (2000)' });
    for (let i = 0; i < 3; i++) await tick(`Film ${i} (${2000 + i})`);
    await userEvent.click(next());
    await screen.findByRole('checkbox', { name: 'Netflix' });
  }

  it('offers the scheduled email at the end, off, with Mon-Fri 19:00 in the browser zone; saves what the user chose', async () => {
    const s = server();
    const { location } = renderApp('/app/onboarding', { server: s, user: user({ is_onboarded: false }) });
    await toLastStep();
    const offer = within(screen.getByRole('region', { name: /Email me a pick/ }));
    expect(offer.getByLabelText('Your timezone')).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const toggle = offer.getByRole('checkbox', { name: /Email me a pick on the days I choose/ });
    expect(toggle).not.toBeChecked();
    expect(offer.queryByLabelText('Time')).toBeNull();
    await userEvent.click(toggle);
    for (const d of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) expect(offer.getByRole('checkbox', { name: d })).toBeChecked();
    expect(offer.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
    expect(offer.getByLabelText('Time')).toHaveValue('19:00');
    await userEvent.click(offer.getByRole('checkbox', { name: 'Monday' }));
    await userEvent.click(offer.getByRole('checkbox', { name: 'Saturday' }));
    await userEvent.clear(offer.getByLabelText('Time'));
    await userEvent.type(offer.getByLabelText('Time'), '20:30');
    await chooseTimezone(offer, 'Your timezone', 'berlin', 'Europe/Berlin');
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(location()).toBe('/app/dashboard'));
    expect(s.calls('PUT /api/settings/profile')[0].body).toEqual({ timezone: 'Europe/Berlin', email_delivery: true, selected_days: [2, 3, 4, 5, 6], recommendation_time: '20:30' });
  });

  it('Settings opened from the header right after onboarding shows what onboarding saved (issue 12)', async () => {
    // The server before onboarding: no languages, no services; after it: what was chosen.
    let onboarded = false;
    const before = user({ is_onboarded: false, preferred_languages: [], ott_subscriptions: [] });
    const after = user({ is_onboarded: true, preferred_languages: ['English', 'Korean'], ott_subscriptions: ['Netflix'] });
    const s = server()
      .on('GET /api/settings/profile', () => ({ body: onboarded ? after : before }))
      .on('POST /api/onboarding/preferences', () => {
        onboarded = true;
        return { body: SavePreferencesResponse.parse({ message: 'Saved', user: after }) };
      })
      .on('PUT /api/settings/profile', () => ({ body: after }))
      .on('GET /api/subscription/status', { body: subscription() })
      .on('GET /api/settings/calendar/status', { body: { has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false } });
    renderApp('/app/onboarding', { server: s, user: before });
    await toLastStep();
    await tick('Netflix');
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Settings' }));
    const langs = within(await screen.findByRole('region', { name: 'Preferred languages' }));
    expect(await langs.findByRole('checkbox', { name: 'English' })).toBeChecked();
    expect(langs.getByRole('checkbox', { name: 'Korean' })).toBeChecked();
    expect(langs.queryByText('Select at least one language to save.')).toBeNull();
    const services = within(screen.getByRole('region', { name: 'Streaming services' }));
    expect(await services.findByRole('checkbox', { name: 'Netflix' })).toBeChecked();
  });

  it('a profile read asked before Finish and answered after it never sends the user back to onboarding', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    let staleAnswered = false;
    const s = server().on('GET /api/settings/profile', async () => {
      reads += 1;
      if (reads > 1) return { body: user({ is_onboarded: true }) };
      // The signed-in layout's read, as the server answered it before the preferences were saved.
      await held;
      staleAnswered = true;
      return { body: user({ is_onboarded: false }) };
    });
    const { location } = renderApp('/app/onboarding', { server: s, user: user({ is_onboarded: false }) });
    await toLastStep();
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(location()).toBe('/app/dashboard'));
    release();
    await screen.findByRole('heading', { name: /Arrival/ });
    await waitFor(() => expect(staleAnswered).toBe(true));
    // The stale answer is read and handed to the app within a few turns of the event loop.
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
    expect(JSON.parse(window.localStorage.getItem('user')!).is_onboarded).toBe(true);
    expect(location()).toBe('/app/dashboard');
  });

  it('shows the alert text when saving fails', async () => {
    const s = server().on('POST /api/onboarding/preferences', { status: 500, body: { detail: 'Internal server error' } });
    renderApp('/app/onboarding', { server: s, user: user({ is_onboarded: false }) });
    await screen.findByText(ONBOARDING_LIMITS.genresLabel);
    await tick('Drama');
    await tick('Comedy');
    await userEvent.click(next());
    await screen.findByText(/Step 2 of 4/);
    await tick('English');
    await userEvent.click(next());
    await screen.findByRole('checkbox', { name: 'Film 0 (2000)' });
    for (let i = 0; i < 3; i++) await tick(`Film ${i} (${2000 + i})`);
    await userEvent.click(next());
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_TEXTS.savePreferences);
    expect(within(screen.getByRole('alert')).getByText(ALERT_TEXTS.savePreferences)).toBeInTheDocument();
  });
});
