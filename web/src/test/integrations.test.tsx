// Issue 6 in the web app: the payment return, the calendar authorisation's cancel and reconnect
// states, the scheduled-picks controls, Add to calendar's server texts, and /unsubscribe.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALERT_TEXTS, STORAGE_KEYS, type CalendarStatus, type User } from '@app/shared';
import { renderApp } from './renderApp';
import { FakeServer } from './fakeServer';
import { config, recommendation, subscription, user } from './fixtures';
import { PAYMENTS_OFF_TEXT } from '../components/settings/PaymentsOffNote';
import { CALENDAR_DENIED_TEXT } from '../components/settings/CalendarSection';
import { PAYMENT_SUCCESS_TEXT, PAYMENT_UNKNOWN_TEXT } from '../hooks/usePaymentReturn';
import { UNSUBSCRIBE_INVALID_TEXT } from '../pages/UnsubscribePage';

const calendar = (over: Partial<CalendarStatus> = {}): CalendarStatus => ({
  has_refresh_token: false,
  calendar_enabled: false,
  account_email: null,
  available: true,
  needs_reconnect: false,
  ...over,
});
const lifetime = (over: Partial<User> = {}) => user({ subscription_tier: 'paid_lifetime', ...over });

function server(u: User = user(), cal = calendar()) {
  return new FakeServer()
    .on('GET /api/settings/profile', { body: u })
    .on('PUT /api/settings/profile', (req) => ({ body: { ...u, ...(req.body as object) } }))
    .on('GET /api/subscription/status', { body: subscription({ subscription_tier: u.subscription_tier }) })
    .on('GET /api/onboarding/languages', { body: { languages: ['English', 'Korean'] } })
    .on('GET /api/onboarding/platforms', { body: { platforms: [] } })
    .on('GET /api/settings/calendar/status', { body: cal });
}

const section = async (name: string) => within(await screen.findByRole('region', { name }));

describe('payment return', () => {
  it('confirms the order named in the success URL, and only then shows the lifetime plan', async () => {
    const s = server();
    s.on('POST /api/subscription/confirm', () => {
      s.on('GET /api/subscription/status', { body: subscription({ subscription_tier: 'paid_lifetime', recommendations_limit: null }) });
      s.on('GET /api/settings/profile', { body: lifetime() });
      return { body: subscription({ subscription_tier: 'paid_lifetime', recommendations_limit: null }) };
    });
    window.localStorage.setItem(STORAGE_KEYS.pendingSubscriptionId, 'our-order');
    const { location } = renderApp('/app/settings?payment=success&order_id=cs_test_1', { server: s, user: user() });
    expect(await screen.findByText(PAYMENT_SUCCESS_TEXT)).toBeInTheDocument();
    expect(s.calls('POST /api/subscription/confirm').map((r) => r.body)).toEqual([{ order_id: 'cs_test_1' }]);
    const sub = await section('Subscription');
    expect(await sub.findByText('Lifetime plan')).toBeInTheDocument();
    expect(await (await section('Calendar integration')).findByRole('button', { name: 'Connect Google Calendar' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/app/settings'));
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingSubscriptionId)).toBeNull();
  });

  it('upgrades nobody from ?payment=success alone', async () => {
    const s = server();
    renderApp('/app/settings?payment=success', { server: s, user: user() });
    expect(await screen.findByText(PAYMENT_UNKNOWN_TEXT)).toBeInTheDocument();
    expect(s.calls('POST /api/subscription/confirm')).toHaveLength(0);
    expect(await (await section('Subscription')).findByText('Free plan')).toBeInTheDocument();
    expect((await section('Calendar integration')).getByRole('button', { name: 'Upgrade to Unlock' })).toBeInTheDocument();
  });

  it('shows the server’s refusal when the order was not paid', async () => {
    const s = server().on('POST /api/subscription/confirm', { status: 409, body: { detail: ALERT_TEXTS.paymentCancelled } });
    renderApp('/app/settings?payment=success&order_id=cs_unpaid', { server: s, user: user() });
    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_TEXTS.paymentCancelled);
    expect(await (await section('Subscription')).findByText('Free plan')).toBeInTheDocument();
  });

  it('says why the button is off when the server has no payment provider', async () => {
    const s = server().on('GET /api/subscription/status', { body: subscription({ payments_enabled: false }) });
    s.on('GET /api/public/config', { body: config({ payments_enabled: false }) });
    renderApp('/app/settings?upgrade=true', { server: s, user: user() });
    const dialog = within(await screen.findByRole('dialog'));
    const pay = await dialog.findByRole('button', { name: 'Pay once and upgrade', description: PAYMENTS_OFF_TEXT });
    expect(pay).toBeDisabled();
    const sub = await section('Subscription');
    expect(sub.getByRole('button', { name: 'Upgrade to lifetime', description: PAYMENTS_OFF_TEXT })).toBeInTheDocument();
  });
});

describe('calendar settings', () => {
  it('explains a cancelled Google authorisation and clears its parameters', async () => {
    const s = server(lifetime());
    const { location } = renderApp('/app/settings?error=access_denied&state=abc', { server: s, user: lifetime() });
    expect(await screen.findByText(CALENDAR_DENIED_TEXT)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/app/settings'));
    expect(s.calls('POST /api/settings/calendar/connect')).toHaveLength(0);
  });

  it('offers Reconnect when Google no longer accepts the stored token', async () => {
    const s = server(lifetime(), calendar({ needs_reconnect: true })).on('GET /api/settings/calendar/auth-url', { status: 503, body: { detail: 'x' } });
    renderApp('/app/settings', { server: s, user: lifetime() });
    const cal = await section('Calendar integration');
    await userEvent.click(await cal.findByRole('button', { name: 'Reconnect Google Calendar' }));
    await waitFor(() => expect(s.calls('GET /api/settings/calendar/auth-url')).toHaveLength(1));
  });

  it('says exactly that the token was not saved when the connection has no refresh token', async () => {
    const s = server(lifetime()).on('POST /api/settings/calendar/connect', { body: calendar() });
    renderApp('/app/settings?code=c1&state=s1&scope=openid', { server: s, user: lifetime() });
    expect(await screen.findByText(ALERT_TEXTS.calendarIncomplete)).toBeInTheDocument();
  });
});

describe('scheduled picks', () => {
  it('offers email only, with the switch, to a free user', async () => {
    const s = server();
    renderApp('/app/settings', { server: s, user: user() });
    const profile = await section('Profile');
    const picks = within(profile.getByRole('group', { name: 'Scheduled picks' }));
    expect(picks.queryByRole('radio')).toBeNull();
    expect(picks.getByText('It arrives by email.')).toBeInTheDocument();
    await userEvent.click(picks.getByRole('checkbox', { name: /Send me a pick on these days/ }));
    expect(picks.queryByText('It arrives by email.')).toBeNull();
    await userEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await profile.findByText('Profile saved.')).toBeInTheDocument();
    expect(s.calls('PUT /api/settings/profile')[0].body).toMatchObject({ email_delivery: false });
    expect(s.calls('PUT /api/settings/profile')[0].body).not.toHaveProperty('delivery_channel');
  });

  it('lets a lifetime user with auto-schedule on choose the calendar alone', async () => {
    const s = server(lifetime(), calendar({ has_refresh_token: true, calendar_enabled: true, account_email: 'v@gmail.test' }));
    renderApp('/app/settings', { server: s, user: lifetime() });
    const profile = await section('Profile');
    const both = await profile.findByRole('radio', { name: /Calendar event and email/ });
    expect(both).toBeChecked();
    await userEvent.click(profile.getByRole('radio', { name: /Calendar event only/ }));
    await userEvent.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await profile.findByText('Profile saved.')).toBeInTheDocument();
    expect(s.calls('PUT /api/settings/profile')[0].body).toMatchObject({ email_delivery: true, delivery_channel: 'calendar' });
  });

  it('keeps calendar choices from a lifetime user whose auto-schedule is off', async () => {
    renderApp('/app/settings', { server: server(lifetime(), calendar({ has_refresh_token: true })), user: lifetime() });
    const profile = await section('Profile');
    expect(await profile.findByText(/Connect Google Calendar and turn on auto-schedule/)).toBeInTheDocument();
    expect(profile.queryByRole('radio')).toBeNull();
  });
});

describe('add to calendar', () => {
  it('shows the server’s reconnect text with a way to settings', async () => {
    const s = new FakeServer()
      .on('GET /api/recommendations/current', { body: recommendation() })
      .on('GET /api/recommendations/history', { body: { recommendations: [], page: 1, page_size: 10, total: 0 } })
      .on('GET /api/subscription/status', { body: subscription() })
      .on('POST /api/recommendations/add-to-calendar', { status: 409, body: { detail: 'Please reconnect your calendar in Settings.', code: 'calendar_reconnect', needs_reconnect: true } });
    renderApp('/app/dashboard', { server: s, user: lifetime() });
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule' }));
    const d = within(await screen.findByRole('dialog'));
    await userEvent.clear(d.getByLabelText('Date'));
    await userEvent.type(d.getByLabelText('Date'), '2099-12-31');
    await userEvent.click(d.getByRole('button', { name: 'Add to calendar' }));
    expect(await d.findByText(/Please reconnect your calendar in Settings\./)).toBeInTheDocument();
    expect(d.getByRole('link', { name: 'Reconnect in Settings' })).toHaveAttribute('href', '/app/settings?section=calendar');
  });
});

describe('unsubscribe page', () => {
  it('says the link is invalid without a token', async () => {
    renderApp('/unsubscribe');
    expect(await screen.findByRole('heading', { name: 'We could not use this unsubscribe link' })).toBeInTheDocument();
    expect(screen.getByText(UNSUBSCRIBE_INVALID_TEXT)).toBeInTheDocument();
  });

  it('changes nothing until confirmed, then turns scheduled picks off', async () => {
    const s = new FakeServer().on('POST /api/delivery/unsubscribe', { body: { message: 'You will no longer receive scheduled recommendations.', email_delivery: false } });
    renderApp('/unsubscribe?token=tok.en', { server: s });
    await screen.findByRole('heading', { name: 'Stop scheduled picks?' });
    expect(s.calls('POST /api/delivery/unsubscribe')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(screen.getByText('You will no longer receive scheduled recommendations.')).toBeInTheDocument();
    const [call] = s.calls('POST /api/delivery/unsubscribe');
    expect(call.query.get('token')).toBe('tok.en');
    expect(call.headers.authorization).toBeUndefined();
  });

  it('shows the server’s reason for a bad token', async () => {
    const s = new FakeServer().on('POST /api/delivery/unsubscribe', { status: 400, body: { detail: 'This unsubscribe link is invalid.' } });
    renderApp('/unsubscribe?token=forged', { server: s });
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'We could not use this unsubscribe link' })).toBeInTheDocument();
    expect(screen.getByText('This unsubscribe link is invalid.')).toBeInTheDocument();
  });
});
