// The server texts issue 39 left in English (helper H9): a household invite mailed in the
// inviter's language, the .ics download in its owner's, onboarding's option messages and field
// errors, and the import refusals, each said in the reader's language with its English unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ical from 'node-ical';
import { dialects } from './support/dialects.js';
import { rawRequest, startTestServer, TestClock, type TestServer } from './support/test-server.js';
import { onboardedUser } from './recommendations.helpers.js';
import { INVITE_SUBJECT } from '../src/features/household/household.emails.js';
import { badRequest, fieldError } from '../src/http/errors.js';
import { messageOfText } from '../src/i18n/known-text.js';
import { translate } from '../src/i18n/messages.js';
import { parseImportFile, NetflixProfileError } from '../src/features/imports/parsers/index.js';
import { filteredOptions, sayNote } from '../src/features/onboarding/movie-options.js';
import { factsLine } from '../src/features/delivery/delivery.emails.js';
import { PreferencesRequest, type Recommendation } from '@app/shared';
import type { CatalogEntry } from '../src/catalog/catalog.store.js';

const descriptionOf = (text: string): string => {
  const events = Object.values(ical.sync.parseICS(text)).filter((c): c is ical.VEvent => c?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  return String(events[0].description);
};

describe.each(dialects)('more server texts in the reader language on %s', (dialect) => {
  const clock = new TestClock(new Date('2025-06-11T12:00:00Z'));
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { clock, env: { APP_URL: 'https://picks.example.test' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("mails a Korean user's household invite in Korean, and an English user's in English", async () => {
    const ko = await onboardedUser(server);
    await ko.api.settings.updateProfile({ ui_language: 'ko' });
    const koGuest = `ko.guest.${Date.now()}@example.test`;
    await ko.api.household.invite({ email: koGuest });
    const mail = await server.mailbox.waitFor((m) => m.to.includes(koGuest));
    expect(mail.subject).toBe("Tonight's Pick에서 함께 볼 것을 고르자는 초대가 왔어요");
    expect(mail.text).toContain(`수락하려면 이 링크를 열고 이 주소(${koGuest})로 로그인하거나 계정을 만드세요:`);
    expect(mail.text).not.toMatch(/invited you|To accept/);

    const en = await onboardedUser(server);
    const enGuest = `en.guest.${Date.now()}@example.test`;
    await en.api.household.invite({ email: enGuest });
    expect((await server.mailbox.waitFor((m) => m.to.includes(enGuest))).subject).toBe(INVITE_SUBJECT);
  });

  it("answers onboarding's option message and a field error in the browser's language", async () => {
    const movies = (lang?: string) => rawRequest(server.url, '/api/onboarding/movies/filtered?languages=Marathi', { headers: lang ? { 'accept-language': lang } : {} });
    expect((await movies()).body.message).toMatch(/^We have no Marathi titles yet\. Pick another language to see options\.$|^We have only \d+ Marathi titles? so far\.$/);
    const ko = (await movies('ko-KR,ko;q=0.9')).body.message as string;
    expect(ko).toMatch(/마라티어/);
    expect(ko).not.toMatch(/Marathi|titles/);
    const unknown = await rawRequest(server.url, '/api/onboarding/movies/filtered?genres=Jazz', { headers: { 'accept-language': 'es' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe('Género desconocido: Jazz');
  });

  it("writes a Spanish user's .ics event in Spanish", async () => {
    const es = await onboardedUser(server);
    await es.api.settings.updateProfile({ ui_language: 'es' });
    const rec = await es.api.recommendations.current();
    const q = { recommendation_id: rec.id, date: '2025-06-20', time: '20:00', timezone: 'Europe/Madrid' };
    const description = descriptionOf((await es.api.recommendations.downloadIcs(q)).text);
    expect(description).toMatch(/ - (Ver en |Disponibilidad desconocida)/);
    expect(description).toContain('Por qué: ');
    expect(description).toContain("Abrir Tonight's Pick: https://picks.example.test/app/dashboard");
    expect(description).not.toContain('Open ');

    await es.api.settings.updateProfile({ ui_language: 'en' });
    const english = descriptionOf((await es.api.recommendations.downloadIcs(q)).text);
    expect(english).toContain("Open Tonight's Pick: https://picks.example.test/app/dashboard");
  });
});

/** The refusal a file gets, as the parser writes it (English). */
function refusal(filename: string, text: string | Buffer, source?: Parameters<typeof parseImportFile>[2]): string {
  try {
    parseImportFile(filename, Buffer.isBuffer(text) ? text : Buffer.from(text), source);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`${filename} was accepted`);
}

describe('import refusals in the reader language', () => {
  const LETTERBOXD = 'Date,Name,Year,Letterboxd URI,Rating\n';
  const refusals = {
    image: refusal('poster.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])),
    looksLike: refusal('ratings.csv', `${LETTERBOXD}2024-01-01,Heat,1995,https://boxd.it/x,4\n`, 'imdb'),
    zip: refusal('export.zip', Buffer.from([0x50, 0x4b, 3, 4, 1, 2])),
    quote: refusal('ratings.csv', `${LETTERBOXD}2024-01-01,"Heat,1995,https://boxd.it/x,4\n`),
    profiles: refusal('ViewingActivity.csv', 'Profile Name,Start Time,Duration,Title\nAsha,2024-01-01 20:00:00,01:30:00,Heat\nBen,2024-01-02 20:00:00,01:30:00,Up\n'),
    trakt: refusal('watched.json', '[{"plays": 1}]'),
    imdbId: refusal('ratings.csv', 'Const,Your Rating,Date Rated,Title,Year\nnm123,8,2024-01-01,Heat,1995\n'),
    kind: refusal('ratings.csv', `${LETTERBOXD}2024-01-01,Heat,1995,https://boxd.it/x,4\n`, 'tonights_pick'),
  };

  it('keeps each refusal English as written, and knows every one of them', () => {
    expect(refusals.image).toMatch(/^poster\.png is a PNG image, not a history export\. Accepted: /);
    expect(refusals.looksLike).toBe('ratings.csv looks like a Letterboxd export, not IMDb: choose Letterboxd, or send your IMDb export.');
    expect(refusals.profiles).toBe('ViewingActivity.csv holds the viewing activity of 2 profiles: choose whose history to import ("Asha", "Ben").');
    for (const [name, text] of Object.entries(refusals)) {
      expect(messageOfText(text), `${name}: ${text}`).not.toBeNull();
      expect(badRequest(text).answerIn('en').detail).toBe(text);
      const es = badRequest(text).answerIn('es').detail;
      expect(es, name).not.toBe(text);
    }
  });

  it('says them in Spanish, Japanese and Arabic, the values inside them too', () => {
    expect(badRequest(refusals.looksLike).answerIn('es').detail).toBe('ratings.csv parece una exportación de Letterboxd, no de IMDb: elige Letterboxd o envía tu exportación de IMDb.');
    expect(badRequest(refusals.image).answerIn('es').detail).toMatch(/^poster\.png es una imagen PNG, no una exportación de historial\. Se aceptan: /);
    expect(badRequest(refusals.profiles).answerIn('ja').detail).toBe('ViewingActivity.csv には 2 個のプロフィールの視聴アクティビティがあります。どの人の履歴をインポートするか選んでください（"Asha", "Ben"）。');
    expect(badRequest(refusals.zip).answerIn('de').detail).toMatch(/^export\.zip ist kein lesbares ZIP-Archiv \(.+\)\.$/);
    expect(badRequest(refusals.zip).answerIn('de').detail).not.toMatch(/short|directory/);
    expect(badRequest(refusals.quote).answerIn('fr').detail).toBe('ratings.csv, ligne 2 : champ entre guillemets non fermé à la fin du fichier');
    expect(badRequest(refusals.imdbId).answerIn('pt-BR').detail).toBe('ratings.csv, linha 2: "nm123" não é um identificador de título do IMDb (tt seguido de dígitos).');
    expect(badRequest(refusals.trakt).answerIn('ar').detail).toBe('watched.json ليس ملف تصدير من Trakt: لا يذكر أيٌّ من عناصره فيلمًا أو مسلسلًا.');
  });

  it("says Netflix's \"choose a profile\" field error in the reader language", () => {
    let err: unknown;
    try {
      parseImportFile('ViewingActivity.csv', Buffer.from('Profile Name,Start Time,Title\nAsha,2024-01-01 20:00:00,Heat\nBen,2024-01-02 20:00:00,Up\n'), undefined, { profile: 'Cleo' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(NetflixProfileError);
    const e = err as NetflixProfileError;
    const answer = fieldError('profile', 'choose a profile', e.message, { profiles: e.profiles }).answerIn('ko');
    expect(answer.detail).toBe('ViewingActivity.csv에 "Cleo"(이)라는 프로필이 없어요. 누구의 기록을 가져올지 선택하세요("Asha", "Ben").');
    expect(answer.errors).toEqual([{ path: 'profile', message: '프로필을 선택하세요' }]);
  });
});

const entry = (id: string, language: string, genres: string[]): CatalogEntry => ({ id, title: `Title ${id}`, language, genres, popularity: 1 }) as unknown as CatalogEntry;

describe("onboarding's option messages and field errors in the reader language", () => {
  const korean = Array.from({ length: 3 }, (_, i) => entry(`k${i}`, 'Korean', ['Drama']));
  const english = Array.from({ length: 40 }, (_, i) => entry(`e${i}`, 'English', [i % 2 ? 'Comedy' : 'Drama']));

  it('keeps the English word for word and says it in Spanish, Korean and German with the names translated', () => {
    const few = filteredOptions([...korean, ...english], { genres: [], languages: ['Korean'] });
    expect(few.message).toBe('We have only 3 Korean titles so far.');
    expect(sayNote(few.note!, 'es')).toBe('Por ahora solo tenemos 3 títulos en coreano.');
    expect(sayNote(few.note!, 'ko')).toBe('아직 한국어 작품은 3개뿐이에요.');
    const none = filteredOptions(english, { genres: [], languages: ['Marathi', 'Persian'] });
    expect(none.message).toBe('We have no Marathi and Persian titles yet. Pick another language to see options.');
    expect(sayNote(none.note!, 'de')).toBe('Wir haben noch keine Titel auf Marathi und Persisch. Wähle eine andere Sprache, um Vorschläge zu sehen.');
    const widened = filteredOptions(english, { genres: ['Comedy', 'Science Fiction', 'Horror'], languages: ['English'] });
    expect(widened.message).toBe('Only 20 English titles match Comedy, Science Fiction or Horror, so we added other popular English titles.');
    expect(sayNote(widened.note!, 'es')).toBe('Solo 20 títulos en inglés son de Comedia, Ciencia ficción o Terror, así que añadimos otros títulos populares en inglés.');
    const search = filteredOptions(english, { genres: [], languages: ['Hindi'], q: 'Title' });
    expect(search.message).toBe('No Hindi titles match "Title"; showing matches in other languages.');
    expect(sayNote(search.note!, 'fr')).toBe('Aucun titre en hindi ne correspond à « Title » ; voici des résultats dans d’autres langues.');
  });

  it("has a key for every onboarding schema message and the service's own field errors", () => {
    const r = PreferencesRequest.safeParse({ selected_genres: ['Drama'], initial_movies: Array(21).fill('x'), preferred_languages: [] });
    expect(r.success).toBe(false);
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Pick at least 2 genres', 'Pick at most 20 favourite titles', 'Pick at least one language']));
    for (const m of [...messages, 'Pick at most 5 genres', 'Pick at least 3 favourite titles', 'Unknown genre: Jazz', 'Unknown title: Nope', 'Unknown language: Klingon']) {
      expect(messageOfText(m), m).not.toBeNull();
      expect(fieldError('x', m).answerIn('en').detail).toBe(m);
    }
    expect(fieldError('selected_genres', 'Pick at least 2 genres').answerIn('ja').detail).toBe('ジャンルを 2 つ以上選んでください');
    expect(fieldError('x', 'Unknown genre: Jazz').answerIn('es').detail).toBe('Género desconocido: Jazz');
    expect(translate('en', 'server-errors.validation.genresAtLeast', { min: 2 })).toBe('Pick at least 2 genres');
  });
});

describe('genre names in emails', () => {
  it("names a pick's genres in the reader language, English as before", () => {
    const rec = { year: 2010, kind: 'movie', genres: ['Science Fiction', 'Thriller', 'Comedy'], genre: 'Science Fiction', runtime: 148 } as unknown as Recommendation;
    expect(factsLine(rec)).toBe('2010 · Science Fiction, Thriller, Comedy · 2h 28m');
    expect(factsLine(rec, 'es')).toContain('Ciencia ficción, Suspense, Comedia');
    expect(factsLine(rec, 'ja')).not.toContain('Science Fiction');
  });
});
