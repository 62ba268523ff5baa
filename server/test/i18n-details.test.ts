// The server answers in the reader's language (issue 39): an error's `detail` is said in the
// signed-in person's chosen language, else in the first language of Accept-Language the product
// speaks, else in English; its `code` never changes. The language chosen at sign-up or in Settings
// is on the profile.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dialects } from './support/dialects.js';
import { startTestServer, rawRequest, signUp, type TestServer } from './support/test-server.js';
import { onboardedUser } from './recommendations.helpers.js';

describe.each(dialects)('details in the reader language on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server?.close();
  });

  const badJson = (headers: Record<string, string>) => rawRequest(server.url, '/api/auth/login', { body: '{"email":', headers });

  it('says a German browser its detail in German, with the same code', async () => {
    const de = await badJson({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    const en = await badJson({});
    expect(de.status).toBe(400);
    expect(de.body.detail).toBe('Der Anfrageinhalt ist kein gültiges JSON');
    expect(en.body.detail).toBe('Request body is not valid JSON');
    expect(de.body.code).toBe(en.body.code);
  });

  it('takes the first language it speaks by q-value, and English when it speaks none', async () => {
    expect((await badJson({ 'accept-language': 'sv;q=1, pt-PT;q=0.9, fr;q=0.5' })).body.detail).toBe('O corpo da solicitação não é um JSON válido');
    expect((await badJson({ 'accept-language': 'fr;q=0.2, ja;q=0.8' })).body.detail).toBe('リクエスト本文が有効な JSON ではありません');
    expect((await badJson({ 'accept-language': 'sv, nb, *' })).body.detail).toBe('Request body is not valid JSON');
    expect((await badJson({ 'accept-language': 'de;q=0, es' })).body.detail).toBe('El cuerpo de la solicitud no es JSON válido');
  });

  it('keeps the language chosen at sign-up and in Settings, over the browser', async () => {
    const c = await signUp(server);
    expect((await c.api.settings.profile()).ui_language).toBeNull();
    const token = c.store.getToken()!;
    const broken = (lang: string) => rawRequest(server.url, '/api/settings/profile', { method: 'PUT', token, body: '{"full_name":', headers: { 'accept-language': lang } });
    expect((await broken('ko')).body.detail).toBe('요청 본문이 올바른 JSON이 아닙니다');
    await c.api.settings.updateProfile({ ui_language: 'ja' });
    expect((await c.api.settings.profile()).ui_language).toBe('ja');
    expect((await broken('ko')).body.detail).toBe('リクエスト本文が有効な JSON ではありません');
    expect((await rawRequest(server.url, '/api/no-such-route', { headers: { 'accept-language': 'ko' } })).body.detail).toBe('API 경로 GET /no-such-route이(가) 없습니다');
    const bad = await rawRequest(server.url, '/api/settings/profile', { method: 'PUT', token, body: JSON.stringify({ ui_language: 'xx' }) });
    expect(bad.status).toBe(400);
    expect((await c.api.settings.profile()).ui_language).toBe('ja');
  });

  it('stores the sign-up page language on the new account', async () => {
    const c = server.client();
    const email = `lang.${Date.now()}@example.test`;
    await c.api.auth.register({ email, password: 'Sup3r-secret!', full_name: 'Ana', ui_language: 'es' });
    await c.api.auth.verifyEmail({ email, verification_code: await server.mailbox.codeFor(email) });
    expect((await c.api.settings.profile()).ui_language).toBe('es');
  });

  it("answers a person who never chose a language in their page's: the pick's reason too", async () => {
    const u = await onboardedUser(server);
    expect((await u.api.settings.profile()).ui_language).toBeNull();
    const token = u.store.getToken()!;
    const pick = await rawRequest(server.url, '/api/recommendations/current', { token, headers: { 'accept-language': 'ja-JP' } });
    expect(pick.status).toBe(200);
    expect(pick.body.reason).toMatch(/[\u3040-\u30ff]/);
    // Nothing was chosen for them: the profile still has no language.
    expect((await u.api.settings.profile()).ui_language).toBeNull();
  });

  it("says onboarding's answers in the reader's language", async () => {
    const u = await onboardedUser(server);
    const r = await rawRequest(server.url, '/api/onboarding/preferences', { method: 'DELETE', token: u.store.getToken()!, headers: { 'accept-language': 'de' } });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Einstellungen zurückgesetzt');
  });
});
