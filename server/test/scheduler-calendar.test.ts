// Calendar users against a local server that behaves like Google's OAuth and Calendar APIs: the
// scheduled pick lands in the calendar at the user's local time, with or instead of the email as
// they chose; a revoked grant or a plan without the calendar falls back to the email.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CalendarStatus, eventMinutes, Recommendation, User } from '@app/shared';
import { dialects } from './support/dialects.js';
import { startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { startFakeGoogleOAuth, type FakeGoogleOAuth } from './support/fake-google-oauth.js';
import { connect } from './support/calendar-flow.js';
import { deliveriesOf, pauseEveryone, runAt, scheduledMailTo, scheduledUser } from './scheduler.helpers.js';
import { recommendationRows, type Onboarded } from './recommendations.helpers.js';

describe.each(dialects)('scheduled delivery to Google Calendar on %s', (dialect) => {
  const clock = new TestClock(new Date('2026-05-04T12:00:00Z'));
  let server: TestServer;
  let google: FakeGoogleOAuth;
  beforeAll(async () => {
    google = await startFakeGoogleOAuth();
    server = await startTestServer(dialect, { clock, env: { ...google.env(), APP_URL: 'https://picks.example.test' } });
  });
  afterEach(async () => {
    await pauseEveryone(server);
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });

  /** A lifetime user with Google Calendar connected (which turns auto-schedule on). */
  async function calendarUser(timezone: string, days: number[], time: string): Promise<Onboarded & { account: string }> {
    const u = await scheduledUser(server, { timezone, days, time });
    const status = await connect(Object.assign(u, { id: u.userId }), google);
    expect(status).toMatchObject({ has_refresh_token: true, calendar_enabled: true });
    return Object.assign(u, { account: `${u.email.split('@')[0]}@gmail.test` });
  }
  const eventsOf = (account: string) => google.events.filter((e) => e.accountEmail === account);

  it('puts the pick in the calendar at 19:00 local, with the email by default and instead of it by choice', async () => {
    clock.set('2026-05-04T12:00:00Z'); // Monday
    const u = await calendarUser('America/Chicago', [1, 2, 3], '19:00');
    expect(User.parse(await u.api.settings.profile()).delivery_channel).toBe('email');

    await runAt(server, clock, '2026-05-05T00:00:00Z'); // Monday 19:00 CDT
    const [monday] = await recommendationRows(server, u.userId);
    expect(eventsOf(u.account)).toHaveLength(1);
    const event = eventsOf(u.account)[0].body;
    expect(event.summary).toBe(monday.movie_title);
    expect(event.start).toEqual({ dateTime: '2026-05-04T19:00:00-05:00', timeZone: 'America/Chicago' });
    // As long as the title (an episode's runtime for a series) to the quarter hour.
    const current = Recommendation.parse(await u.api.recommendations.current());
    expect(current.movie_title).toBe(monday.movie_title);
    const runtime = current.runtime;
    const end = 19 * 60 + eventMinutes(runtime);
    const endWall = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
    expect(event.end).toEqual({ dateTime: `2026-05-04T${endWall}:00-05:00`, timeZone: 'America/Chicago' });
    expect(scheduledMailTo(server, u.email)).toHaveLength(1);
    const [row] = await deliveriesOf(server, u.userId);
    expect(row).toMatchObject({ status: 'sent', calendar_event_id: eventsOf(u.account)[0].id });
    expect(row.email_sent_at).not.toBeNull();

    // Calendar instead of email.
    expect((await u.api.settings.updateProfile({ delivery_channel: 'calendar' })).delivery_channel).toBe('calendar');
    await runAt(server, clock, '2026-05-06T00:00:00Z'); // Tuesday 19:00 CDT
    expect(eventsOf(u.account)).toHaveLength(2);
    expect(eventsOf(u.account)[1].body.start.dateTime).toBe('2026-05-05T19:00:00-05:00');
    expect(scheduledMailTo(server, u.email)).toHaveLength(1);

    // The user removed our access at Google: the pick comes by email, Settings asks to reconnect.
    google.revokeAccount(u.account);
    await runAt(server, clock, '2026-05-07T00:00:00Z'); // Wednesday
    expect(eventsOf(u.account)).toHaveLength(2);
    const mails = scheduledMailTo(server, u.email);
    expect(mails).toHaveLength(2);
    const picks = await recommendationRows(server, u.userId);
    expect(mails[1].subject).toContain(picks.at(-1)!.movie_title);
    expect(CalendarStatus.parse(await u.api.calendar.status())).toMatchObject({ has_refresh_token: false, needs_reconnect: true });
    expect((await deliveriesOf(server, u.userId)).map((d) => [d.local_date, d.status, d.calendar_event_id !== null, d.email_sent_at !== null])).toEqual([
      ['2026-05-04', 'sent', true, true],
      ['2026-05-05', 'sent', true, false],
      ['2026-05-06', 'sent', false, true],
    ]);
  });

  it('starts a caught-up event at the next quarter hour, and mails users the calendar is not for', async () => {
    clock.set('2026-05-11T00:00:00Z'); // Monday
    const late = await calendarUser('Europe/Paris', [1], '19:00');
    await late.api.settings.updateProfile({ delivery_channel: 'both' });
    const free = await scheduledUser(server, { timezone: 'Europe/Paris', days: [1], time: '19:00', tier: 'free_trial' });
    await free.api.settings.updateProfile({ delivery_channel: 'calendar' });
    const paused = await calendarUser('Europe/Paris', [1], '19:00');
    await paused.api.settings.updateProfile({ delivery_channel: 'calendar' });
    await paused.api.calendar.update({ calendar_enabled: false });

    await runAt(server, clock, '2026-05-11T18:07:00Z'); // 20:07 CEST, an hour after the slot
    expect(eventsOf(late.account).map((e) => e.body.start.dateTime)).toEqual(['2026-05-11T20:15:00+02:00']);
    expect(scheduledMailTo(server, late.email)).toHaveLength(1);
    // Free plan, or auto-schedule off: no event, the email instead.
    expect(scheduledMailTo(server, free.email)).toHaveLength(1);
    expect(scheduledMailTo(server, paused.email)).toHaveLength(1);
    expect(eventsOf(paused.account)).toHaveLength(0);
  });
});
