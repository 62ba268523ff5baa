// Tonight's constraints through the real API (issue 19): what POST /new and PUT /profile remember,
// what a pick request leaves out (the remembered value), what it refuses (400 with a detail, nothing
// changed), what the pick obeys, and the 409 that names what to loosen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExport, ErrorBody, NO_TONIGHT, Recommendation, User } from '@app/shared';
import { dialects } from './support/dialects.js';
import { rawRequest, startTestServer, type TestServer } from './support/test-server.js';
import { failure, onboardedUser, recommendationRows, setPlan, type Onboarded } from './recommendations.helpers.js';

describe.each(dialects)("tonight's constraints on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function lifetimeUser(): Promise<Onboarded> {
    const u = await onboardedUser(server);
    await setPlan(server, u.userId, 'paid_lifetime');
    return u;
  }

  const send = (u: Onboarded, path: string, body: unknown, method = 'POST') =>
    rawRequest(server.url, path, { method, body: JSON.stringify(body), token: u.store.token! });

  it('a new profile has no constraints; PUT /profile stores exclusions trimmed, de-duplicated and in the catalog spelling', async () => {
    const u = await lifetimeUser();
    const fresh = User.parse(await u.api.settings.profile());
    expect(fresh.tonight).toEqual(NO_TONIGHT);
    expect(fresh.exclusions).toEqual({ genres: [], keywords: [], people: [] });
    expect(fresh.max_age_rating).toBeNull();

    const saved = await u.api.settings.updateProfile({
      exclusions: { genres: ['horror', 'Horror', ' War '], keywords: [' superhero', 'Superhero ', 'gore'], people: ['Zack Snyder'] },
      max_age_rating: '13',
      tonight: { max_minutes: 100, kind: 'movie' },
    });
    expect(saved.exclusions).toEqual({ genres: ['Horror', 'War'], keywords: ['superhero', 'gore'], people: ['Zack Snyder'] });
    expect(saved.max_age_rating).toBe('13');
    expect(saved.tonight).toEqual({ max_minutes: 100, finish_tonight: false, kind: 'movie', exploration: null });

    // A list left out stays; an empty list clears; null lifts the age limit.
    const changed = await u.api.settings.updateProfile({ exclusions: { keywords: [] }, max_age_rating: null, tonight: { kind: null } });
    expect(changed.exclusions).toEqual({ genres: ['Horror', 'War'], keywords: [], people: ['Zack Snyder'] });
    expect(changed.max_age_rating).toBeNull();
    expect(changed.tonight).toEqual({ max_minutes: 100, finish_tonight: false, kind: null, exploration: null });
    expect(User.parse(await u.api.settings.profile())).toEqual(changed);
  });

  it('PUT /profile refuses unbounded or unknown exclusions with 400 and a detail, and changes nothing', async () => {
    const u = await lifetimeUser();
    await u.api.settings.updateProfile({ exclusions: { keywords: ['gore'] } });
    const before = await u.api.settings.profile();
    const cases: Array<[unknown, RegExp]> = [
      [{ exclusions: { keywords: Array.from({ length: 31 }, (_, i) => `word ${i}`) } }, /At most 30 keywords/],
      [{ exclusions: { people: ['x'.repeat(61)] } }, /at most 60 characters/],
      [{ exclusions: { people: ['   '] } }, /must not be empty/],
      [{ exclusions: { genres: ['Superhero'] } }, /genres must be among/],
      [{ exclusions: { moods: ['dark'] } }, /.+/],
      [{ max_age_rating: 'R' }, /max_age_rating must be one of all, 7, 12, 13, 16/],
      [{ tonight: { max_minutes: 20 } }, /max_minutes must be at least 30/],
      [{ tonight: { exploration: 1.5 } }, /exploration must be from 0 to 1/],
    ];
    for (const [body, detail] of cases) {
      const res = await send(u, '/api/settings/profile', body, 'PUT');
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(ErrorBody.parse(res.body).detail, JSON.stringify(body)).toMatch(detail);
    }
    expect(await u.api.settings.profile()).toEqual(before);
  });

  it('POST /new remembers what it is sent, uses the remembered value when a field is left out, and null clears it', async () => {
    const u = await lifetimeUser();
    await u.api.recommendations.current();
    const first = Recommendation.parse(await u.api.recommendations.next({ max_minutes: 100, kind: 'movie', exploration: 0.8 }));
    expect(first.kind).toBe('movie');
    expect((await u.api.settings.profile()).tonight).toEqual({ max_minutes: 100, finish_tonight: false, kind: 'movie', exploration: 0.8 });

    // Nothing sent: the remembered constraints apply (the extension and the scheduled picks send nothing).
    for (let i = 0; i < 3; i++) {
      const pick = Recommendation.parse(await u.api.recommendations.next({}));
      expect(pick.kind).toBe('movie');
      expect(pick.runtime).not.toBeNull();
      expect(pick.runtime!).toBeLessThanOrEqual(100);
    }
    expect((await u.api.settings.profile()).tonight.max_minutes).toBe(100);

    await u.api.recommendations.next({ max_minutes: null, kind: null, exploration: null, finish_tonight: true });
    expect((await u.api.settings.profile()).tonight).toEqual({ max_minutes: null, finish_tonight: true, kind: null, exploration: null });
  });

  it('POST /new refuses a bad constraint with 400 and a detail, and changes nothing', async () => {
    const u = await lifetimeUser();
    const active = await u.api.recommendations.current();
    await u.api.settings.updateProfile({ tonight: { max_minutes: 120 } });
    const cases: Array<[unknown, RegExp]> = [
      [{ max_minutes: 29 }, /at least 30/],
      [{ max_minutes: 601 }, /at most 600/],
      [{ max_minutes: 99.5 }, /whole number of minutes/],
      [{ max_minutes: '100' }, /whole number of minutes/],
      [{ exploration: -0.1 }, /from 0 to 1/],
      [{ finish_tonight: 'yes' }, /true or false/],
      [{ kind: 'either' }, /.+/],
    ];
    for (const [body, detail] of cases) {
      const res = await send(u, '/api/recommendations/new', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(ErrorBody.parse(res.body).detail, JSON.stringify(body)).toMatch(detail);
    }
    const rows = await recommendationRows(server, u.userId);
    expect(rows.map((r) => [r.id, r.status])).toEqual([[active.id, 'active']]);
    expect((await u.api.settings.profile()).tonight.max_minutes).toBe(120);
  });

  it('the pick fits the time budget, says so, and never shows an excluded genre', async () => {
    const u = await lifetimeUser();
    await u.api.recommendations.current();
    await u.api.settings.updateProfile({ exclusions: { genres: ['Thriller'] } });
    const pick = Recommendation.parse(await u.api.recommendations.next({ max_minutes: 100, kind: 'movie' }));
    expect(pick.runtime!).toBeLessThanOrEqual(100);
    expect(pick.reason).toContain('fits your 1 h 40');
    for (let i = 0; i < 6; i++) {
      const next = Recommendation.parse(await u.api.recommendations.next({}));
      expect(next.genres).not.toContain('Thriller');
      expect(next.runtime!).toBeLessThanOrEqual(100);
    }
  });

  it('with Finish tonight, a series is one the user can watch to the end in the time, and the reason counts its episodes', async () => {
    const u = await lifetimeUser();
    await u.api.recommendations.current();
    const pick = Recommendation.parse(await u.api.recommendations.next({ max_minutes: 600, finish_tonight: true, kind: 'series' }));
    expect(pick.kind).toBe('series');
    const episodes = await server.running.ctx.db.selectFrom('titles').select(['episodes', 'runtime']).where('id', '=', pick.title_id).executeTakeFirstOrThrow();
    expect(Number(episodes.episodes) * Number(episodes.runtime)).toBeLessThanOrEqual(600);
    expect(pick.reason).toMatch(/(All \d+ episodes fit|Its one episode fits) your 10 h\./);
  });

  it('when nothing is left, the 409 names what to loosen, and the refused request remembers nothing', async () => {
    const u = await lifetimeUser();
    const active = await u.api.recommendations.current();
    await u.api.settings.updateProfile({ exclusions: { genres: ['Drama', 'Comedy', 'Thriller', 'Crime', 'Action', 'Romance', 'Documentary', 'Animation'] } });
    const err = await failure(u.api.recommendations.next({ max_minutes: 30, kind: 'movie' }));
    expect(err.status).toBe(409);
    expect(err.detail).toBe('Nothing left fits 30 min, movies only and your exclusions. Try a longer time, Either instead of one kind or fewer exclusions.');
    expect((await u.api.settings.profile()).tonight).toEqual(NO_TONIGHT);
    expect((await recommendationRows(server, u.userId)).map((r) => [r.id, r.status])).toEqual([[active.id, 'active']]);
  });

  it('the data export carries the constraints, the exclusions and the age limit', async () => {
    const u = await lifetimeUser();
    await u.api.settings.updateProfile({ exclusions: { people: ['Michael Bay'] }, max_age_rating: '16', tonight: { max_minutes: 90, finish_tonight: true } });
    const data = AccountExport.parse(JSON.parse((await u.api.account.exportData()).text));
    expect(data.preferences).toMatchObject({
      tonight: { max_minutes: 90, finish_tonight: true, kind: null, exploration: null },
      exclusions: { genres: [], keywords: [], people: ['Michael Bay'] },
      max_age_rating: '16',
    });
  });
});
