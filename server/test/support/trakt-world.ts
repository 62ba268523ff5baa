// One test file's Trakt: the local fake (started once, reset before each test), the adapter pointed
// at it with its waits recorded instead of slept, and a new user connected through the device flow.
import { afterAll, beforeEach } from 'vitest';
import type { ConnectionAdapter, Credentials } from '../../src/features/connections/adapter.js';
import { createTraktAdapter, type TraktAdapterOptions } from '../../src/features/connections/trakt/trakt.adapter.js';
import { startFakeTrakt } from './fake-trakt.js';

/** `userPrefix` names the file's users (each new one numbered), so two files never share one. */
export async function traktWorld(userPrefix: string) {
  const fake = await startFakeTrakt();
  afterAll(async () => fake.close());
  const waits: number[] = [];
  beforeEach(() => {
    fake.reset();
    waits.length = 0;
  });

  const adapter = (extra: Partial<TraktAdapterOptions> = {}) =>
    createTraktAdapter({ apiUrl: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret, sleep: async (ms) => void waits.push(ms), ...extra });
  const ctx = () => ({ now: new Date() });

  let users = 0;
  /** A new Trakt user (`fill` gives it its history first), connected through the device flow; the fake's log is cleared after. */
  async function connectNew(a: ConnectionAdapter, fill: (user: string) => void = () => {}): Promise<{ user: string; creds: Credentials }> {
    const user = `${userPrefix}${++users}`;
    fake.addUser(user);
    fill(user);
    const code = await a.deviceStart!(ctx());
    fake.approve(code.userCode, user);
    const connected = await a.devicePoll!(code.deviceCode, ctx());
    if (connected === 'pending') throw new Error('pending');
    fake.reset();
    return { user, creds: connected.credentials };
  }

  return { fake, waits, adapter, ctx, connectNew };
}
