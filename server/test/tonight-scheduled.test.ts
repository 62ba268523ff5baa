// The scheduled pick keeps tonight's remembered constraints and "Never show me" (issue 19): they
// are the user's standing choices, so the email's pick fits the time and never shows what they
// excluded, like a pick asked for on the card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from './support/dialects.js';
import { startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { recommendationRows } from './recommendations.helpers.js';
import { runAt, scheduledMailTo, scheduledUser } from './scheduler.helpers.js';

describe.each(dialects)("the scheduled pick within tonight's constraints on %s", (dialect) => {
  const clock = new TestClock(new Date('2026-03-02T12:00:00Z'));
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('fits the remembered time and kind, says so, and leaves out the excluded genre', async () => {
    const u = await scheduledUser(server, { timezone: 'Europe/London', days: [1, 2, 3, 4, 5], time: '19:00' });
    await u.api.settings.updateProfile({ tonight: { max_minutes: 100, kind: 'movie' }, exclusions: { genres: ['Thriller'] } });
    await runAt(server, clock, '2026-03-02T19:00:00Z');
    const [row] = await recommendationRows(server, u.userId);
    expect(row).toBeDefined();
    const pick = await u.api.recommendations.current();
    expect(pick.id).toBe(row.id);
    expect(pick.kind).toBe('movie');
    expect(pick.runtime!).toBeLessThanOrEqual(100);
    expect(pick.genres).not.toContain('Thriller');
    expect(pick.reason).toContain('fits your 1 h 40');
    expect(scheduledMailTo(server, u.email)).toHaveLength(1);
  });
});
