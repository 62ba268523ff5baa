// The scheduler with an injected clock: each user's slot arrives at their own wall-clock time
// (half-hour offsets, zones ahead of UTC, both DST changes), only on selected days, never early,
// caught up later the same local day after downtime but never the next day, and only once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { deliveriesOf, pauseEveryone, runAt, scheduledMailTo, scheduledUser } from './scheduler.helpers.js';
import { recommendationRows } from './recommendations.helpers.js';

describe.each(dialects)('scheduled delivery times on %s', (dialect) => {
  const clock = new TestClock(new Date('2026-03-01T00:00:00Z'));
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterEach(async () => {
    await pauseEveryone(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const sent = async (userId: string) => (await deliveriesOf(server, userId)).filter((d) => d.status === 'sent').map((d) => [d.local_date, d.due_at]);

  it('delivers at the local time in Asia/Kolkata, America/New_York and Australia/Sydney, not a minute before', async () => {
    clock.set('2026-03-01T00:00:00Z'); // Sunday
    const kolkata = await scheduledUser(server, { timezone: 'Asia/Kolkata', days: [1], time: '19:00' });
    const newYork = await scheduledUser(server, { timezone: 'America/New_York', days: [1], time: '19:00' });
    const sydney = await scheduledUser(server, { timezone: 'Australia/Sydney', days: [2], time: '07:30' });

    await runAt(server, clock, '2026-03-02T13:29:00Z');
    expect(await sent(kolkata.userId)).toEqual([]);
    await runAt(server, clock, '2026-03-02T13:30:00Z'); // Monday 19:00 IST (UTC+5:30)
    expect(await sent(kolkata.userId)).toEqual([['2026-03-02', '2026-03-02T13:30:00.000Z']]);

    await runAt(server, clock, '2026-03-02T20:29:00Z');
    expect(await sent(sydney.userId)).toEqual([]);
    await runAt(server, clock, '2026-03-02T20:30:00Z'); // Tuesday 07:30 AEDT (UTC+11), still Monday in UTC
    expect(await sent(sydney.userId)).toEqual([['2026-03-03', '2026-03-02T20:30:00.000Z']]);

    await runAt(server, clock, '2026-03-02T23:59:00Z');
    expect(await sent(newYork.userId)).toEqual([]);
    await runAt(server, clock, '2026-03-03T00:00:00Z'); // Monday 19:00 EST (UTC-5), Tuesday in UTC
    expect(await sent(newYork.userId)).toEqual([['2026-03-02', '2026-03-03T00:00:00.000Z']]);

    for (const u of [kolkata, newYork, sydney]) {
      expect(scheduledMailTo(server, u.email)).toHaveLength(1);
      expect(await recommendationRows(server, u.userId)).toHaveLength(1);
    }
  });

  it('skips unselected days', async () => {
    clock.set('2026-03-03T12:00:00Z'); // Tuesday 07:00 in New York
    const u = await scheduledUser(server, { timezone: 'America/New_York', days: [1, 3], time: '08:00' });
    for (const iso of ['2026-03-03T13:00:00Z', '2026-03-04T04:59:00Z', '2026-03-04T12:59:00Z']) {
      const summary = await runAt(server, clock, iso);
      expect(summary.due, iso).toBe(0);
    }
    expect(await sent(u.userId)).toEqual([]);
    await runAt(server, clock, '2026-03-04T13:00:00Z'); // Wednesday 08:00 EST
    expect(await sent(u.userId)).toEqual([['2026-03-04', '2026-03-04T13:00:00.000Z']]);
    await runAt(server, clock, '2026-03-05T13:00:00Z'); // Thursday: not selected
    expect(await deliveriesOf(server, u.userId)).toHaveLength(1);
  });

  it('keeps 19:00 local in New York across the March DST change', async () => {
    clock.set('2026-03-06T12:00:00Z'); // Friday
    const u = await scheduledUser(server, { timezone: 'America/New_York', days: [1, 2, 3, 4, 5, 6, 7], time: '19:00' });
    // Friday's 19:00 EST (00:00Z on Saturday) passed unseen; on Saturday it is yesterday's and stays unsent.
    await runAt(server, clock, '2026-03-07T23:59:00Z');
    expect(await sent(u.userId)).toEqual([]);
    await runAt(server, clock, '2026-03-08T00:00:00Z'); // Saturday 19:00 EST
    await runAt(server, clock, '2026-03-08T22:59:00Z'); // Sunday 18:59 EDT
    expect(await sent(u.userId)).toEqual([['2026-03-07', '2026-03-08T00:00:00.000Z']]);
    await runAt(server, clock, '2026-03-08T23:00:00Z'); // Sunday 19:00 EDT: one hour earlier in UTC
    expect(await sent(u.userId)).toEqual([
      ['2026-03-07', '2026-03-08T00:00:00.000Z'],
      ['2026-03-08', '2026-03-08T23:00:00.000Z'],
    ]);
    expect(scheduledMailTo(server, u.email)).toHaveLength(2);
  });

  it('keeps 19:00 local in New York across the November DST change', async () => {
    clock.set('2026-10-30T12:00:00Z'); // Friday
    const u = await scheduledUser(server, { timezone: 'America/New_York', days: [6, 7], time: '19:00' });
    await runAt(server, clock, '2026-10-31T22:59:00Z');
    expect(await sent(u.userId)).toEqual([]);
    await runAt(server, clock, '2026-10-31T23:00:00Z'); // Saturday 19:00 EDT
    await runAt(server, clock, '2026-11-01T23:00:00Z'); // Sunday 18:00 EST: not yet
    await runAt(server, clock, '2026-11-01T23:59:00Z');
    expect(await sent(u.userId)).toEqual([['2026-10-31', '2026-10-31T23:00:00.000Z']]);
    await runAt(server, clock, '2026-11-02T00:00:00Z'); // Sunday 19:00 EST: one hour later in UTC
    expect(await sent(u.userId)).toEqual([
      ['2026-10-31', '2026-10-31T23:00:00.000Z'],
      ['2026-11-01', '2026-11-02T00:00:00.000Z'],
    ]);
  });

  it('catches up a slot missed earlier the same local day, never one from the day before', async () => {
    clock.set('2026-03-09T00:00:00Z'); // Monday 05:30 in Kolkata
    const morning = await scheduledUser(server, { timezone: 'Asia/Kolkata', days: [1, 2, 3, 4, 5, 6, 7], time: '09:00' });
    const night = await scheduledUser(server, { timezone: 'Asia/Kolkata', days: [1, 2, 3, 4, 5, 6, 7], time: '22:00' });
    // Down from before 09:00 until 21:00 IST: the morning slot goes out late, the same day.
    await runAt(server, clock, '2026-03-09T15:30:00Z');
    expect(await sent(morning.userId)).toEqual([['2026-03-09', '2026-03-09T03:30:00.000Z']]);
    expect(scheduledMailTo(server, morning.email)).toHaveLength(1);
    // Down again from 21:00 until 07:30 the next day: Monday 22:00 is gone, Tuesday's not yet due.
    const summary = await runAt(server, clock, '2026-03-10T02:00:00Z');
    expect(summary.claimed).toBe(0);
    expect(await sent(night.userId)).toEqual([]);
    await runAt(server, clock, '2026-03-10T16:30:00Z'); // Tuesday 22:00 IST
    expect(await sent(night.userId)).toEqual([['2026-03-10', '2026-03-10T16:30:00.000Z']]);
    expect(await sent(morning.userId)).toEqual([
      ['2026-03-09', '2026-03-09T03:30:00.000Z'],
      ['2026-03-10', '2026-03-10T03:30:00.000Z'],
    ]);
    expect(scheduledMailTo(server, night.email)).toHaveLength(1);
  });

  it('delivers once on one instance: passes at the same moment and later the same day do nothing more', async () => {
    clock.set('2026-03-11T00:00:00Z');
    const u = await scheduledUser(server, { timezone: 'Europe/Paris', days: [3], time: '19:00' });
    const at = '2026-03-11T18:00:00Z'; // Wednesday 19:00 CET
    clock.set(at);
    const { runDueDeliveries } = await import('../src/jobs/run-deliveries.js');
    const passes = await Promise.all([0, 1, 2].map(() => runDueDeliveries(server.running.ctx, server.running.services, clock.now())));
    expect(passes.reduce((n, p) => n + p.claimed, 0)).toBe(1);
    for (const later of ['2026-03-11T18:01:00Z', '2026-03-11T21:00:00Z', '2026-03-11T22:59:00Z']) {
      expect((await runAt(server, clock, later)).due).toBe(0);
    }
    const rows = await deliveriesOf(server, u.userId);
    expect(rows.map((r) => [r.local_date, r.status, r.attempts, r.kind])).toEqual([['2026-03-11', 'sent', 1, 'recommendation']]);
    expect(scheduledMailTo(server, u.email)).toHaveLength(1);
    expect(await recommendationRows(server, u.userId)).toHaveLength(1);
  });
});
