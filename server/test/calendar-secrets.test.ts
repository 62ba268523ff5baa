// The refresh token at rest: sealed with AES-256-GCM under a key outside the database, bound to
// its user, readable after a key rotation; and the server without Google configured.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { dialects } from './support/dialects.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { startFakeGoogleOAuth, type FakeGoogleOAuth } from './support/fake-google-oauth.js';
import { apiError, connect, dumpDatabase, signUpUser, userRow, thrown } from './support/calendar-flow.js';
import { addRecommendationToCalendar, type CalendarEventRequest } from '../src/features/calendar/calendar.events.js';
import { keyId } from '../src/integrations/crypto/token-cipher.js';

const SEALED = /^v1:([A-Za-z0-9_-]{10}):[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+:[A-Za-z0-9_-]{22}$/;
const request: Omit<CalendarEventRequest, 'date'> = {
  recommendation: { id: 'r', movie_title: 'Night Train', year: 2019, platform: null, movie_description: 'A long night.', reason: 'You like trains.' },
  time: '20:00',
  timezone: 'UTC',
};
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

async function addVia(server: TestServer, userId: string) {
  return addRecommendationToCalendar(server.running.ctx, await userRow(server, userId), { ...request, date: tomorrow() });
}

describe.each(dialects)('calendar secrets on %s', (dialect) => {
  let server: TestServer;
  let google: FakeGoogleOAuth;

  beforeAll(async () => {
    google = await startFakeGoogleOAuth();
    server = await startTestServer(dialect, { env: google.env() });
  });
  afterAll(async () => {
    await server?.close();
    await google?.close();
  });

  it('the database holds no plaintext token, only a sealed value naming its key', async () => {
    const c = await signUpUser(server);
    const status = await connect(c, google);
    const [refreshToken] = google.refreshTokensOf(status.account_email!);
    expect(refreshToken).toBeTruthy();

    const sealed = (await userRow(server, c.id)).calendar_refresh_token!;
    const m = SEALED.exec(sealed);
    expect(m).not.toBeNull();
    const keyFile = join(server.env.DATA_DIR, 'calendar-token-key');
    const key = readFileSync(keyFile, 'utf8').trim();
    expect(m![1]).toBe(keyId(Buffer.from(key, 'base64url')));
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    const dump = await dumpDatabase(server);
    expect(dump).toContain(sealed);
    expect(dump).not.toContain(refreshToken);
    expect(dump).not.toContain(refreshToken.slice(4, 24));
    expect(dump).not.toContain(key);
    // Nor does any answer of the API carry it.
    expect(JSON.stringify(await c.api.settings.profile())).not.toContain(sealed.slice(0, 20));
    expect(JSON.stringify(await c.api.calendar.status())).not.toContain(refreshToken);
  });

  it("a sealed token copied into another user's row does not open there", async () => {
    const alice = await signUpUser(server);
    await connect(alice, google);
    const bob = await signUpUser(server);
    const sealed = (await userRow(server, alice.id)).calendar_refresh_token!;
    await server.running.ctx.db.updateTable('users').set({ calendar_refresh_token: sealed, calendar_enabled: 1 }).where('id', '=', bob.id).execute();
    const before = google.events.length;
    const err = await thrown(addVia(server, bob.id));
    expect([err.status, err.message]).toEqual([503, 'Google Calendar is temporarily unavailable on this server. Please try again later.']);
    expect(google.events.length).toBe(before);
    expect((await userRow(server, alice.id)).calendar_refresh_token).toBe(sealed);
  });

  it('rotation: an instance with CALENDAR_ENCRYPTION_KEY opens tokens sealed by the old key file and re-seals them', async () => {
    const c = await signUpUser(server);
    await connect(c, google);
    const oldSealed = (await userRow(server, c.id)).calendar_refresh_token!;
    const newKey = randomBytes(32).toString('base64');
    const rotated = await startTestServer(dialect, { shareDatabaseWith: server, env: { ...google.env(), CALENDAR_ENCRYPTION_KEY: newKey } });
    try {
      expect((await addVia(rotated, c.id)).event_id).toBeTruthy();
      const newSealed = (await userRow(rotated, c.id)).calendar_refresh_token!;
      expect(newSealed).not.toBe(oldSealed);
      expect(SEALED.exec(newSealed)![1]).toBe(keyId(Buffer.from(newKey, 'base64')));
      // An instance still on the old key cannot read it: a clear 503, the token kept.
      const err = await thrown(addVia(server, c.id));
      expect(err.status).toBe(503);
      expect((await userRow(server, c.id)).calendar_refresh_token).toBe(newSealed);
    } finally {
      await rotated.close();
    }
  });

  it('without Google credentials the calendar is unavailable (503), never a 500', async () => {
    const plain = await startTestServer(dialect, { shareDatabaseWith: server });
    try {
      const c = await signUpUser(plain);
      expect(await c.api.calendar.status()).toMatchObject({ available: false, has_refresh_token: false });
      // One call at a time: a second promise created up front would reject unobserved.
      for (const call of [() => c.api.calendar.authUrl(), () => c.api.calendar.connect({ code: 'x', state: 'y' })]) {
        const err = await apiError(call());
        expect([err.status, err.detail]).toEqual([503, 'Google Calendar is not configured on this server.']);
      }
      const err = await thrown(addVia(plain, c.id));
      expect(err.status).toBe(503);
    } finally {
      await plain.close();
    }
  });
});
