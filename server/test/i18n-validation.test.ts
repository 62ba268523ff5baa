// Validation details in the reader's language (issue 39): a schema's English message (shared) is
// said by the server-errors key whose English is the same text, in the detail and in every
// errors[].message; English stays word for word, and a service's own rule (the password's) too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dialects } from './support/dialects.js';
import { rawRequest, startTestServer, type TestServer } from './support/test-server.js';
import { ALERT_TEXTS, IMPORT_SOURCE_PROBLEM, PLAN_LIMIT_TEXTS, SERVER_TEXTS } from '@app/shared';
import { HttpError, badRequest, fieldError, paymentRequired } from '../src/http/errors.js';
import { translate } from '../src/i18n/messages.js';
import { ACCOUNT_TEXTS } from '../src/features/account/account.service.js';
import { CALENDAR_TEXTS } from '../src/features/calendar/calendar.access.js';
import { UNSUBSCRIBE_TEXTS } from '../src/features/delivery/delivery.service.js';
import { ACCEPTED } from '../src/features/imports/parsers/common.js';
import { parseWith } from '../src/http/validate.js';
import { messageOfText } from '../src/i18n/known-text.js';
import * as account from '../../shared/src/schemas/account.js';
import * as auth from '../../shared/src/schemas/auth.js';
import * as common from '../../shared/src/schemas/common.js';
import * as connections from '../../shared/src/schemas/connections.js';
import * as delivery from '../../shared/src/schemas/delivery.js';
import * as extension from '../../shared/src/schemas/extension.js';
import * as fit from '../../shared/src/schemas/fit.js';
import * as household from '../../shared/src/schemas/household.js';
import * as library from '../../shared/src/schemas/library.js';
import * as onboarding from '../../shared/src/schemas/onboarding.js';
import * as publicSchemas from '../../shared/src/schemas/public.js';
import * as recommendations from '../../shared/src/schemas/recommendations.js';
import * as settings from '../../shared/src/schemas/settings.js';
import * as subscription from '../../shared/src/schemas/subscription.js';
import * as tonight from '../../shared/src/schemas/tonight.js';

describe.each(dialects)('validation details in the reader language on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  const register = (body: unknown, headers: Record<string, string> = {}) => rawRequest(server.url, '/api/auth/register', { body: JSON.stringify(body), headers });

  it('says a schema rejection to a German browser in German, field by field, with the same code', async () => {
    const body = { email: 'not-an-address', password: 'x'.repeat(300) };
    const de = await register(body, { 'accept-language': 'de-DE,de;q=0.9' });
    const en = await register(body);
    expect(de.status).toBe(400);
    expect(de.body.code).toBe(en.body.code);
    expect(en.body.detail).toBe('email: Enter a valid email address');
    expect(de.body.detail).toBe('email: Gib eine gültige E-Mail-Adresse ein');
    expect(en.body.errors).toEqual([
      { path: 'email', message: 'Enter a valid email address' },
      { path: 'password', message: 'Password is too long' },
    ]);
    expect(de.body.errors).toEqual([
      { path: 'email', message: 'Gib eine gültige E-Mail-Adresse ein' },
      { path: 'password', message: 'Das Passwort ist zu lang' },
    ]);
  });

  it("says a service's own rule and an error detail in the reader language", async () => {
    const weak = { email: `weak.${Date.now()}@example.test`, password: 'weakpass1!' };
    const de = await register(weak, { 'accept-language': 'de' });
    expect(de.body.detail).toBe('Das Passwort muss einen Großbuchstaben enthalten');
    expect((await register(weak)).body.detail).toBe('Password must contain an uppercase letter');
    const login = (lang?: string) =>
      rawRequest(server.url, '/api/auth/login', { body: JSON.stringify({ email: 'nobody@example.test', password: 'Wrong-pass1!' }), headers: lang ? { 'accept-language': lang } : {} });
    expect((await login('es')).body.detail).toBe('Correo o contraseña incorrectos');
    expect((await login()).body.detail).toBe('Incorrect email or password');
  });
});

describe.each(dialects)('answer messages in the reader language on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("says a successful answer's message in the reader language, and in English as it was", async () => {
    const forgot = (lang?: string) =>
      rawRequest(server.url, '/api/auth/forgot-password', { body: JSON.stringify({ email: 'someone@example.test' }), headers: lang ? { 'accept-language': lang } : {} });
    const es = await forgot('es');
    expect(es.status).toBe(200);
    expect(es.body.message).toBe('Si someone@example.test tiene una cuenta, le enviamos un código. Escríbelo aquí con tu nueva contraseña; caduca en 30 minutos.');
    expect((await forgot()).body.message).toBe('If someone@example.test has an account, we sent a code to it. Enter it here with your new password; it expires in 30 minutes.');
  });
});

describe('schema messages and their keys', () => {
  it('reads the arguments of a zod default and of a message with a value back out of the English', () => {
    const strict = z.object({ name: z.string().max(3) }).strict();
    const err = (() => {
      try {
        parseWith(strict, { name: 'long', extra: 1 });
      } catch (e) {
        return e as HttpError;
      }
      throw new Error('accepted');
    })();
    expect(err.message).toBe('name: Too big: expected string to have <=3 characters');
    expect(err.answerIn('en').errors).toEqual([
      { path: 'name', message: 'Too big: expected string to have <=3 characters' },
      { path: '(body)', message: 'Unrecognized key: "extra"' },
    ]);
    expect(err.answerIn('de').detail).toBe('name: Zu lang: höchstens 3 Zeichen');
    expect(err.answerIn('ja').errors).toEqual([
      { path: 'name', message: '長すぎます：3 文字以内にしてください' },
      { path: '(body)', message: '認識できないキーです："extra"' },
    ]);
    expect(fieldError('x', 'Jellyfin is not connected').answerIn('fr').detail).toBe('Jellyfin n’est pas connecté');
    expect(fieldError('x', 'Nothing the catalog knows').answerIn('fr').detail).toBe('Nothing the catalog knows');
    const empty = badRequest('ratings.csv is empty.');
    expect([empty.message, empty.answerIn('en').detail, empty.answerIn('de').detail]).toEqual(['ratings.csv is empty.', 'ratings.csv is empty.', 'ratings.csv ist leer.']);
    expect(badRequest('ratings.csv, line 4: rating "7" is not 0.5 to 5 stars.').answerIn('fr').detail).toBe('ratings.csv, ligne 4 : la note "7" n’est pas comprise entre 0,5 et 5 étoiles.');
    // A known sentence inside a text is said in the same language.
    const binary = badRequest(`song.mp3 is not a text file. ${ACCEPTED}`);
    expect(binary.answerIn('en').detail).toBe(`song.mp3 is not a text file. ${ACCEPTED}`);
    expect(binary.answerIn('es').detail).toMatch(/^song\.mp3 no es un archivo de texto\. Se aceptan: una exportación de Letterboxd/);
  });

  it('keeps each quoted text as the English of its key, and says it in the reader language', () => {
    const quoted: Array<[string, string]> = [
      ['server-errors.plan.limitReached', PLAN_LIMIT_TEXTS.limitReached],
      ['server-errors.plan.expired', PLAN_LIMIT_TEXTS.expired],
      ['server-errors.payments.cancelled', ALERT_TEXTS.paymentCancelled],
      ['server-errors.calendar.notConnected', ALERT_TEXTS.addToCalendar],
      ['server-errors.payments.paymentsOff', SERVER_TEXTS.paymentsOff],
      ['server-errors.validation.sourceOneOf', IMPORT_SOURCE_PROBLEM],
      ['server-errors.account.hasPassword', ACCOUNT_TEXTS.hasPassword],
      ['server-errors.calendar.reconnect', CALENDAR_TEXTS.reconnect],
      ['server-errors.unsubscribe.expired', UNSUBSCRIBE_TEXTS.expired],
    ];
    for (const [key, text] of quoted) expect(messageOfText(text)?.key, text).toBe(key);
    expect(translate('en', 'server-errors.plan.limitReached')).toBe(PLAN_LIMIT_TEXTS.limitReached);
    const limit = paymentRequired(PLAN_LIMIT_TEXTS.limitReached, false, true);
    expect(limit.message).toBe(PLAN_LIMIT_TEXTS.limitReached);
    expect(limit.answerIn('ko')).toEqual({ detail: '이번 주 무료 추천 한도에 도달했어요. 업그레이드하고 계속 즐겨 보세요!', code: 'plan_limit', expired: false, limit_reached: true });
  });

  it('has a key for every message the shared schemas give, for missing, mistyped and oversized fields', () => {
    const modules = [account, auth, common, connections, delivery, extension, fit, household, library, onboarding, publicSchemas, recommendations, settings, subscription, tonight];
    const probes: unknown[] = [undefined, null, 12345, '', 'x'.repeat(70_000), [], [''], ['x'.repeat(100)], { a: 1 }, true, -1, 1.5, 10_000, '2026-02-30', '25:00', 'ftp://x'];
    const unmatched = new Set<string>();
    let seen = 0;
    for (const mod of modules) {
      for (const schema of Object.values(mod)) {
        if (!(schema instanceof z.ZodType)) continue;
        const shape = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
        const inputs = [...probes, ...shape.flatMap((k) => probes.map((p) => ({ [k]: p }))), Object.fromEntries(shape.map((k) => [k, 12345]))];
        for (const input of inputs) {
          const r = schema.safeParse(input);
          if (r.success) continue;
          for (const issue of r.error.issues) {
            seen++;
            if (!messageOfText(issue.message)) unmatched.add(issue.message);
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(500);
    expect([...unmatched]).toEqual([]);
  });
});
