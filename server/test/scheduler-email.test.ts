// What a scheduled delivery sends, read from the local SMTP server: a multipart email with
// List-Unsubscribe whose rating links work; the upgrade note instead of a pick at the free limit;
// the one-click unsubscribe; and the calendar event for calendar users.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, PLAN_LIMIT_TEXTS, PublicRateResponse, UnsubscribeResponse, User } from '@app/shared';
import { dialects } from './support/dialects.js';
import { rawRequest, startTestServer, TestClock, type TestServer } from './support/test-server.js';
import type { ReceivedMail } from './support/mailbox.js';
import { deliveriesOf, pauseEveryone, runAt, scheduledMailTo, scheduledUser } from './scheduler.helpers.js';
import { quotaRows, recommendationRows } from './recommendations.helpers.js';
import { signRatingToken } from '../src/features/recommendations/rating-link.js';

const APP_URL = 'https://picks.example.test';
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A header as sent, unfolded. */
function header(mail: ReceivedMail, name: string): string | undefined {
  const line = mail.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.replace(/\r?\n[ \t]+/g, ' ').slice(name.length + 1).trim();
}

/** The same path and query on the test server (the mail's links name the public APP_URL). */
const onServer = (link: string) => {
  const url = new URL(link);
  expect(url.origin).toBe(APP_URL);
  return `${url.pathname}${url.search}`;
};

describe.each(dialects)('scheduled delivery emails on %s', (dialect) => {
  const clock = new TestClock(new Date('2026-03-02T12:00:00Z'));
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock, env: { APP_URL } });
  });
  afterEach(async () => {
    await pauseEveryone(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends a multipart email with the pick, List-Unsubscribe and rating links that record the rating', async () => {
    clock.set('2026-03-02T12:00:00Z');
    const u = await scheduledUser(server, { timezone: 'America/New_York', days: [1, 2, 3, 4, 5], time: '19:00' });
    await u.api.settings.updateProfile({ ott_subscriptions: ['Netflix', 'Prime Video', 'Disney+', 'HBO Max', 'Hulu', 'Apple TV'] });
    await runAt(server, clock, '2026-03-03T00:00:00Z'); // Monday 19:00 EST
    const [mail] = scheduledMailTo(server, u.email);
    const [row] = await recommendationRows(server, u.userId);
    const card = await u.api.recommendations.current();
    expect(card.id).toBe(row.id);

    expect(mail.subject).toBe(`Tonight's pick: ${card.movie_title} (${card.year})`);
    expect((mail.parsed.headers.get('content-type') as { value: string }).value).toBe('multipart/alternative');
    expect(mail.text).toContain(card.movie_title);
    // The title set in type beside the poster, which is an absolute URL that the server serves.
    expect(mail.html).toContain(`>${escapeHtml(card.movie_title)}</h1>`);
    // Our poster as PNG (the catalog has no TMDB posters here): mail clients drop SVG.
    const poster = /<img src="([^"]+)"/.exec(mail.html)![1];
    expect(poster).toBe(`${APP_URL}/api/catalog/titles/${card.title_id}/poster.png`);
    expect(mail.html).not.toMatch(/\.svg/);
    const posterRes = await fetch(`${server.url}${onServer(poster)}`);
    expect(posterRes.status).toBe(200);
    expect(posterRes.headers.get('content-type')).toBe('image/png');
    expect(mail.text).toContain(String(card.year));
    expect(mail.text).toContain(card.genres[0]);
    if (card.rotten_tomatoes !== null) expect(mail.text).toContain(`Rotten Tomatoes ${card.rotten_tomatoes}%`);
    if (card.imdb_rating !== null) expect(mail.text).toContain(`IMDb ${card.imdb_rating.toFixed(1)}`);
    expect(mail.text).toContain(`Why we picked it: ${card.reason}`);
    if (card.platform) expect(mail.text).toContain(`Watch on ${card.platform}: ${card.watch_url}`);
    else expect(mail.text).toContain('availability unknown');
    expect(mail.text).toContain(`go to Settings: ${APP_URL}/app/settings`);

    const unsubscribe = header(mail, 'List-Unsubscribe')!;
    expect(unsubscribe).toMatch(/^<https:\/\/picks\.example\.test\/api\/delivery\/unsubscribe\?token=[\w.-]+>, <mailto:no-reply@localhost\?subject=unsubscribe>$/);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The unsubscribe URL travels only in the header: a link scanner following body links cannot use it.
    expect(mail.html).not.toContain('/api/delivery/unsubscribe');
    // The visible link goes to the web page, which asks before changing anything.
    const page = /href="(https:\/\/picks\.example\.test\/unsubscribe\?token=[^"]+)"/.exec(mail.html)?.[1];
    expect(page).toBeTruthy();
    expect(mail.text).toContain('Unsubscribe: https://picks.example.test/unsubscribe?token=');
    const token = new URL(page!.replace(/&amp;/g, '&')).searchParams.get('token')!;
    expect(unsubscribe).toContain(encodeURIComponent(token).replace(/%2E/g, '.'));

    const like = /Like: (\S+)/.exec(mail.text)![1];
    const dislike = /Dislike: (\S+)/.exec(mail.text)![1];
    expect(mail.html).toContain(`href="${like.replace(/&/g, '&#38;')}"`);
    expect(mail.html).toContain(`href="${dislike.replace(/&/g, '&#38;')}"`);
    expect(new URL(like).pathname).toBe('/rate');
    // Follow it the way the web /rate page does.
    const rated = await rawRequest(server.url, `/api/public/rate?${new URL(like).searchParams.toString()}`);
    expect(rated.status).toBe(200);
    expect(PublicRateResponse.parse(rated.body)).toMatchObject({ movie_title: card.movie_title, rating: true });
    expect((await recommendationRows(server, u.userId))[0].user_rating).toBe(1);
    expect(await u.api.recommendations.current()).toMatchObject({ id: card.id, is_rated: true, user_rating: true });
  });

  it('sends the upgrade email instead of a pick to a free user at the limit, once a week, and issues nothing', async () => {
    clock.set('2026-03-09T14:00:00Z'); // Monday 10:00 EDT
    const u = await scheduledUser(server, { timezone: 'America/New_York', days: [1, 2, 3], time: '19:00', tier: 'free_trial' });
    for (let i = 0; i < 3; i++) await u.api.recommendations.next({});
    // Monday: the pick the user got this morning is tonight's pick; no fourth one is spent.
    await runAt(server, clock, '2026-03-09T23:00:00Z');
    const monday = scheduledMailTo(server, u.email);
    expect(monday).toHaveLength(1);
    expect(monday[0].subject).toMatch(/^Tonight's pick: /);
    const picks = await recommendationRows(server, u.userId);
    expect(picks).toHaveLength(3);
    expect(monday[0].text).toContain(picks[2].movie_title);

    await runAt(server, clock, '2026-03-10T23:00:00Z'); // Tuesday 19:00 EDT
    const mails = scheduledMailTo(server, u.email);
    expect(mails).toHaveLength(2);
    const upgrade = mails[1];
    expect(upgrade.subject).toContain(PLAN_LIMIT_TEXTS.title);
    expect(upgrade.text).toContain(PLAN_LIMIT_TEXTS.limitReached);
    expect(upgrade.text).toContain(`${APP_URL}/settings?upgrade=true&section=subscription`);
    expect(upgrade.html).toContain(`${APP_URL}/settings?upgrade=true&#38;section=subscription`);
    expect(upgrade.text).toContain('Monday');
    expect(header(upgrade, 'List-Unsubscribe')).toContain('/api/delivery/unsubscribe?token=');
    expect(await recommendationRows(server, u.userId)).toHaveLength(3);
    expect((await quotaRows(server, u.userId)).map((q) => [q.week_start, Number(q.used)])).toEqual([['2026-03-09', 3]]);

    await runAt(server, clock, '2026-03-11T23:00:00Z'); // Wednesday: no second upgrade note this week
    expect(scheduledMailTo(server, u.email)).toHaveLength(2);
    const rows = await deliveriesOf(server, u.userId);
    expect(rows.map((r) => [r.local_date, r.status, r.kind])).toEqual([
      ['2026-03-09', 'sent', 'recommendation'],
      ['2026-03-10', 'sent', 'upgrade'],
      ['2026-03-11', 'skipped', 'upgrade'],
    ]);

    await runAt(server, clock, '2026-03-16T23:00:00Z'); // next Monday: a new week, a new pick that counts
    expect(scheduledMailTo(server, u.email).at(-1)!.subject).toMatch(/^Tonight's pick: /);
    expect(await recommendationRows(server, u.userId)).toHaveLength(4);
    expect((await quotaRows(server, u.userId)).find((q) => q.week_start === '2026-03-16')?.used).toBe(1);
  });

  it('turns delivery off from the List-Unsubscribe link (GET and one-click POST), and refuses a bad token', async () => {
    clock.set('2026-03-16T12:00:00Z');
    const u = await scheduledUser(server, { timezone: 'Europe/London', days: [1, 2, 3, 4, 5], time: '18:00' });
    await runAt(server, clock, '2026-03-16T18:00:00Z');
    const [mail] = scheduledMailTo(server, u.email);
    const url = /<(https:[^>]+)>/.exec(header(mail, 'List-Unsubscribe')!)![1];

    const post = await rawRequest(server.url, onServer(url), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(200);
    expect(UnsubscribeResponse.parse(post.body)).toEqual({ message: expect.stringContaining('Settings'), email_delivery: false });
    expect(User.parse(await u.api.settings.profile()).email_delivery).toBe(false);
    await runAt(server, clock, '2026-03-17T18:00:00Z');
    expect(scheduledMailTo(server, u.email)).toHaveLength(1);
    expect(await deliveriesOf(server, u.userId)).toHaveLength(1);

    const again = await rawRequest(server.url, onServer(url));
    expect([again.status, again.body.email_delivery]).toEqual([200, false]);

    const token = new URL(url).searchParams.get('token')!;
    const ratingToken = signRatingToken(server.running.ctx.secrets.jwt, 'rec', u.userId, 'like', clock.now());
    const [payload, sig] = token.split('.');
    for (const bad of [ratingToken, `${payload}.${sig.slice(0, -2)}AA`, 'nope', '']) {
      const res = await rawRequest(server.url, `/api/delivery/unsubscribe?token=${encodeURIComponent(bad)}`, { method: 'POST' });
      expect(res.status, bad).toBe(400);
      expect(ErrorBody.parse(res.body).detail).toMatch(/token|invalid/i);
    }

    // Settings turns it back on.
    await u.api.settings.updateProfile({ email_delivery: true });
    await runAt(server, clock, '2026-03-18T18:00:00Z');
    expect(scheduledMailTo(server, u.email)).toHaveLength(2);
  });
});
