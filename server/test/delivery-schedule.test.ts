// Each scheduled user's next delivery instant is kept in delivery_schedule (the scheduler's index):
// it follows every change a person makes in Settings (time, days, time zone, the delivery switch)
// and is gone while they cannot be due, with the signup, verification and onboarding they go through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { onboardedUser } from './recommendations.helpers.js';
import { storedNextDelivery } from '../src/features/users/delivery-schedule.repository.js';

describe.each(dialects)('the next delivery instant on %s', (dialect) => {
  // Monday 6 April 2026, 10:00 UTC.
  const clock = new TestClock(new Date('2026-04-06T10:00:00Z'));
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('follows the time, the days, the time zone and the switch, and is gone while delivery is off', async () => {
    const u = await onboardedUser(server);
    const next = () => storedNextDelivery(server.running.ctx.db, u.userId);
    // Onboarded and verified, but scheduled delivery is off until the person turns it on.
    expect(await next()).toBeUndefined();

    await u.api.settings.updateProfile({ timezone: 'America/New_York', selected_days: [1], recommendation_time: '19:00', email_delivery: true });
    expect(await next()).toBe('2026-04-06T23:00:00.000Z'); // 19:00 EDT today

    await u.api.settings.updateProfile({ timezone: 'Europe/Paris' });
    expect(await next()).toBe('2026-04-06T17:00:00.000Z'); // 19:00 CEST today

    await u.api.settings.updateProfile({ recommendation_time: '08:30' });
    expect(await next()).toBe('2026-04-13T06:30:00.000Z'); // today's 08:30 has passed: next Monday

    await u.api.settings.updateProfile({ selected_days: [3, 6] });
    expect(await next()).toBe('2026-04-08T06:30:00.000Z'); // Wednesday

    await u.api.settings.updateProfile({ email_delivery: false });
    expect(await next()).toBeUndefined();

    clock.set('2026-04-08T07:00:00Z');
    await u.api.settings.updateProfile({ email_delivery: true });
    expect(await next()).toBe('2026-04-11T06:30:00.000Z'); // Wednesday's has passed: Saturday
  });

  it('goes with the account when the account is deleted', async () => {
    clock.set('2026-04-06T10:00:00Z');
    const u = await onboardedUser(server);
    await u.api.settings.updateProfile({ timezone: 'UTC', selected_days: [1, 2, 3, 4, 5, 6, 7], recommendation_time: '19:00', email_delivery: true });
    expect(await storedNextDelivery(server.running.ctx.db, u.userId)).toBe('2026-04-06T19:00:00.000Z');
    await server.running.ctx.db.deleteFrom('users').where('id', '=', u.userId).execute();
    // The row goes with the account (foreign key, on delete cascade).
    expect(await storedNextDelivery(server.running.ctx.db, u.userId)).toBeUndefined();
  });
});
