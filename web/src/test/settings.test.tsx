import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALERT_TEXTS, STORAGE_KEYS, SavePreferencesResponse, type User } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { config, recommendation, subscription, user } from './fixtures';
import { PAYMENTS_OFF_TEXT } from '../components/settings/PaymentsOffNote';
import { CALENDAR_CONNECTED_TEXT } from '../components/settings/CalendarSection';
import { chooseTimezone } from './timezone';

function server(u: User = user()) {
  return new FakeServer()
    .on('GET /api/settings/profile', { body: u })
    .on('PUT /api/settings/profile', (req) => ({ body: { ...u, ...(req.body as object) } }))
    .on('GET /api/subscription/status', { body: subscription() })
    .on('GET /api/onboarding/languages', { body: { languages: ['English', 'Korean', 'Hindi'] } })
    .on('GET /api/onboarding/platforms', { body: { platforms: [] } })
    .on('GET /api/settings/calendar/status', { body: { has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false } });
}

const section = async (name: string) => within(await screen.findByRole('region', { name }));

describe('settings', () => {
  it('opens at the top when reached from the dashboard', async () => {
    const s = server()
      .on('GET /api/recommendations/current', { body: recommendation() })
      .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } });
    renderApp('/app/dashboard', { server: s, user: user() });
    await screen.findByRole('heading', { name: recommendation().movie_title });
    vi.mocked(window.scrollTo).mockClear();
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Settings' }));
    await section('Profile');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('needs at least one preferred language to save', async () => {
    const s = server();
    renderApp('/app/settings', { server: s, user: user() });
    const langs = await section('Preferred languages');
    await langs.findByRole('checkbox', { name: 'English' });
    await userEvent.click(langs.getByRole('checkbox', { name: 'English' }));
    expect(langs.getByRole('button', { name: 'Save' })).toBeEnabled();
    await userEvent.click(langs.getByRole('checkbox', { name: 'Korean' }));
    expect(langs.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(langs.getByText('Select at least one language to save.')).toBeInTheDocument();
    await userEvent.click(langs.getByRole('checkbox', { name: 'Hindi' }));
    await userEvent.click(langs.getByRole('button', { name: 'Save' }));
    expect(await langs.findByText('Saved.')).toBeInTheDocument();
    expect(s.calls('PUT /api/settings/profile')[0].body).toEqual({ preferred_languages: ['Hindi'] });
  });

  it('keeps at least one day selected, and saves the profile', async () => {
    const s = server(user({ selected_days: [1, 3] }));
    renderApp('/app/settings', { server: s, user: user({ selected_days: [1, 3] }) });
    const profile = await section('Profile');
    await userEvent.click(profile.getByRole('checkbox', { name: 'Monday' }));
    expect(profile.getByRole('checkbox', { name: 'Monday' })).not.toBeChecked();
    await userEvent.click(profile.getByRole('checkbox', { name: 'Wednesday' }));
    expect(profile.getByRole('checkbox', { name: 'Wednesday' })).toBeChecked();
    await userEvent.clear(profile.getByLabelText('Full name'));
    await userEvent.type(profile.getByLabelText('Full name'), 'New Name');
    await chooseTimezone(profile, 'Timezone', 'kolkata', 'Kolkata (Asia/Kolkata)');
    await userEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await profile.findByText('Profile saved.')).toBeInTheDocument();
    expect(s.calls('PUT /api/settings/profile')[0].body).toEqual({
      full_name: 'New Name',
      selected_days: [3],
      recommendation_time: '19:00',
      timezone: 'Asia/Kolkata',
      country: 'GB',
      email_delivery: true,
    });
  });

  it("shows the free plan's weekly reset as a day in the user's timezone", async () => {
    // Monday 00:00 in Tokyo is still Sunday in UTC: the date must be read in the user's zone.
    const tokyo = user({ timezone: 'Asia/Tokyo' });
    const s = server(tokyo).on('GET /api/subscription/status', { body: subscription({ week_resets_at: '2026-11-29T15:00:00.000Z' }) });
    renderApp('/app/settings', { server: s, user: tokyo });
    const plan = await section('Subscription');
    expect(await plan.findByText('Your 3 picks renew on Monday, 30 November')).toBeInTheDocument();
    expect(plan.queryByText(/Renews|AM|PM/)).toBeNull();
  });

  it("shows the week's picks and free replacements left in the plan section", async () => {
    const s = server().on('GET /api/subscription/status', {
      body: subscription({ recommendations_used: 3, recommendations_left: 0, free_replacements_used: 4, free_replacements_left: 1 }),
    });
    renderApp('/app/settings', { server: s, user: user() });
    const plan = await section('Subscription');
    expect(await plan.findByText('3 of 3 picks used · 1 free replacement left')).toBeInTheDocument();
  });

  it('says when no free replacements are left this week', async () => {
    const s = server().on('GET /api/subscription/status', { body: subscription({ free_replacements_used: 5, free_replacements_left: 0 }) });
    renderApp('/app/settings', { server: s, user: user() });
    const plan = await section('Subscription');
    expect(await plan.findByText('1 of 3 picks used · no free replacements left')).toBeInTheDocument();
  });

  it('shows no renewal on the lifetime plan', async () => {
    const life = user({ subscription_tier: 'paid_lifetime' });
    const s = server(life).on('GET /api/subscription/status', { body: subscription({ subscription_tier: 'paid_lifetime', recommendations_limit: null, week_resets_at: '2026-11-29T15:00:00.000Z' }) });
    renderApp('/app/settings', { server: s, user: life });
    const plan = await section('Subscription');
    expect(await plan.findByText('Lifetime plan')).toBeInTheDocument();
    expect(plan.queryByText(/renew/i)).toBeNull();
    expect(plan.getByText('1 used · unlimited')).toBeInTheDocument();
  });

  it('shows the alert when the profile cannot be saved', async () => {
    renderApp('/app/settings', { server: server().on('PUT /api/settings/profile', { status: 500, body: { detail: 'x' } }), user: user() });
    const profile = await section('Profile');
    await userEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await profile.findByText(ALERT_TEXTS.updateProfile)).toBeInTheDocument();
  });

  it('locks calendar integration on the free plan behind Upgrade to Unlock', async () => {
    const s = server();
    renderApp('/app/settings', { server: s, user: user() });
    const cal = await section('Calendar integration');
    await userEvent.click(cal.getByRole('button', { name: 'Upgrade to Unlock' }));
    expect(await screen.findByRole('heading', { name: 'Upgrade to lifetime' })).toBeInTheDocument();
    expect(s.calls('GET /api/settings/calendar/status')).toHaveLength(0);
  });

  it('explains that payments are off when the server has no payment provider', async () => {
    const s = server().on('GET /api/subscription/status', { body: subscription({ payments_enabled: false }) });
    s.on('GET /api/public/config', { body: config({ payments_enabled: false }) });
    renderApp('/app/settings?upgrade=true', { server: s, user: user() });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(PAYMENTS_OFF_TEXT)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay once and upgrade' })).toBeDisabled();
    const sub = await section('Subscription');
    expect(await sub.findByText('1 of 3 picks used · 5 free replacements left')).toBeInTheDocument();
    expect(sub.getByText('Active')).toBeInTheDocument();
  });

  it('shows the payment-link alert with the server detail', async () => {
    const s = server().on('POST /api/subscription/create-order', { status: 503, body: { detail: 'Stripe is down' } });
    renderApp('/app/settings?upgrade=true&section=subscription', { server: s, user: user() });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Pay once and upgrade' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay once and upgrade' }));
    expect(await within(dialog).findByText(ALERT_TEXTS.createPaymentLink('Stripe is down'))).toBeInTheDocument();
    expect(s.calls('POST /api/subscription/create-order')[0].body).toEqual({ billing_period: 'lifetime' });
  });

  it.each(['cancelled', 'failed'])('shows the payment message for payment=%s', async (p) => {
    window.localStorage.setItem(STORAGE_KEYS.pendingSubscriptionId, 'order-1');
    const { location } = renderApp(`/app/settings?payment=${p}`, { server: server(), user: user() });
    expect(await screen.findByText(ALERT_TEXTS.paymentCancelled)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/app/settings'));
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingSubscriptionId)).toBeNull();
  });

  it('confirms the order with the server on payment=success', async () => {
    window.localStorage.setItem(STORAGE_KEYS.pendingSubscriptionId, 'order-1');
    const s = server().on('POST /api/subscription/confirm', { body: subscription({ subscription_tier: 'paid_lifetime', recommendations_limit: null }) });
    renderApp('/app/settings?payment=success', { server: s, user: user() });
    expect(await screen.findByText('Payment successful! You now have lifetime access.')).toBeInTheDocument();
    expect(s.calls('POST /api/subscription/confirm')[0].body).toEqual({ order_id: 'order-1' });
  });

  it('connects the calendar from ?code= and reports an incomplete connection', async () => {
    const paid = user({ subscription_tier: 'paid_lifetime' });
    const s = server(paid).on('POST /api/settings/calendar/connect', {
      body: { has_refresh_token: false, calendar_enabled: false, account_email: null, available: true, needs_reconnect: false },
    });
    renderApp('/app/settings?code=abc&state=xyz', { server: s, user: paid });
    expect(await screen.findByText(ALERT_TEXTS.calendarIncomplete)).toBeInTheDocument();
    expect(s.calls('POST /api/settings/calendar/connect')[0].body).toEqual({ code: 'abc', state: 'xyz' });
  });

  it('reports a successful calendar connection', async () => {
    const paid = user({ subscription_tier: 'paid_lifetime' });
    const s = server(paid).on('POST /api/settings/calendar/connect', {
      body: { has_refresh_token: true, calendar_enabled: true, account_email: 'v@example.test', available: true, needs_reconnect: false },
    });
    renderApp('/app/settings?code=abc', { server: s, user: paid });
    expect(await screen.findByText(CALENDAR_CONNECTED_TEXT)).toBeInTheDocument();
    expect(await screen.findByText('v@example.test')).toBeInTheDocument();
  });

  it('resets preferences after confirmation and goes to onboarding', async () => {
    const s = server()
      .on('DELETE /api/onboarding/preferences', { body: SavePreferencesResponse.parse({ message: 'Reset', user: user({ is_onboarded: false }) }) })
      .on('GET /api/onboarding/genres', { body: { genres: ['Drama'] } });
    const { location } = renderApp('/app/settings', { server: s, user: user() });
    const reset = await section('Reset preferences');
    await userEvent.click(reset.getByRole('button', { name: 'Reset preferences' }));
    const dialog = await screen.findByRole('dialog');
    expect(s.calls('DELETE /api/onboarding/preferences')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, reset' }));
    await waitFor(() => expect(location()).toBe('/app/onboarding'));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.user)!).is_onboarded).toBe(false);
  });
});
