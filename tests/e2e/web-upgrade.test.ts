// Issue 6 end to end in Chromium: a free user at the limit buys the lifetime plan on the local
// Stripe page (signed webhook, then the return page confirms with the server), gets unlimited
// picks, connects Google Calendar through the local Google, and schedules a pick that lands in
// the fake calendar at the chosen local time. The return URL alone upgrades nobody. Each new state
// is scanned with axe here; web-upgrade-screens.test.ts shoots them at both sizes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_TEXTS, PLAN_LIMIT_TEXTS, eventMinutes } from '@app/shared';
import { chooseTimezone } from './support/web-harness.js';
import { dateIn, dbUser, onboardedUser, scan, signedInContext, startUpgradeWorld, wallClock, type UpgradeWorld } from './support/upgrade-harness.js';

const PAID = 'Payment successful! You now have lifetime access.';
const UNKNOWN_PAYMENT = 'We found no payment to confirm. If you paid, your plan is upgraded as soon as the payment provider tells us.';
const EVENT_ZONE = 'America/New_York';

describe('lifetime upgrade and Google Calendar in Chromium', () => {
  let world: UpgradeWorld;

  beforeAll(async () => {
    world = await startUpgradeWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('takes a free user at the limit through Stripe to unlimited picks and a pick in Google Calendar', async () => {
    const { server, stripe, google } = world;
    const user = await onboardedUser(server, 3);
    const { ctx, page, errors } = await signedInContext(world, user, 'desktop');
    const card = page.locator('article.rec-card');
    const title = () => card.getByRole('heading', { level: 2 }).innerText();

    // The fourth pick of the week is over the free limit.
    await page.goto('/app/dashboard');
    await card.waitFor();
    await card.getByRole('button', { name: 'New recommendation' }).click();
    const limit = page.getByRole('dialog');
    await limit.getByRole('heading', { name: PLAN_LIMIT_TEXTS.title }).waitFor();
    await limit.getByRole('button', { name: 'Upgrade to lifetime' }).click();
    await page.waitForURL('**/app/settings?upgrade=true&section=subscription');

    // The upgrade modal creates the order and goes to the payment page.
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Upgrade to lifetime' }).waitFor();
    const pay = modal.getByRole('button', { name: 'Pay once and upgrade' });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await scan(page, 'upgrade-pay');
    await pay.click();
    await page.waitForURL(`${stripe.url}/c/pay/**`);
    await page.getByRole('heading', { name: 'Pay $59.00' }).waitFor();
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(session).toMatchObject({ amount_total: 5900, currency: 'usd', customer_email: user.email, payment_status: 'unpaid' });

    // Pay: the fake delivers the signed webhook, then redirects to the success URL, where the page confirms.
    const confirm = page.waitForResponse((r) => r.url().endsWith('/api/subscription/confirm'));
    await page.getByRole('button', { name: 'Pay $59.00' }).click();
    const confirmed = await confirm;
    expect(confirmed.status()).toBe(200);
    expect(confirmed.request().postDataJSON()).toEqual({ order_id: session.id });
    expect((await confirmed.json()).subscription_tier).toBe('paid_lifetime');
    await page.getByText(PAID).waitFor();
    await page.waitForURL((u) => u.pathname === '/app/settings' && u.search === '');
    const subscription = page.getByRole('region', { name: 'Subscription' });
    await subscription.getByText('Lifetime plan').waitFor();
    await subscription.getByText(/unlimited/).waitFor();
    expect((await dbUser(server, user.id)).subscription_tier).toBe('paid_lifetime');
    await scan(page, 'payment-success');

    // Unlimited: a fourth and a fifth pick.
    await page.goto('/app/dashboard');
    await card.waitFor();
    for (let i = 0; i < 2; i++) {
      const before = await title();
      await card.getByRole('button', { name: 'New recommendation' }).click();
      await expect.poll(title).not.toBe(before);
    }
    expect(await page.getByRole('heading', { name: PLAN_LIMIT_TEXTS.title }).count()).toBe(0);
    expect(await user.api.subscription.status()).toMatchObject({ recommendations_used: 5, recommendations_limit: null, limit_reached: false });

    // The calendar section is unlocked. Google first answers without a refresh token.
    await page.goto('/app/settings');
    const calendar = page.getByRole('region', { name: 'Calendar integration' });
    expect(await calendar.getByRole('button', { name: 'Upgrade to Unlock' }).count()).toBe(0);
    google.options.omitRefreshToken = true;
    await calendar.getByRole('button', { name: 'Connect Google Calendar' }).click();
    await calendar.getByText(ALERT_TEXTS.calendarIncomplete, { exact: true }).waitFor();
    google.options.omitRefreshToken = false;

    // Then the user cancels on Google's page.
    google.nextConsent({ deny: true });
    await calendar.getByRole('button', { name: 'Connect Google Calendar' }).click();
    await calendar.getByText(/access was not allowed on Google’s page/).waitFor();
    await page.waitForURL((u) => u.pathname === '/app/settings' && u.search === '');

    // And connects.
    const account = `uma.${user.id.slice(0, 8)}@gmail.test`;
    google.nextConsent({ email: account });
    await calendar.getByRole('button', { name: 'Connect Google Calendar' }).click();
    await calendar.getByText('Calendar connected successfully!').waitFor();
    await calendar.getByText(account).waitFor();
    await page.waitForURL((u) => u.pathname === '/app/settings' && u.search === '');
    expect(await calendar.getByRole('checkbox', { name: /Add my picks to the calendar automatically/ }).isChecked()).toBe(true);
    expect((await dbUser(server, user.id)).calendar_account_email).toBe(account);

    // Scheduled picks now offer the calendar: the user takes the event without the email.
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByRole('radio', { name: /Calendar event only/ }).check();
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Profile saved.').waitFor();
    expect((await dbUser(server, user.id)).delivery_channel).toBe('calendar');
    await scan(page, 'calendar-connected');

    // Schedule tonight's pick for tomorrow 21:30 in New York: the event is in the fake calendar.
    await page.goto('/app/dashboard');
    await card.waitFor();
    const picked = await title();
    await card.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog');
    const date = dateIn(EVENT_ZONE, 1);
    await dialog.getByLabel('Date').fill(date);
    await dialog.getByLabel('Time', { exact: true }).fill('21:30');
    await chooseTimezone(dialog, 'new york', 'New York (America/New_York)');
    await dialog.getByRole('button', { name: 'Add to calendar' }).click();
    await dialog.getByRole('link', { name: 'Open the event' }).waitFor();
    expect(google.events).toHaveLength(1);
    const [event] = google.events;
    expect(event.accountEmail).toBe(account);
    expect(event.body.summary).toBe(picked);
    expect(event.body.start.timeZone).toBe(EVENT_ZONE);
    expect(wallClock(event.body.start.dateTime, EVENT_ZONE)).toBe(`${date} 21:30`);
    // As long as the title, to the quarter hour.
    const { runtime } = await user.api.recommendations.current();
    expect(Date.parse(event.body.end.dateTime) - Date.parse(event.body.start.dateTime)).toBe(eventMinutes(runtime) * 60_000);
    await scan(page, 'schedule-added');

    // Google stops accepting the token: the dialog says to reconnect, and Settings reconnects.
    google.revokeAccount(account);
    await dialog.getByRole('button', { name: 'Add to calendar' }).click();
    await dialog.getByText(/reconnect your calendar/i).waitFor();
    await scan(page, 'schedule-reconnect');
    await dialog.getByRole('link', { name: 'Reconnect in Settings' }).click();
    await page.waitForURL('**/app/settings?section=calendar');
    await calendar.getByText(/expired or was revoked/).waitFor();
    google.nextConsent({ email: account });
    await calendar.getByRole('button', { name: 'Reconnect Google Calendar' }).click();
    await calendar.getByText('Calendar connected successfully!').waitFor();

    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('upgrades nobody from ?payment=success alone, or from an order that was not paid', async () => {
    const { server } = world;
    const user = await onboardedUser(server);
    const { ctx, page, errors } = await signedInContext(world, user, 'desktop');
    const subscription = page.getByRole('region', { name: 'Subscription' });
    const calendar = page.getByRole('region', { name: 'Calendar integration' });
    const confirms: string[] = [];
    page.on('request', (r) => void (r.url().endsWith('/api/subscription/confirm') && confirms.push(r.postData() ?? '')));

    await page.goto('/app/settings?payment=success');
    await page.getByText(UNKNOWN_PAYMENT).waitFor();
    await subscription.getByText('Free plan').waitFor();
    await calendar.getByRole('button', { name: 'Upgrade to Unlock' }).waitFor();
    expect(await page.getByText(PAID).count()).toBe(0);
    expect(confirms).toEqual([]);

    // An order the user opened but never paid, and one that is not theirs at all.
    const order = await user.api.payments.createOrder({ billing_period: 'lifetime' });
    const sessionId = world.stripe.sessionForOrder(order.order_id).id;
    await page.goto(`/app/settings?payment=success&order_id=${sessionId}`);
    await page.getByRole('alert').filter({ hasText: ALERT_TEXTS.paymentCancelled }).waitFor();
    await page.goto('/app/settings?payment=success&order_id=cs_test_forged');
    await page.getByRole('alert').filter({ hasText: 'Order not found' }).waitFor();
    await subscription.getByText('Free plan').waitFor();
    expect(confirms).toHaveLength(2);

    await page.goto('/app/settings?payment=cancelled');
    await page.getByText(ALERT_TEXTS.paymentCancelled).waitFor();
    expect((await dbUser(server, user.id)).subscription_tier).toBe('free_trial');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('upgrades through the return page when the webhook has not arrived yet', async () => {
    const { server, stripe } = world;
    const user = await onboardedUser(server);
    const { ctx, page } = await signedInContext(world, user, 'phone');
    stripe.webhookUrl = null;
    try {
      await page.goto('/app/settings?upgrade=true');
      const pay = page.getByRole('dialog').getByRole('button', { name: 'Pay once and upgrade' });
      await expect.poll(() => pay.isEnabled()).toBe(true);
      await pay.click();
      await page.getByRole('button', { name: 'Pay $59.00' }).click();
      await page.getByText(PAID).waitFor();
      await page.getByRole('region', { name: 'Calendar integration' }).getByRole('button', { name: 'Connect Google Calendar' }).waitFor();
      expect((await dbUser(server, user.id)).subscription_tier).toBe('paid_lifetime');
    } finally {
      stripe.webhookUrl = world.webhookUrl;
    }
    await ctx.close();
  });
});
