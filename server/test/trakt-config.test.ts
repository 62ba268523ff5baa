// Trakt's app credentials: both or neither (else start-up stops naming the missing one, without
// the value of the other), and the adapter exists only when both are set.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { traktAdapterFor } from '../src/features/connections/trakt/trakt.adapter.js';

const ID = 'c0ffee'.repeat(10) + 'c0ff';
const SECRET = '5ec12e7'.repeat(9);

describe('Trakt configuration', () => {
  it('takes the client id and secret together, with the API base overridable', () => {
    const config = loadConfig({ TRAKT_CLIENT_ID: ID, TRAKT_CLIENT_SECRET: SECRET, TRAKT_API_URL: 'http://127.0.0.1:9/' });
    expect(config.trakt).toEqual({ clientId: ID, clientSecret: SECRET, apiUrl: 'http://127.0.0.1:9' });
    expect(traktAdapterFor(config)?.kind).toBe('trakt');
    expect(loadConfig({}).trakt).toEqual({ clientId: null, clientSecret: null, apiUrl: 'https://api.trakt.tv' });
    expect(traktAdapterFor(loadConfig({}))).toBeNull();
  });

  it('one without the other stops start-up, naming the missing one and never the value', () => {
    for (const [env, missing, value] of [
      [{ TRAKT_CLIENT_ID: ID }, 'TRAKT_CLIENT_SECRET', ID],
      [{ TRAKT_CLIENT_SECRET: SECRET }, 'TRAKT_CLIENT_ID', SECRET],
    ] as const) {
      const err = (() => {
        try {
          loadConfig(env);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toContain(missing);
      expect((err as Error).message).not.toContain(value);
    }
    expect(() => loadConfig({ TRAKT_CLIENT_ID: 'short', TRAKT_CLIENT_SECRET: SECRET })).toThrow(/TRAKT_CLIENT_ID must be the Client ID/);
  });
});
