// The scheduler's pass finds who is due by the delivery_schedule index: users whose next slot has
// not come are neither read nor written, a user whose delivery was switched off behind the API's
// back is dropped from the schedule when their slot comes, and on SQLite the plan is an index search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dialects } from './support/dialects.js';
import { startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { deliveriesOf, runAt, scheduledUser } from './scheduler.helpers.js';

const scheduleRows = (s: TestServer) => s.running.ctx.db.selectFrom('delivery_schedule').selectAll().orderBy('user_id').execute();

describe.each(dialects)('the scheduler reads only who is due on %s', (dialect) => {
  // Monday 6 April 2026.
  const clock = new TestClock(new Date('2026-04-06T08:00:00Z'));
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a pass writes nothing for users whose slot has not come, and delivers the one whose slot has', async () => {
    const later = [];
    for (let i = 0; i < 6; i++) later.push(await scheduledUser(server, { timezone: 'UTC', days: [1], time: '21:00' }));
    const due = await scheduledUser(server, { timezone: 'UTC', days: [1], time: '09:00' });
    const before = await scheduleRows(server);
    const pass = await runAt(server, clock, '2026-04-06T09:05:00Z');
    expect([pass.claimed, pass.sent]).toEqual([1, 1]);
    const after = await scheduleRows(server);
    for (const u of later) expect(after.find((r) => r.user_id === u.userId)).toEqual(before.find((r) => r.user_id === u.userId));
    // The due user's next slot moved on to next Monday.
    expect(after.find((r) => r.user_id === due.userId)?.next_at).toBe('2026-04-13T09:00:00.000Z');
    expect((await deliveriesOf(server, due.userId)).map((d) => d.status)).toEqual(['sent']);
    for (const u of later) expect(await deliveriesOf(server, u.userId)).toEqual([]);
  });

  it('a user switched off by a direct database write is dropped when their slot comes, not delivered', async () => {
    const u = await scheduledUser(server, { timezone: 'UTC', days: [2], time: '09:00' });
    await server.running.ctx.db.updateTable('users').set({ email_delivery: 0 }).where('id', '=', u.userId).execute();
    const pass = await runAt(server, clock, '2026-04-07T09:01:00Z');
    expect(pass.claimed).toBe(0);
    expect((await scheduleRows(server)).some((r) => r.user_id === u.userId)).toBe(false);
    expect(await deliveriesOf(server, u.userId)).toEqual([]);
  });

  it('a delivery left pending on an earlier day is never sent late', async () => {
    const u = await scheduledUser(server, { timezone: 'UTC', days: [3], time: '09:00' });
    await server.running.ctx.db
      .insertInto('deliveries')
      .values({ id: `stale-${u.userId}`, user_id: u.userId, local_date: '2026-04-06', due_at: '2026-04-06T09:00:00.000Z', status: 'pending', attempts: 1, created_at: '2026-04-06T09:00:00.000Z', updated_at: '2026-04-06T09:00:00.000Z' })
      .execute();
    // Wednesday 12:00: Wednesday's slot is due, Monday's pending row is two days old.
    const pass = await runAt(server, clock, '2026-04-08T12:00:00Z');
    expect(pass.claimed).toBe(1);
    const rows = await deliveriesOf(server, u.userId);
    expect(rows.map((r) => [r.local_date, r.status])).toEqual([
      ['2026-04-06', 'pending'],
      ['2026-04-08', 'sent'],
    ]);
  });

  it.runIf(dialect === 'sqlite')("finds due users by the next slot's index, never by reading every user", async () => {
    const plan = await sql<{ detail: string }>`explain query plan
      select u.id from delivery_schedule as s inner join users as u on u.id = s.user_id
      where s.next_at <= ${'2026-04-06T09:00:00.000Z'} order by s.next_at limit 500`.execute(server.running.ctx.db);
    const details = plan.rows.map((r) => r.detail).join('\n');
    expect(details).toMatch(/SEARCH s USING (COVERING )?INDEX delivery_schedule_next_at_idx/);
    expect(details).not.toMatch(/SCAN u\b/);
  });
});
