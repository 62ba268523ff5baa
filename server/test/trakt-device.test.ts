// Trakt's OAuth device flow through the adapter, against the local fake over real HTTP: the code
// and address Settings shows, pending until the user approves, then the tokens and who we are
// connected as; a used, expired, declined or unknown code is refused in words.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionError } from '../src/features/connections/adapter.js';
import { createTraktAdapter } from '../src/features/connections/trakt/trakt.adapter.js';
import { startFakeTrakt, type FakeTrakt } from './support/fake-trakt.js';

let fake: FakeTrakt;
beforeAll(async () => {
  fake = await startFakeTrakt();
  fake.addUser('alice');
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const adapter = () => createTraktAdapter({ apiUrl: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret, sleep: async () => {} });
const ctx = () => ({ now: new Date() });

describe('Trakt device flow', () => {
  it('shows a code and an address, stays pending until the user approves, then keeps the tokens and the account name', async () => {
    const a = adapter();
    const code = await a.deviceStart!(ctx());
    expect(code).toMatchObject({ verificationUrl: 'https://trakt.tv/activate', expiresIn: 600, interval: 5 });
    expect(code.userCode).toMatch(/^[0-9A-F]{8}$/);
    expect(await a.devicePoll!(code.deviceCode, ctx())).toBe('pending');

    fake.approve(code.userCode, 'alice');
    const connected = await a.devicePoll!(code.deviceCode, ctx());
    if (connected === 'pending') throw new Error('still pending');
    expect(connected.accountName).toBe('alice');
    const creds = connected.credentials as Record<string, string>;
    expect(creds.user).toBe('alice');
    expect(creds.access_token).toMatch(/^[0-9a-f]{48}$/);
    expect(creds.refresh_token).toMatch(/^[0-9a-f]{48}$/);
    // Trakt's access tokens last 7 days (expires_in 604800 from created_at).
    const days = (Date.parse(creds.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // What Trakt documents: the device code's body, the poll's body, the headers on every call.
    expect(fake.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /oauth/device/code 200',
      'POST /oauth/device/token 400',
      'POST /oauth/device/token 200',
      'GET /users/settings 200',
    ]);
    expect(fake.requests[0].body).toEqual({ client_id: fake.clientId });
    expect(fake.requests[2].body).toEqual({ code: code.deviceCode, client_id: fake.clientId, client_secret: fake.clientSecret });
    for (const r of fake.requests) expect(r.headers).toMatchObject({ 'content-type': 'application/json', 'trakt-api-version': '2', 'trakt-api-key': fake.clientId });
    expect(fake.requests[3].headers.authorization).toBe(`Bearer ${creds.access_token}`);
    expect(fake.requests[1].headers.authorization).toBeUndefined();

    // The code is spent: polling it again is Trakt's 409.
    await expect(a.devicePoll!(code.deviceCode, ctx())).rejects.toMatchObject({ reason: 'refused', message: 'That Trakt code was already used; start again' });
  });

  it('a declined, expired or unknown code is refused in words; "slow down" (429) is still pending', async () => {
    const a = adapter();
    const declined = await a.deviceStart!(ctx());
    fake.deny(declined.userCode);
    const err = await a.devicePoll!(declined.deviceCode, ctx()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err).toMatchObject({ reason: 'refused', message: 'Trakt says you declined; start again to connect' });

    const late = await a.deviceStart!(ctx());
    fake.expireCode(late.userCode);
    await expect(a.devicePoll!(late.deviceCode, ctx())).rejects.toMatchObject({ message: 'The Trakt code expired before it was entered; start again' });
    await expect(a.devicePoll!('f'.repeat(64), ctx())).rejects.toMatchObject({ message: 'That Trakt code is not one Trakt knows; start again' });

    const fast = await a.deviceStart!(ctx());
    fake.fail('/oauth/device/token', { status: 429 });
    expect(await a.devicePoll!(fast.deviceCode, ctx())).toBe('pending');
    expect(fake.requests.filter((r) => r.path === '/oauth/device/token').map((r) => r.status)).toEqual([418, 410, 404, 429]);
  });

  it('connect without the device flow is refused: Trakt connects with a code', async () => {
    await expect(adapter().connect({}, ctx())).rejects.toMatchObject({ reason: 'refused' });
    expect(fake.requests).toEqual([]);
  });
});
