// Pick reasons and "why not" answers in the reader's language (issue 39): a person who chose a
// language reads their pick's reason in it, written from the same facts as the English one (the
// liked titles it names are theirs), and an English reader's reason is what it always was.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FitResponse, LOCALES, Recommendation, WhyNotResponse } from '@app/shared';
import { recommendTogether, type TogetherMember, type UserTaste } from '../src/engine/index.js';
import { testCatalogs } from '../src/engine/testing/catalogs.js';
import { NOT_IN_CATALOG, UNKNOWN_TITLE } from '../src/features/fit/fit.service.js';
import { HOUSEHOLD_TEXTS } from '../src/features/household/household.service.js';
import { TOGETHER_TEXTS } from '../src/features/household/together.service.js';
import { ACTIVE_DELETE, ACTIVE_WATCHED, ALREADY_RATED, HISTORY_REMOVED, NOT_YOURS } from '../src/features/recommendations/recommendations.service.js';
import { ratingLink } from '../src/features/recommendations/rating-link.js';
import { nothingLeftDetail } from '../src/features/tonight/tonight.service.js';
import { translate } from '../src/i18n/messages.js';
import { SERVER_ROOT } from '../src/paths.js';
import { dialects } from './support/dialects.js';
import { rawRequest, startTestServer, type TestServer } from './support/test-server.js';
import { failure, onboardedUser, setPlan } from './recommendations.helpers.js';

const KANA = /[\u3040-\u30ff]/;
const ENGLISH_TEMPLATE = /Because you liked|People who liked|A pick for tonight|For your love of|A highly rated pick|Rated .* on IMDb|saved it for later/;

describe.each(dialects)('pick reasons in the reader language on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("writes a Japanese user's pick reason in Japanese, naming a title they liked", async () => {
    const u = await onboardedUser(server, { favourites: 5 });
    await u.api.settings.updateProfile({ ui_language: 'ja' });
    await setPlan(server, u.userId, 'paid_lifetime');
    const favourites = (await u.api.onboarding.getPreferences()).initial_movies;
    let named: string | undefined;
    // A reason names a liked title only when it drove the pick: ask until one does (seen: none in 10 once).
    for (let n = 0; n < 60 && !named; n++) {
      const rec = Recommendation.parse(n === 0 ? await u.api.recommendations.current() : await u.api.recommendations.next({ previous: 'skip' }));
      expect(rec.reason).toMatch(KANA);
      expect(rec.reason).not.toMatch(ENGLISH_TEMPLATE);
      // A liked title it names is one of theirs ("<title>が好きなあなたに", "あなたが好きな<title>にも似ています").
      if (/が好きなあなたに|あなたが好きな/.test(rec.reason)) {
        named = favourites.find((f) => rec.reason.includes(f));
        expect(named).toBeDefined();
      }
    }
    expect(named).toBeDefined();
  });

  it('writes the reason in the language of the moment of the pick, and English stays as it was', async () => {
    const u = await onboardedUser(server);
    const english = Recommendation.parse(await u.api.recommendations.current());
    expect(english.reason).toMatch(/^(Because you liked|People who liked|A |For your love of|You saved)/);
    expect(english.reason).not.toMatch(KANA);
    await setPlan(server, u.userId, 'paid_lifetime');
    await u.api.settings.updateProfile({ ui_language: 'es' });
    const spanish = Recommendation.parse(await u.api.recommendations.next({ previous: 'skip' }));
    expect(spanish.reason).toMatch(/^(Porque disfrutaste|A quienes les gustó|Una recomendación|Por los géneros que elegiste|Lo guardaste)/);
    expect(spanish.reason).not.toMatch(ENGLISH_TEMPLATE);
  });

  it("answers why-not and refuses in the user's language, with the same codes", async () => {
    const u = await onboardedUser(server);
    await u.api.settings.updateProfile({ ui_language: 'es' });
    const current = Recommendation.parse(await u.api.recommendations.current());
    const mine = WhyNotResponse.parse(await u.api.recommendations.whyNot(current.title_id));
    expect(mine.reasons[0]).toEqual({ code: 'current_pick', text: 'Es tu recomendación de esta noche: ya está en tu panel.' });
    await u.api.recommendations.rate({ recommendation_id: current.id, movie_title: current.movie_title, rating: true });
    const twice = await failure(u.api.recommendations.rate({ recommendation_id: current.id, movie_title: current.movie_title, rating: false }));
    expect(twice.status).toBe(409);
    expect(twice.detail).toBe('Esta recomendación ya está valorada.');
    const missing = await failure(u.api.recommendations.whyNot('no-such-title'));
    expect(missing.status).toBe(404);
    expect(missing.detail).toBe('Ese título no está en el catálogo.');
  });

  it("says the badge's reason in the user's language: a favourite, and a title their Settings rule out", async () => {
    const u = await onboardedUser(server);
    await u.api.settings.updateProfile({ ui_language: 'ko' });
    const titles = await server.running.services.catalog.titles();
    const favourite = (await u.api.onboarding.getPreferences()).initial_movies[0];
    const mine = FitResponse.parse(await u.api.fit.title({ title: favourite }));
    expect(mine.history).toBe('favourite');
    expect(mine.reason).toBe('즐겨 찾는 작품으로 고르셨어요.');
    const other = titles.find((t) => t.title !== favourite && t.director && !/\d/.test(t.title))!;
    await u.api.settings.updateProfile({ exclusions: { genres: [], keywords: [], people: [other.director!] } });
    const excluded = FitResponse.parse(await u.api.fit.title({ title: other.title, year: other.year }));
    expect(excluded.history).toBeNull();
    expect(excluded.reason).toBe(`${other.director}은(는) ‘절대 보여 주지 않기’ 목록에 있어요.`);
  });

  it("answers a mail's rating link in the language of the person it belongs to, and its refusal in the browser's", async () => {
    const u = await onboardedUser(server);
    await u.api.settings.updateProfile({ ui_language: 'fr' });
    const rec = Recommendation.parse(await u.api.recommendations.current());
    const follow = (rating: 'like' | 'dislike', headers: Record<string, string> = {}) =>
      rawRequest(server.url, `/api/public/rate?${new URL(ratingLink(server.running.ctx, rec.id, u.userId, rating)).searchParams.toString()}`, { headers });
    const saved = await follow('like');
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(`Merci ! Votre note pour ${rec.movie_title} est enregistrée.`);
    expect((await follow('like')).body.message).toBe(`Votre note pour ${rec.movie_title} était déjà enregistrée.`);
    const refused = await follow('dislike', { 'accept-language': 'de' });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(`Du hast ${rec.movie_title} schon mit „Gefällt mir“ bewertet; eine Bewertung lässt sich nicht ändern.`);
  });
});

describe('the catalogs of pick texts', () => {
  const english = (area: string) => JSON.parse(readFileSync(join(SERVER_ROOT, '..', 'shared', 'locales', area, 'en.json'), 'utf8')) as Record<string, string>;

  it("keep today's English word for word", () => {
    const picks = english('server-picks');
    const texts: Record<string, string> = {
      'server-picks.recommendations.alreadyRated': ALREADY_RATED,
      'server-picks.recommendations.notYours': NOT_YOURS,
      'server-picks.recommendations.activeWatched': ACTIVE_WATCHED,
      'server-picks.recommendations.activeDelete': ACTIVE_DELETE,
      'server-picks.recommendations.historyRemoved': HISTORY_REMOVED,
      'server-picks.fit.notInCatalog': NOT_IN_CATALOG,
      'server-picks.fit.unknownTitle': UNKNOWN_TITLE,
      ...Object.fromEntries(Object.entries(HOUSEHOLD_TEXTS).map(([k, v]) => [`server-picks.household.${k}`, v])),
      ...Object.fromEntries(Object.entries(TOGETHER_TEXTS).map(([k, v]) => [`server-picks.together.${k}`, v])),
    };
    for (const [key, text] of Object.entries(texts)) expect(picks[key], key).toBe(text);
  });

  it('say why nothing is left in the reader language, English as before', () => {
    const options = { maxMinutes: 30, kind: 'movie' as const, exclusions: { genres: ['Horror'], keywords: [], people: [] } };
    expect(nothingLeftDetail(options)).toBe('Nothing left fits 30 min, movies only and your exclusions. Try a longer time, Either instead of one kind or fewer exclusions.');
    expect(nothingLeftDetail(options, 'es')).toBe('No queda nada que encaje con 30 min, solo películas y tus exclusiones. Prueba con más tiempo, «Cualquiera» en lugar de un solo tipo o menos exclusiones.');
    expect(nothingLeftDetail(options, 'ja')).toMatch(/^30分、映画のみ、除外設定に合う作品はもう残っていません。/);
    expect(translate('de', 'server-picks.household.used')).toBe('Diese Einladung wurde schon angenommen.');
  });

  it('write a pick for two in the asker language, naming the same liked titles as the English one', () => {
    const pack = testCatalogs().find((c) => c.name === 'built-in pack') ?? testCatalogs()[0];
    const titles = pack.titles;
    const blank: UserTaste = { genres: [], languages: [], platforms: [], favourites: [], liked: [], disliked: [], watched: [], recommended: [] };
    const pair: [TogetherMember, TogetherMember] = [
      { name: 'Asha', taste: { ...blank, genres: ['Drama'], favourites: titles.slice(0, 3).map((t) => t.id) }, region: null },
      { name: 'Ben', taste: { ...blank, genres: ['Comedy'], favourites: titles.slice(3, 6).map((t) => t.id) }, region: null },
    ];
    const english = recommendTogether(pack.index, pair, { seed: 4 }, pack.neighbours)!;
    expect(english.reason).toMatch(/^For Asha and Ben: /);
    const named = [...titles.slice(0, 6)].map((t) => t.title).filter((n) => english.reason.includes(n));
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const pick = recommendTogether(pack.index, pair, { seed: 4, locale }, pack.neighbours)!;
      expect(pick.titleId).toBe(english.titleId);
      expect(pick.reason).not.toBe(english.reason);
      expect(pick.reason).toContain('Asha');
      for (const n of named) expect(pick.reason).toContain(n);
    }
    const french = recommendTogether(pack.index, pair, { seed: 4, locale: 'fr' }, pack.neighbours)!;
    expect(french.reason).toMatch(/^Pour Asha et Ben : /);
  });
});
