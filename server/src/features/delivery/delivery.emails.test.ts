import { describe, expect, it } from 'vitest';
import { PLAN_LIMIT_TEXTS, Recommendation } from '@app/shared';
import { factsLine, recommendationEmail, scoresLine, upgradeEmail, type DeliveryMailContext } from './delivery.emails.js';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

const ctx: DeliveryMailContext = {
  appUrl: 'https://picks.example.test',
  to: 'viewer@example.test',
  unsubscribeUrl: 'https://picks.example.test/api/delivery/unsubscribe?token=t',
  unsubscribePageUrl: 'https://picks.example.test/unsubscribe?token=t',
  unsubscribeMailto: null,
  schedule: { days: [1, 3, 5], time: '19:00', timeZone: 'Asia/Kolkata' },
};

const rec = (over: Partial<Recommendation> = {}): Recommendation =>
  Recommendation.parse({
    id: 'r1',
    title_id: 't1',
    kind: 'movie',
    movie_title: 'Tom & <Jerry> "Live"',
    movie_description: 'Cat <script>alert(1)</script> and mouse.',
    reason: 'Because you liked chases.',
    year: 2021,
    end_year: null,
    genre: 'Comedy',
    genres: ['Comedy', 'Family'],
    language: 'English',
    runtime: 112,
    seasons: null,
    rotten_tomatoes: 81,
    imdb_rating: 7,
    platform: null,
    platform_logo_url: null,
    watch_url: null,
    poster_url: '/api/catalog/titles/t1/poster.svg',
    poster_fallback_url: '/api/catalog/titles/t1/poster.svg',
    trailer_url: null,
    director: null,
    cast: [],
    is_rated: false,
    user_rating: null,
    status: 'active',
    mood: null,
    created_at: '2026-01-01T00:00:00.000Z',
    subscription_warning: null,
    ...over,
  });

const mail = (r: Recommendation) =>
  recommendationEmail(ctx, { rec: r, likeUrl: 'https://l.test/?a=1&b=2', dislikeUrl: 'https://d.test/' });

/** Every image an HTML part loads. */
const images = (html = '') => [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]);

describe('scheduled emails', () => {
  it('says availability unknown without a platform, and escapes everything in the HTML', () => {
    const m = mail(rec());
    expect(m.text).toContain('Where to watch: availability unknown');
    expect(m.text).not.toContain('Watch on');
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('Tom &#38; &#60;Jerry&#62; &#34;Live&#34;');
    expect(m.html).toContain('href="https://l.test/?a=1&#38;b=2"');
    expect(m.headers).toEqual({
      'List-Unsubscribe': '<https://picks.example.test/api/delivery/unsubscribe?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(m.text).toContain("You get Tonight's Pick on Mon, Wed and Fri at 19:00 (Asia/Kolkata).");
  });

  it('says where it streams when it is not on your services in your country', () => {
    const away = { platform: 'Netflix', kind: 'subscription' as const, region: 'US', elsewhere: true, yours: true, link: null, logo_url: null, from_justwatch: false };
    const m = mail(rec({ platform: null, region: 'IN', where_to_watch: [away] }));
    expect(m.text).toContain('Where to watch: Not on your services in India. Streaming on Netflix in the United States.');
    expect(m.html).toContain('Not on your services in India. Streaming on Netflix in the United States.');
  });

  it('links the platform search page, and formats facts and scores for films and series', () => {
    const m = mail(rec({ platform: 'Netflix', watch_url: 'https://www.netflix.com/search?q=Tom' }));
    expect(m.text).toContain('Watch on Netflix: https://www.netflix.com/search?q=Tom');
    expect(m.html).toContain('>Watch on Netflix</a>');
    expect(factsLine(rec())).toBe('2021 · Comedy, Family · 1h 52m');
    expect(scoresLine(rec())).toBe('Rotten Tomatoes 81% · IMDb 7.0/10');
    expect(scoresLine(rec({ rotten_tomatoes: null }))).toBe('IMDb 7.0/10');
    expect(factsLine(rec({ kind: 'series', year: 2019, end_year: 2023, seasons: 4, runtime: 50 }))).toBe('2019-2023 · Series · Comedy, Family · 4 seasons, 50 min episodes');
    expect(scoresLine(rec({ rotten_tomatoes: null, imdb_rating: null }))).toBe('');
  });

  it('names the source of each score in both parts of the email, as the web card and the popup do', () => {
    const m = mail(rec({ rotten_tomatoes: 93, imdb_rating: 8.4 }));
    expect(m.text).toContain('\nRotten Tomatoes 93% · IMDb 8.4/10\n');
    expect(m.html).toContain('>Rotten Tomatoes 93% · IMDb 8.4/10</p>');
    expect(`${m.text}${m.html}`).not.toMatch(/critic score|audience rating/i);
  });

  it('shows TMDB\'s jpg when the title has one, else our poster as PNG: never an SVG, which Gmail and Outlook drop', () => {
    const ours = mail(rec());
    expect(images(ours.html)).toEqual(['https://picks.example.test/api/catalog/titles/t1/poster.png']);
    const tmdb = mail(rec({ poster_url: 'https://image.tmdb.org/t/p/w342/abc.jpg' }));
    expect(images(tmdb.html)).toEqual(['https://image.tmdb.org/t/p/w342/abc.jpg']);
    for (const m of [ours, tmdb]) expect(m.html).not.toMatch(/\.svg|image\/svg|<svg/i);
  });

  it('puts the plan-limit text and the upgrade link in the upgrade email', () => {
    const m = upgradeEmail(ctx, PLAN_LIMIT_TEXTS.limitReached, 'Monday');
    expect(m.subject).toContain(PLAN_LIMIT_TEXTS.title);
    expect(m.text).toContain(PLAN_LIMIT_TEXTS.limitReached);
    expect(m.text).toContain('https://picks.example.test/settings?upgrade=true&section=subscription');
    expect(m.text).toContain('$59');
    expect(m.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('signs unsubscribe tokens that name one user, fail with another key and expire after 90 days', () => {
    const secret = 'a-secret-that-is-at-least-32-characters-long';
    const now = new Date('2026-01-01T00:00:00Z');
    const token = signUnsubscribeToken(secret, 'user-1', now);
    const invalid = { ok: false, reason: 'invalid' };
    expect(verifyUnsubscribeToken(secret, token, now)).toEqual({ ok: true, userId: 'user-1' });
    expect(verifyUnsubscribeToken(secret, token, new Date('2026-03-31T23:59:59Z'))).toEqual({ ok: true, userId: 'user-1' });
    expect(verifyUnsubscribeToken(secret, token, new Date('2026-04-01T00:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
    expect(verifyUnsubscribeToken(`${secret}x`, token, now)).toEqual(invalid);
    expect(verifyUnsubscribeToken(secret, token.replace(/^./, 'x'), now)).toEqual(invalid);
    expect(verifyUnsubscribeToken(secret, 'x.y', now)).toEqual(invalid);
  });
});
