// Pick reasons and "why not" answers in the reader's language (issue 39): a person who chose a
// language reads their pick's reason in it, written from the same facts as the English one (the
// liked titles it names are theirs), and an English reader's reason is what it always was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Recommendation } from '@app/shared';
import { dialects } from './support/dialects.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { onboardedUser, setPlan } from './recommendations.helpers.js';

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
    for (let n = 0; n < 10 && !named; n++) {
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
});
