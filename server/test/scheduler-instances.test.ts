// Several instances on one database: each due delivery goes out exactly once however the passes
// interleave; a lease left by an instance that died is taken over after it expires; a failed
// send is retried a bounded number of times; and a starting instance catches up on its own.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, dialects } from './support/dialects.js';
import { startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { deliveriesOf, pauseEveryone, runAt, scheduledMailTo, scheduledUser } from './scheduler.helpers.js';
import { recommendationRows } from './recommendations.helpers.js';
import { runDueDeliveries } from '../src/jobs/run-deliveries.js';
import { claimDelivery, leaseDelivery } from '../src/jobs/deliveries.repository.js';
import { LEASE_MS, MAX_ATTEMPTS } from '../src/jobs/deliver.js';

const MINUTE = 60_000;
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

describe.skipIf(!TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  const clock = new TestClock(new Date('2026-04-06T00:00:00Z'));
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer('postgres', { clock });
    b = await startTestServer('postgres', { clock, shareDatabaseWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('deliver each due slot exactly once while both run passes concurrently', async () => {
    const zones = ['Asia/Kolkata', 'America/New_York', 'Australia/Sydney', 'Europe/Paris', 'UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Europe/London'];
    clock.set('2026-04-05T00:00:00Z');
    const users = [];
    for (const timezone of zones) users.push(await scheduledUser(a, { timezone, days: [1, 2, 3, 4, 5, 6, 7], time: '00:00' }));
    // 17:00 UTC on Monday: every one of these zones has passed midnight of its local date, and none
    // is within the half hour before its next one (that slot would be claimed ahead, still pending).
    clock.set('2026-04-06T17:00:00Z');
    const passes = await Promise.all([a, b, a, b, a, b].map((s) => runDueDeliveries(s.running.ctx, s.running.services, clock.now())));
    expect(passes.reduce((n, p) => n + p.claimed, 0)).toBe(users.length);
    expect(passes.reduce((n, p) => n + p.sent, 0)).toBe(users.length);
    expect(passes.every((p) => p.errors === 0)).toBe(true);
    // Which instance wins each lease is down to timing (one claim transaction can take every due
    // user); what holds whatever the timing is that each slot went out once, asserted below.
    for (const u of users) {
      const rows = await deliveriesOf(a, u.userId);
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([['sent', 1]]);
      expect(scheduledMailTo(a, u.email)).toHaveLength(1);
      expect(await recommendationRows(a, u.userId)).toHaveLength(1);
    }
    // And again, from both, later the same day: nothing more.
    clock.set('2026-04-06T17:05:00Z');
    const again = await Promise.all([a, b].map((s) => runDueDeliveries(s.running.ctx, s.running.services, clock.now())));
    expect(again.map((p) => p.claimed)).toEqual([0, 0]);
    await pauseEveryone(a);
  });
});

describe.each(dialects)('delivery leases, retries and start-up catch-up on %s', (dialect) => {
  const clock = new TestClock(new Date('2026-04-13T00:00:00Z'));
  let a: TestServer;
  let deadMail: TestServer;
  beforeAll(async () => {
    a = await startTestServer(dialect, { clock });
    // A second instance whose SMTP server refuses connections: every send from it fails.
    deadMail = await startTestServer(dialect, { clock, shareDatabaseWith: a, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });
  afterEach(async () => {
    await pauseEveryone(a);
  });
  afterAll(async () => {
    await deadMail?.close();
    await a?.close();
  });

  it('takes over a lease left by an instance that died, only after it expires', async () => {
    clock.set('2026-04-13T00:00:00Z');
    const u = await scheduledUser(a, { timezone: 'UTC', days: [1], time: '09:00' });
    const due = '2026-04-13T09:00:00Z';
    // Another instance claimed and leased it, then vanished before sending.
    await claimDelivery(deadMail.running.ctx.db, u.userId, '2026-04-13', new Date(due), new Date(due));
    expect(await leaseDelivery(deadMail.running.ctx.db, u.userId, '2026-04-13', new Date(due), LEASE_MS, MAX_ATTEMPTS)).toBeDefined();
    expect((await runAt(a, clock, plus(due, MINUTE))).claimed).toBe(0);
    expect((await runAt(a, clock, plus(due, LEASE_MS - MINUTE))).claimed).toBe(0);
    expect(scheduledMailTo(a, u.email)).toHaveLength(0);
    expect((await runAt(a, clock, plus(due, LEASE_MS))).sent).toBe(1);
    expect((await deliveriesOf(a, u.userId)).map((r) => [r.status, r.attempts])).toEqual([['sent', 2]]);
    expect(scheduledMailTo(a, u.email)).toHaveLength(1);
  });

  it('retries a failed send later with the same pick, and gives up after a bounded number of attempts', async () => {
    clock.set('2026-04-13T00:00:00Z');
    const retried = await scheduledUser(a, { timezone: 'Europe/Paris', days: [1], time: '20:00' });
    const due = '2026-04-13T18:00:00Z'; // 20:00 CEST
    const first = await runAt(deadMail, clock, due);
    expect(first).toMatchObject({ claimed: 1, retrying: 1, sent: 0 });
    const [row] = await deliveriesOf(a, retried.userId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lease_until: plus(due, 5 * MINUTE) });
    expect(row.last_error).toBeTruthy();
    expect(row.recommendation_id).toBeTruthy();
    // Not before the retry time, from any instance.
    expect((await runAt(a, clock, plus(due, 4 * MINUTE))).claimed).toBe(0);
    expect((await runAt(a, clock, plus(due, 5 * MINUTE))).sent).toBe(1);
    const [mail] = scheduledMailTo(a, retried.email);
    const picks = await recommendationRows(a, retried.userId);
    expect(picks.map((p) => p.id)).toEqual([row.recommendation_id]);
    expect(mail.subject).toContain(picks[0].movie_title);
    expect((await deliveriesOf(a, retried.userId)).map((r) => [r.status, r.attempts, r.last_error])).toEqual([['sent', 2, null]]);

    const doomed = await scheduledUser(a, { timezone: 'UTC', days: [1], time: '21:00' });
    const at = '2026-04-13T21:00:00Z';
    for (const t of [at, plus(at, 5 * MINUTE), plus(at, 20 * MINUTE), plus(at, 60 * MINUTE), plus(at, 120 * MINUTE)]) await runAt(deadMail, clock, t);
    await runAt(a, clock, plus(at, 150 * MINUTE));
    const rows = await deliveriesOf(a, doomed.userId);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['failed', MAX_ATTEMPTS]]);
    expect(scheduledMailTo(a, doomed.email)).toHaveLength(0);
    expect(await recommendationRows(a, doomed.userId)).toHaveLength(1);
  });

  it('emails nothing and spends no pick on an instance without SMTP_URL', async () => {
    clock.set('2026-04-13T00:00:00Z');
    const u = await scheduledUser(a, { timezone: 'UTC', days: [1], time: '10:00', tier: 'free_trial' });
    const noSmtp = await startTestServer(dialect, { clock, shareDatabaseWith: a, env: { SMTP_URL: '' } });
    try {
      expect(noSmtp.running.ctx.config.smtpUrl).toBeNull();
      expect(await runAt(noSmtp, clock, '2026-04-13T10:00:00Z')).toMatchObject({ claimed: 1, skipped: 1 });
    } finally {
      await noSmtp.close();
    }
    expect((await deliveriesOf(a, u.userId)).map((r) => r.status)).toEqual(['skipped']);
    expect(await recommendationRows(a, u.userId)).toHaveLength(0);
  });

  it('catches up at start: an instance started with SCHEDULER=on sends what was missed today by itself', async () => {
    clock.set('2026-04-14T00:00:00Z');
    const u = await scheduledUser(a, { timezone: 'Asia/Kolkata', days: [2], time: '08:00' });
    // A record from long ago, which the pass prunes.
    await claimDelivery(a.running.ctx.db, u.userId, '2025-12-01', new Date('2025-12-01T02:30:00Z'), new Date('2025-12-01T02:30:00Z'));
    clock.set('2026-04-14T10:00:00Z'); // 15:30 IST: the 08:00 slot passed while "no instance ran"
    const started = await startTestServer(dialect, { clock, shareDatabaseWith: a, env: { SCHEDULER: 'on' } });
    try {
      const mail = await a.mailbox.waitFor((m) => m.to.includes(u.email) && /^Tonight's pick/.test(m.subject));
      expect(mail.subject).toContain((await recommendationRows(a, u.userId))[0].movie_title);
    } finally {
      await started.close();
    }
    // close() waited for the pass, which also removed the old record.
    const rows = await deliveriesOf(a, u.userId);
    expect(rows.map((r) => [r.local_date, r.status])).toEqual([['2026-04-14', 'sent']]);
  });
});
