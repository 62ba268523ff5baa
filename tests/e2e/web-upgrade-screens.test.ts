// The screens issue 6 added, at 390x844 and 1280x800, served by the real server with Stripe and
// Google at the local fakes: a screenshot of each (test-artifacts/web) and an axe scan with no
// serious or critical violation. States are reached the way users reach them (the payment and
// Google returns, the API for what happens elsewhere); web-upgrade.test.ts drives the clicks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_TEXTS } from '@app/shared';
import { authorize, connect } from '../../server/test/support/calendar-flow.js';
import { signUnsubscribeToken } from '../../server/src/features/delivery/unsubscribe-token.js';
import { chooseTimezone, newContext, VIEWPORTS } from './support/web-harness.js';
import { dateIn, dbUser, onboardedUser, shootAndScan, signedInContext, startUpgradeWorld, type UpgradeWorld, type Viewport } from './support/upgrade-harness.js';

describe('upgrade, calendar and unsubscribe screens', () => {
  let world: UpgradeWorld;

  beforeAll(async () => {
    world = await startUpgradeWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it.each(Object.keys(VIEWPORTS) as Viewport[])('shows every new state at %s size with no serious or critical axe violation', async (viewport) => {
    const { server, stripe, google } = world;
    const user = await onboardedUser(server, 1);
    const { ctx, page, errors } = await signedInContext(world, user, viewport);
    const calendar = page.getByRole('region', { name: 'Calendar integration' });

    await page.goto('/app/settings?upgrade=true');
    const pay = page.getByRole('dialog').getByRole('button', { name: 'Pay once and upgrade' });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await shootAndScan(page, 'upgrade-pay');

    await page.goto('/app/settings?payment=cancelled');
    await page.getByText(ALERT_TEXTS.paymentCancelled).waitFor();
    await shootAndScan(page, 'payment-cancelled');

    await page.goto('/app/settings?payment=success');
    await page.getByText(/We found no payment to confirm/).waitFor();
    await shootAndScan(page, 'payment-unconfirmed');

    // Paid on Stripe's page in another tab; this browser only sees the return.
    const order = await user.api.payments.createOrder({ billing_period: 'lifetime' });
    const session = stripe.markPaid(stripe.sessionForOrder(order.order_id).id);
    await page.goto(`/app/settings?payment=success&order_id=${session.id}`);
    await page.getByText('Payment successful! You now have lifetime access.').waitFor();
    await calendar.getByRole('button', { name: 'Connect Google Calendar' }).waitFor();
    await shootAndScan(page, 'payment-success');

    await page.goto('/app/settings?error=access_denied&state=abc');
    await calendar.getByText(/access was not allowed/).waitFor();
    await shootAndScan(page, 'calendar-denied');

    // Google answers the code exchange without a refresh token.
    const partial = await authorize(user, google);
    google.options.omitRefreshToken = true;
    try {
      await page.goto(`/app/settings?code=${encodeURIComponent(partial.code)}&state=${encodeURIComponent(partial.state ?? '')}`);
      await calendar.getByText(ALERT_TEXTS.calendarIncomplete, { exact: true }).waitFor();
    } finally {
      google.options.omitRefreshToken = false;
    }
    await shootAndScan(page, 'calendar-incomplete');

    await connect(user, google);
    await page.goto('/app/settings');
    await page.getByRole('region', { name: 'Profile' }).getByRole('radio', { name: /Calendar event and email/ }).waitFor();
    await shootAndScan(page, 'calendar-connected');

    await page.goto('/app/dashboard');
    await page.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Date').fill(dateIn('UTC', 2));
    await chooseTimezone(dialog, 'paris', 'Paris (Europe/Paris)');
    await dialog.getByRole('button', { name: 'Add to calendar' }).click();
    await dialog.getByRole('link', { name: 'Open the event' }).waitFor();
    await shootAndScan(page, 'schedule-added');

    google.revokeAccount((await dbUser(server, user.id)).calendar_account_email!);
    await dialog.getByRole('button', { name: 'Add to calendar' }).click();
    await dialog.getByRole('link', { name: 'Reconnect in Settings' }).waitFor();
    await shootAndScan(page, 'schedule-reconnect');

    await page.goto('/app/settings?section=calendar');
    await calendar.getByRole('button', { name: 'Reconnect Google Calendar' }).waitFor();
    await shootAndScan(page, 'calendar-reconnect');
    expect(errors).toEqual([]);
    await ctx.close();

    // The unsubscribe page needs no session.
    const visitor = await newContext(world.browser, server.url, viewport);
    const p = await visitor.newPage();
    await p.goto(`/unsubscribe?token=${encodeURIComponent(signUnsubscribeToken(server.running.ctx.secrets.jwt, user.id, server.running.ctx.clock.now()))}`);
    await p.getByRole('heading', { name: 'Stop scheduled picks?' }).waitFor();
    expect((await dbUser(server, user.id)).email_delivery).toBe(1);
    await shootAndScan(p, 'unsubscribe-confirm');
    await p.getByRole('button', { name: 'Unsubscribe' }).click();
    await p.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect((await dbUser(server, user.id)).email_delivery).toBe(0);
    await shootAndScan(p, 'unsubscribe-done');
    await p.goto('/unsubscribe?token=not-a-real-token');
    await p.getByRole('button', { name: 'Unsubscribe' }).click();
    await p.getByRole('heading', { name: 'We could not use this unsubscribe link' }).waitFor();
    await shootAndScan(p, 'unsubscribe-invalid');
    await visitor.close();
  });
});
