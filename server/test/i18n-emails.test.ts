// Emails in their reader's language (issue 39): the account's ui_language, English when it has
// none. Read from the local SMTP mailbox: the verification code mail of a Japanese sign-up and a
// Japanese user's scheduled pick; English mails keep their words; .ics and calendar texts too.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMIT_TEXTS, type Recommendation } from '@app/shared';
import { dialects } from './support/dialects.js';
import { startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { pauseEveryone, runAt, scheduledUser } from './scheduler.helpers.js';
import { translate } from '../src/i18n/messages.js';
import { verificationEmail } from '../src/features/auth/auth.emails.js';
import { passwordResetEmail } from '../src/features/credentials/credentials.emails.js';
import { householdInviteEmail, INVITE_SUBJECT } from '../src/features/household/household.emails.js';
import { factsLine, recommendationEmail, upgradeEmail, type DeliveryMailContext } from '../src/features/delivery/delivery.emails.js';
import { buildIcs } from '../src/features/recommendations/ics.js';
import { buildCalendarEvent } from '../src/features/calendar/calendar.events.js';

const APP_URL = 'https://picks.example.test';

describe.each(dialects)('emails in the account language on %s', (dialect) => {
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

  it('mails a Japanese sign-up its verification code in Japanese, and the code still verifies', async () => {
    const c = server.client();
    const email = `ja.${Date.now()}@example.test`;
    await c.api.auth.register({ email, password: 'Sup3r-secret!', full_name: 'Aiko', ui_language: 'ja' });
    const mail = await server.mailbox.waitFor((m) => m.to.includes(email));
    const code = /^確認コード：([A-Z0-9]{6})$/.exec(mail.subject)?.[1];
    expect(code).toBeDefined();
    expect(mail.text).toContain(`Tonight's Pick の確認コードは ${code} です`);
    expect(mail.text).toContain('有効期限は 15 分です。');
    expect(mail.text).not.toMatch(/verification code|expires/i);
    expect(mail.html).toContain('登録した覚えがない場合は、このメールを無視してください。');
    expect(mail.html).toContain(`href="${APP_URL}/verify-email"`);
    await c.api.auth.verifyEmail({ email, verification_code: code! });
    expect((await c.api.settings.profile()).ui_language).toBe('ja');
  });

  it('keeps the English verification mail word for word for an account without a language', async () => {
    const c = server.client();
    const email = `en.${Date.now()}@example.test`;
    await c.api.auth.register({ email, password: 'Sup3r-secret!', full_name: 'Ann' });
    const code = await server.mailbox.codeFor(email);
    const mail = server.mailbox.messages.find((m) => m.to.includes(email))!;
    expect(mail.subject).toBe(`Your verification code: ${code}`);
    expect(mail.text).toBe(
      `Your Tonight's Pick verification code is ${code}\n\nIt expires in 15 minutes. Enter it in the browser where you asked for it, at ${APP_URL}/verify-email\n\nIf you did not sign up, ignore this email.`,
    );
  });

  it("sends a Japanese user's scheduled pick in Japanese: subject, text, HTML and the schedule's days", async () => {
    clock.set('2026-03-02T12:00:00Z');
    const u = await scheduledUser(server, { timezone: 'Asia/Tokyo', days: [1, 3, 5], time: '19:00' });
    await u.api.settings.updateProfile({ ui_language: 'ja' });
    await runAt(server, clock, '2026-03-04T10:00:00Z'); // Wednesday 19:00 in Tokyo
    const mails = server.mailbox.messages.filter((m) => m.to.includes(u.email) && !/verification code/i.test(m.subject));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const card = await u.api.recommendations.current();
    expect(mail.subject).toBe(`今夜のおすすめ：${card.movie_title}（${card.year}）`);
    expect(mail.text).toContain(`あなたへの今夜のおすすめ：${card.movie_title}`);
    expect(mail.text).toContain('ワンクリックで評価：\n好き：');
    // Mon, Wed and Fri as Japanese writes them (Intl), at the user's time and zone.
    expect(mail.text).toContain('Tonight\'s Pick は 月、水、金 の 19:00（Asia/Tokyo）に届きます。');
    expect(mail.html).toContain('<html lang="ja">');
    expect(mail.html).toContain('>好き</a>');
    expect(mail.html).toContain('>設定</a>');
    expect(`${mail.subject}${mail.text}`).not.toMatch(/Tonight's pick|Rate it|Like:|You get/);
  });
});

describe('mail and calendar texts in every language', () => {
  const ctx = (locale?: DeliveryMailContext['locale']): DeliveryMailContext => ({
    appUrl: APP_URL,
    to: 'viewer@example.test',
    unsubscribeUrl: `${APP_URL}/api/delivery/unsubscribe?token=t`,
    unsubscribePageUrl: `${APP_URL}/unsubscribe?token=t`,
    unsubscribeMailto: null,
    schedule: { days: [6, 7], time: '20:30', timeZone: 'Europe/Berlin' },
    ...(locale && { locale }),
  });
  const rec = {
    id: 'r1', title_id: 't1', kind: 'series', movie_title: 'Dark', movie_description: 'Time.', reason: 'Because.', year: 2017, end_year: 2020,
    genre: 'Drama', genres: ['Drama'], runtime: 55, seasons: 3, rotten_tomatoes: 95, imdb_rating: 8.7, platform: 'Netflix',
    watch_url: 'https://www.netflix.com/title/80100172', poster_url: '/p.svg', poster_fallback_url: '/p.svg', where_to_watch: [],
  } as unknown as Recommendation;

  it('writes the scheduled pick, its facts and its footer in German, and Arabic right to left', () => {
    const de = recommendationEmail(ctx('de'), { rec, likeUrl: 'https://l.test', dislikeUrl: 'https://d.test' });
    expect(de.subject).toBe('Die Empfehlung für heute Abend: Dark (2017)');
    expect(de.text).toContain('Du bekommst Tonight\'s Pick am Wochenende um 20:30 (Europe/Berlin).');
    expect(de.html).toContain('>Auf Netflix ansehen</a>');
    expect(factsLine(rec, 'de')).toBe('2017-2020 · Serie · Drama · 3 Staffeln, Folgen à 55 Min.');
    expect(factsLine(rec)).toBe('2017-2020 · Series · Drama · 3 seasons, 55 min episodes');
    const ar = recommendationEmail(ctx('ar'), { rec, likeUrl: 'https://l.test', dislikeUrl: 'https://d.test' });
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.subject).toBe('اقتراح الليلة: Dark (2017)');
  });

  it('says the upgrade note in the reader language, with the price and the reset day through Intl', () => {
    const monday = new Date('2026-03-09T00:00:00Z');
    const fr = upgradeEmail(ctx('fr'), { key: 'server-errors.plan.limitReached' }, monday);
    expect(fr.subject).toBe('Limite de l’abonnement atteinte : pas de nouvelle recommandation ce soir');
    expect(fr.text).toContain('Vous avez atteint votre limite de recommandations gratuites cette semaine.');
    expect(fr.text).toContain('Vos recommandations gratuites reviennent le lundi.');
    expect(fr.text).toMatch(/59\s\$US/);
    const en = upgradeEmail(ctx(), PLAN_LIMIT_TEXTS.limitReached, monday);
    expect(en.subject).toBe(`${PLAN_LIMIT_TEXTS.title}: no new pick tonight`);
    expect(en.text).toContain('Your free picks come back on Monday.');
    expect(en.text).toContain('Lifetime: $59 once (was $79), Early bird - save $20. Unlimited recommendations and Google Calendar.');
  });

  it('keeps the English catalog messages equal to the texts the product quotes', () => {
    expect(translate('en', 'server-email.household.subject')).toBe(INVITE_SUBJECT);
    expect(translate('en', 'server-email.delivery.upgrade.title')).toBe(PLAN_LIMIT_TEXTS.title);
    expect(translate('en', 'server-errors.plan.limitReached')).toBe(PLAN_LIMIT_TEXTS.limitReached);
    expect(translate('en', 'server-errors.plan.expired')).toBe(PLAN_LIMIT_TEXTS.expired);
    expect(householdInviteEmail(APP_URL, 'b@x.test', 'Ana', 'tok', 'es').subject).toBe("Te invitan a elegir qué ver juntos en Tonight's Pick");
  });

  it('escapes a translated mail and puts its link where the language puts it', () => {
    const ko = verificationEmail('https://a.test/<x>', 'a@b.test', 'K7Q2XZ', 'ko');
    expect(ko.subject).toBe('인증 코드: K7Q2XZ');
    expect(ko.html).toContain('<a href="https://a.test/&#60;x&#62;/verify-email">https://a.test/&#60;x&#62;/verify-email</a>에 입력하세요');
    expect(passwordResetEmail(APP_URL, 'a@b.test', 'K7Q2XZ', 'hi').subject).toBe('आपका पासवर्ड रीसेट कोड: K7Q2XZ');
  });

  it('writes the .ics and the Google Calendar event in the reader language', () => {
    const start = new Date('2030-01-01T19:00:00Z');
    const ics = buildIcs({ uid: 'r1', title: 'Dark', year: 2017, platform: 'Netflix', description: 'Time.', reason: 'Because.', start, runtime: 55, appUrl: APP_URL, now: start, locale: 'es' });
    expect(ics).toContain("SUMMARY:Tonight's Pick: Dark");
    expect(ics.replace(/\r\n /g, '')).toContain('Dark (2017) - Ver en Netflix');
    expect(ics.replace(/\r\n /g, '')).toContain('Por qué: Because.');
    const req = { recommendation: { id: 'r1', movie_title: 'Dark', year: 2017, platform: 'Netflix', movie_description: 'Time.', reason: 'Because.' }, date: '2030-01-01', time: '20:00', timezone: 'Europe/Berlin' };
    expect(buildCalendarEvent(APP_URL, req, 'pt-BR').description).toContain('Dark (2017) - Assistir no Netflix\n\nTime.\n\nPor que escolhemos: Because.');
    expect(buildCalendarEvent(APP_URL, req).description).toContain('Dark (2017) - Watch on Netflix\n\nTime.\n\nWhy we picked it: Because.');
  });
});
