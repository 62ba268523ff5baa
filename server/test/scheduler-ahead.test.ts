// A scheduled delivery's pick is chosen ahead of its slot (jobs/prepare-picks.ts): the pass half an
// hour before claims the slot and chooses the pick, which is then the user's pick on the dashboard;
// at the slot the email carries that same pick and no second one is spent. A pick rated before the
// slot is not mailed, a schedule changed after the pick was chosen moves the delivery with it, and
// a plan's refusal ahead of the slot is not final: the slot decides again.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { recommendationRows } from './recommendations.helpers.js';
import { deliveriesOf, pauseEveryone, runAt, scheduledMailTo, scheduledUser } from './scheduler.helpers.js';

describe.each(dialects)('picks chosen ahead of their slot on %s', (dialect) => {
  // Monday 6 April 2026.
  const clock = new TestClock(new Date('2026-04-06T08:00:00Z'));
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

  it('the pass before the slot chooses the pick, the dashboard shows it, and the slot mails that pick without spending another', async () => {
    clock.set('2026-04-06T08:00:00Z');
    const u = await scheduledUser(server, { timezone: 'UTC', days: [1], time: '19:00', tier: 'free_trial' });
    const early = await runAt(server, clock, '2026-04-06T18:35:00Z');
    expect(early.prepared).toBe(1);
    expect(scheduledMailTo(server, u.email)).toEqual([]);
    const [delivery] = await deliveriesOf(server, u.userId);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0, due_at: '2026-04-06T19:00:00.000Z', kind: 'recommendation' });
    const card = await u.api.recommendations.current();
    expect(card.id).toBe(delivery.recommendation_id);
    expect((await u.api.subscription.status()).recommendations_used).toBe(1);

    // Passes before the slot send nothing; the one at the slot sends the chosen pick.
    expect((await runAt(server, clock, '2026-04-06T18:59:00Z')).claimed).toBe(0);
    expect(scheduledMailTo(server, u.email)).toEqual([]);
    expect((await runAt(server, clock, '2026-04-06T19:00:30Z')).sent).toBe(1);
    const mails = scheduledMailTo(server, u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Tonight's pick: ${card.movie_title} (${card.year})`);
    expect(await recommendationRows(server, u.userId)).toHaveLength(1);
    expect((await u.api.subscription.status()).recommendations_used).toBe(1);
  });

  it('a pick disliked before its slot is not mailed: the slot chooses another', async () => {
    clock.set('2026-04-07T08:00:00Z');
    const u = await scheduledUser(server, { timezone: 'UTC', days: [2], time: '19:00' });
    expect((await runAt(server, clock, '2026-04-07T18:45:00Z')).prepared).toBe(1);
    const chosen = await u.api.recommendations.current();
    await u.api.recommendations.rate({ movie_title: chosen.movie_title, rating: false, recommendation_id: chosen.id });
    expect((await runAt(server, clock, '2026-04-07T19:01:00Z')).sent).toBe(1);
    const [mail] = scheduledMailTo(server, u.email);
    expect(mail.subject).toMatch(/^Tonight's pick: /);
    expect(mail.subject).not.toContain(chosen.movie_title);
    const [delivery] = await deliveriesOf(server, u.userId);
    expect(delivery.recommendation_id).not.toBe(chosen.id);
    expect(delivery.status).toBe('sent');
  });

  it('a schedule changed after its pick was chosen is delivered at the new time, with that pick', async () => {
    clock.set('2026-04-08T08:00:00Z');
    const u = await scheduledUser(server, { timezone: 'UTC', days: [3], time: '19:00' });
    expect((await runAt(server, clock, '2026-04-08T18:40:00Z')).prepared).toBe(1);
    const chosen = await u.api.recommendations.current();
    clock.set('2026-04-08T18:50:00Z');
    await u.api.settings.updateProfile({ recommendation_time: '21:00' });
    expect((await runAt(server, clock, '2026-04-08T19:05:00Z')).claimed).toBe(0);
    expect(scheduledMailTo(server, u.email)).toEqual([]);
    await runAt(server, clock, '2026-04-08T20:40:00Z');
    expect((await runAt(server, clock, '2026-04-08T21:00:00Z')).sent).toBe(1);
    const mails = scheduledMailTo(server, u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(chosen.movie_title);
    expect((await deliveriesOf(server, u.userId)).map((d) => [d.due_at, d.status])).toEqual([['2026-04-08T21:00:00.000Z', 'sent']]);
    expect(await recommendationRows(server, u.userId)).toHaveLength(1);
  });

  it("a free plan at its limit late on Sunday is not refused ahead: its slot after midnight gets the new week's pick", async () => {
    // Sunday 12 April 23:45 in UTC; the slot is Monday 13 April 00:10, the first minute of a new week.
    clock.set('2026-04-12T10:00:00Z');
    const u = await scheduledUser(server, { timezone: 'UTC', days: [1], time: '00:10', tier: 'free_trial' });
    for (let i = 0; i < 3; i++) await u.api.recommendations.next({});
    const late = await runAt(server, clock, '2026-04-12T23:45:00Z');
    expect([late.prepared, late.left]).toEqual([0, 1]);
    expect(await recommendationRows(server, u.userId)).toHaveLength(3);
    // Left to its slot: the passes until then do not try it again.
    expect((await runAt(server, clock, '2026-04-12T23:50:00Z')).left).toBe(0);
    expect(scheduledMailTo(server, u.email)).toEqual([]);
    // Monday: a new week's pick, not the upgrade email the old week's limit would have sent.
    expect((await runAt(server, clock, '2026-04-13T00:10:00Z')).sent).toBe(1);
    const [mail] = scheduledMailTo(server, u.email);
    expect(mail.subject).toMatch(/^Tonight's pick: /);
    expect(await recommendationRows(server, u.userId)).toHaveLength(4);
    expect((await u.api.subscription.status()).recommendations_used).toBe(1);
  });
});
