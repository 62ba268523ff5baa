// "Why not recommended?" through the real API on a real database: tonight's pick, a title the user
// rated or watched, one not on their service in their country (and where it streams), one that is a
// candidate (its rank), an unknown title (404), bad input (400 with a detail), and that asking
// writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, WhyNotResponse } from '@app/shared';
import type { CatalogEntry } from '../src/catalog/catalog.store.js';
import { STREAMABLE } from '../src/catalog/snapshot.js';
import { servesCountry } from '../src/catalog/where-to-watch.js';
import { dialects } from './support/dialects.js';
import { rawRequest, startTestServer, type TestServer } from './support/test-server.js';
import { failure, onboardedUser, recommendationRows, setPlan, type Onboarded } from './recommendations.helpers.js';

describe.each(dialects)('why not recommended on %s', (dialect) => {
  let server: TestServer;
  let titles: CatalogEntry[];
  let u: Onboarded;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    titles = await server.running.services.catalog.titles();
    // A Netflix subscriber in the United States, on the lifetime plan.
    u = await onboardedUser(server, { platforms: ['Netflix'] });
    await u.api.settings.updateProfile({ country: 'US' });
    await setPlan(server, u.userId, 'paid_lifetime');
  });
  afterAll(async () => {
    await server?.close();
  });

  const streamsOn = (t: CatalogEntry, platform: string, country: string) =>
    t.availability.some((o) => o.platform === platform && STREAMABLE.has(o.kind) && servesCountry(o.region, country));
  const ask = async (titleId: string) => WhyNotResponse.parse(await u.api.recommendations.whyNot(titleId));
  const codes = (r: WhyNotResponse) => r.reasons.map((x) => x.code);

  async function unseen(): Promise<Set<string>> {
    const issued = new Set((await recommendationRows(server, u.userId)).map((r) => r.title_id));
    const favourites = new Set((await u.api.onboarding.getPreferences()).initial_movies);
    return new Set(titles.filter((t) => !issued.has(t.id) && !favourites.has(t.title)).map((t) => t.id));
  }

  it('says a title you disliked, liked or watched is never picked again', async () => {
    const first = await u.api.recommendations.current();
    await u.api.recommendations.rate({ movie_title: first.movie_title, rating: false, recommendation_id: first.id });
    const disliked = await ask(first.title_id);
    expect(disliked.title_id).toBe(first.title_id);
    expect(disliked.title).toBe(first.movie_title);
    expect(disliked.reasons[0]).toEqual({ code: 'disliked', text: 'You disliked it, so it is never picked for you.' });

    const second = await u.api.recommendations.next({ previous: 'skip' });
    await u.api.recommendations.rate({ movie_title: second.movie_title, rating: true, recommendation_id: second.id });
    expect((await ask(second.title_id)).reasons[0].code).toBe('liked');

    const third = await u.api.recommendations.next({ previous: 'skip' });
    await u.api.recommendations.next({ previous: 'watched' });
    expect((await ask(third.title_id)).reasons[0]).toEqual({ code: 'watched', text: 'You have watched it: picks are always titles you have not seen.' });
  });

  it("says tonight's pick is the pick, and a pick passed over was already one of your picks", async () => {
    const current = await u.api.recommendations.current();
    expect((await ask(current.title_id)).reasons[0]).toEqual({ code: 'current_pick', text: 'It is your pick for tonight: it is on your dashboard now.' });
    expect(codes(await ask(current.title_id))).not.toContain('issued');
    await u.api.recommendations.next({ previous: 'skip' });
    expect((await ask(current.title_id)).reasons[0]).toEqual({ code: 'issued', text: 'It was already one of your picks, and a title is never picked twice.' });
  });

  it('says a title is not on your service in your country, and where it does stream', async () => {
    const fresh = await unseen();
    const elsewhere = titles.find((t) => fresh.has(t.id) && !streamsOn(t, 'Netflix', 'US') && t.availability.some((o) => STREAMABLE.has(o.kind)))!;
    expect(elsewhere).toBeDefined();
    const answer = await ask(elsewhere.id);
    expect(codes(answer)).toEqual(['not_on_services']);
    expect(answer.reasons[0].text).toMatch(/^Not on your services in the United States \(Netflix\)\. (It streams on .+\.|We do not know of any service that streams it\.)/);
    // Each service named is one the title really streams on.
    const named = /It streams on (.+?)(?: in [^.]*)?\./.exec(answer.reasons[0].text)?.[1] ?? '';
    for (const platform of named.split(/, | and /).filter((p) => p && !/^\d+ more$/.test(p))) {
      expect(elsewhere.availability.map((o) => o.platform)).toContain(platform.replace(/ in .*$/, ''));
    }
  });

  it('ranks a title that nothing rules out among the candidates, and writes nothing', async () => {
    const fresh = await unseen();
    const candidate = titles.find((t) => fresh.has(t.id) && streamsOn(t, 'Netflix', 'US') && t.language === 'English')!;
    expect(candidate).toBeDefined();
    const before = await server.running.ctx.db.selectFrom('users').select('taste_rev').where('id', '=', u.userId).executeTakeFirstOrThrow();
    const rows = (await recommendationRows(server, u.userId)).length;
    const answer = await ask(candidate.id);
    const rank = answer.reasons.find((r) => r.code === 'ranked' || r.code === 'top_match');
    expect(rank?.text).toMatch(/it ranks \d[\d,]*(st|nd|rd|th) of \d[\d,]* for you/);
    expect(codes(answer).filter((c) => ['disliked', 'liked', 'favourite', 'watched', 'issued', 'not_on_services'].includes(c))).toEqual([]);
    // Read-only: no history row, no taste revision (the taste cache stays valid).
    expect((await recommendationRows(server, u.userId)).length).toBe(rows);
    const after = await server.running.ctx.db.selectFrom('users').select('taste_rev').where('id', '=', u.userId).executeTakeFirstOrThrow();
    expect(Number(after.taste_rev)).toBe(Number(before.taste_rev));
  });

  it("names tonight's remembered constraints: the time budget, then an excluded genre", async () => {
    const fresh = await unseen();
    const long = titles.find((t) => fresh.has(t.id) && t.kind === 'movie' && (t.runtime ?? 0) > 100 && streamsOn(t, 'Netflix', 'US'))!;
    expect(long).toBeDefined();
    // Remembered the way the dashboard remembers it: sent with a pick.
    await u.api.recommendations.next({ previous: 'skip', max_minutes: 100, kind: 'movie' });
    const outside = await ask(long.id);
    expect(outside.reasons[0].code).toBe('time_budget');
    expect(outside.reasons[0].text).toMatch(/^Outside your 1 h 40: it runs \d+ h( \d+)?\.$/);

    const short = titles.find((t) => fresh.has(t.id) && t.id !== long.id && t.kind === 'movie' && (t.runtime ?? 999) <= 100 && t.genres.length > 0)!;
    await u.api.settings.updateProfile({ exclusions: { genres: [short.genres[0]], keywords: [], people: [] } });
    const excluded = await ask(short.id);
    expect(excluded.reasons[0]).toEqual({ code: 'excluded_genre', text: `Excluded genre: ${short.genres[0].toLowerCase()}.` });

    // Cleared again: the budget no longer speaks against the long film.
    await u.api.settings.updateProfile({ exclusions: { genres: [], keywords: [], people: [] } });
    await u.api.recommendations.next({ previous: 'skip', max_minutes: null, kind: null });
    expect(codes(await ask(long.id))).not.toContain('time_budget');
  });

  it('answers 404 for a title the catalog does not have, and 400 with a detail for bad input', async () => {
    const missing = await failure<ApiError>(u.api.recommendations.whyNot('no-such-title'));
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('That title is not in the catalog.');

    for (const query of ['', '?title_id=', `?title_id=${'x'.repeat(65)}`, '?title_id=a&extra=1']) {
      const res = await rawRequest(server.url, `/api/recommendations/why-not${query}`, { token: u.store.token! });
      expect(res.status, query).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await rawRequest(server.url, '/api/recommendations/why-not?title_id=x')).status).toBe(401);
  });
});
