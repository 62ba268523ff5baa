// What a pick says plainly beside its reason (issue 35, items 9 and 10), through the real API on
// both databases: a mood nothing on the user's services fits, and a taste little there fits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryResponse, pickNoticeText, Recommendation } from '@app/shared';
import { dialects } from './support/dialects.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { onboardedUser, recommendationRows } from './recommendations.helpers.js';

describe.each(dialects)('pick notices on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a mood nothing on the services fits is said, with the nearest mood, and kept with the pick', async () => {
    // MUBI carries one title of the pack, The Substance: dark, thoughtful, scary, never thrilling.
    const u = await onboardedUser(server, { platforms: ['MUBI'] });
    const pick = Recommendation.parse(await u.api.recommendations.next({ mood: 'thrilling' }));
    expect(pick.movie_title).toBe('The Substance');
    expect(pick.notices).toEqual([{ code: 'mood_unmet', mood: 'thrilling', nearest_mood: 'dark' }]);
    expect(pickNoticeText(pick.notices[0])).toBe('Nothing on your services fits “Thrilling” tonight, so this pick is not a thrilling one. “Dark” has titles there.');
    expect(pick.reason).not.toMatch(/thrilling/i);
    // Read again: the card still says it, and so does the history.
    expect(Recommendation.parse(await u.api.recommendations.current()).notices).toEqual(pick.notices);
    const history = HistoryResponse.parse(await u.api.recommendations.history({}));
    expect(history.recommendations[0].notices).toEqual(pick.notices);
  });

  it('a mood the services fit carries no notice', async () => {
    const u = await onboardedUser(server, { platforms: ['MUBI'] });
    const pick = Recommendation.parse(await u.api.recommendations.next({ mood: 'dark' }));
    expect(pick.notices).toEqual([]);
    expect(pick.reason).toMatch(/^A dark pick for tonight/);
    const [row] = await recommendationRows(server, u.userId);
    expect(row.notices).toBeNull();
  });

  it('a rom-com fan asking for "Thrilling" gets the one thriller their service and "Never show me" leave, not a rom-com, with no notice', async () => {
    // Netflix less these genres and keywords carries romances, comedies and dramas, and one title
    // that fits "Thrilling": House of Cards (a political drama and thriller series).
    const u = await onboardedUser(server, { genres: ['Romance', 'Comedy'], languages: ['English'], platforms: ['Netflix'], favourites: 5 });
    const genres = ['Action', 'Adventure', 'Animation', 'Crime', 'Documentary', 'Family', 'Fantasy', 'History', 'Horror', 'Music', 'Mystery', 'Science Fiction', 'War', 'Western'];
    await u.api.settings.updateProfile({ exclusions: { genres, keywords: ['bullying', 'stalking', 'road rage', 'diplomacy', 'mayor', 'outbreak'], people: [] } });
    // What they are given without a mood: a romance or a comedy.
    const plain = Recommendation.parse(await u.api.recommendations.next({}));
    expect(plain.genres.some((g) => g === 'Romance' || g === 'Comedy')).toBe(true);
    const pick = Recommendation.parse(await u.api.recommendations.next({ mood: 'thrilling' }));
    expect(pick.movie_title).toBe('House of Cards');
    expect(pick.notices).toEqual([]);
    expect(pick.reason).toMatch(/^A thrilling pick for tonight/);
  });

  it('a horror and thriller fan whose only service carries a Telugu romance is told little fits, and no favourite is named', async () => {
    // aha carries two titles of the pack, both Telugu: Colour Photo, a romantic drama, and a thriller series (film favourites get a film).
    const u = await onboardedUser(server, { genres: ['Horror', 'Thriller'], languages: ['English'], platforms: ['aha'], favourites: 4 });
    const pick = Recommendation.parse(await u.api.recommendations.current());
    expect(pick.movie_title).toBe('Colour Photo');
    expect(pick.notices).toEqual([{ code: 'low_fit', mood: null, nearest_mood: null }]);
    expect(pickNoticeText(pick.notices[0])).toMatch(/^Little on your services fits your taste tonight/);
    expect(pick.reason).not.toMatch(/because you liked|people who liked|which you liked/i);
  });
});
