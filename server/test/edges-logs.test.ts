// Tokens in URLs (rating links, unsubscribe links, OAuth code/state, keys) never reach the log;
// unsubscribe tokens expire, and an expired or old-format one changes nothing.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createHmac, randomBytes } from 'node:crypto';
import { UNSUBSCRIBE_TOKEN_TTL_DAYS, signUnsubscribeToken } from '../src/features/delivery/unsubscribe-token.js';
import { dialects } from './support/dialects.js';
import { startTestServer, signUp, rawRequest, TestClock, type TestServer } from './support/test-server.js';
import { userRow } from './support/calendar-flow.js';
import { captureLogs, type LogCapture } from './support/log-capture.js';

const secretLike = () => `${randomBytes(24).toString('base64url')}.${randomBytes(32).toString('base64url')}`;

/** A version-1 unsubscribe token, as emails sent before tokens expired carried. */
function legacyToken(jwtSecret: string, userId: string): string {
  const part = Buffer.from(JSON.stringify({ v: 1, u: userId })).toString('base64url');
  const key = createHmac('sha256', jwtSecret).update('delivery-unsubscribe-key-v1').digest();
  return `${part}.${createHmac('sha256', key).update(part).digest('base64url')}`;
}

describe.each(dialects)('tokens in logs and unsubscribe expiry on %s', (dialect) => {
  let server: TestServer;
  let logs: LogCapture;
  const clock = new TestClock(new Date('2026-03-01T12:00:00Z'));
  beforeAll(async () => {
    logs = captureLogs();
    server = await startTestServer(dialect, { clock, logger: logs.logger });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('writes no token, code, state or key from a request URL, query or Referer into the log', async () => {
    const u = await signUp(server);
    const secrets: string[] = [];
    const s = () => {
      const v = secretLike();
      secrets.push(v);
      return v;
    };
    const valid = signUnsubscribeToken(server.running.ctx.secrets.jwt, u.store.user!.id, clock.now());
    secrets.push(valid);
    const requests: Array<[string, string, Record<string, string>?]> = [
      ['GET', `/api/public/rate?token=${encodeURIComponent(s())}&rating=like`],
      ['GET', `/api/public/rate?rating=dislike&TOKEN=${s()}`],
      ['GET', `/api/delivery/unsubscribe?token=${s()}`],
      ['POST', `/api/delivery/unsubscribe?token=${encodeURIComponent(valid)}`],
      ['GET', `/api/settings/calendar/status?code=${s()}&state=${s()}&key=${s()}`],
      ['GET', `/api/catalog/posters?limit=2&token[]=${s()}&%74oken=${s()}`],
      ['GET', `/api/public/config`, { referer: `https://picks.example.test/unsubscribe?token=${s()}` }],
      ['GET', `/no/such/page?state=${s()}`],
    ];
    const from = logs.lines.length;
    for (const [method, path, headers] of requests) await rawRequest(server.url, path, { method, headers });
    const written = logs.lines.slice(from).join('\n');
    // The requests were logged (with their other parameters), and nothing secret was.
    expect(written).toContain('/api/public/rate?token=[redacted]&rating=like');
    expect(written).toContain('rating=dislike&TOKEN=[redacted]');
    expect(written).toContain('/api/catalog/posters?limit=2&token[]=[redacted]&%74oken=[redacted]');
    expect(written).toContain('code=[redacted]&state=[redacted]&key=[redacted]');
    for (const secret of secrets) {
      expect(written).not.toContain(secret);
      expect(written).not.toContain(encodeURIComponent(secret));
    }
  });

  it('refuses an expired unsubscribe token with 400 JSON and leaves delivery on; a fresh one works', async () => {
    const u = await signUp(server);
    // New accounts start with scheduled emails off: this user turned them on.
    await u.api.settings.updateProfile({ email_delivery: true });
    const jwt = server.running.ctx.secrets.jwt;
    const old = signUnsubscribeToken(jwt, u.store.user!.id, clock.now());
    clock.advance((UNSUBSCRIBE_TOKEN_TTL_DAYS * 86_400 + 1) * 1000);
    for (const token of [old, legacyToken(jwt, u.store.user!.id)]) {
      for (const method of ['GET', 'POST']) {
        const r = await rawRequest(server.url, `/api/delivery/unsubscribe?token=${encodeURIComponent(token)}`, { method });
        expect(r.status).toBe(400);
        expect(r.headers.get('content-type')).toMatch(/^application\/json/);
        expect(r.body.detail).toMatch(/expired.*Settings/);
      }
    }
    expect((await userRow(server, u.store.user!.id)).email_delivery).toBe(1);
    const fresh = signUnsubscribeToken(jwt, u.store.user!.id, clock.now());
    const ok = await rawRequest(server.url, `/api/delivery/unsubscribe?token=${encodeURIComponent(fresh)}`, { method: 'POST' });
    expect(ok.status).toBe(200);
    expect((await userRow(server, u.store.user!.id)).email_delivery).toBe(0);
  });
});
