// Which media-server addresses a person may connect (features/connections/server-url.ts): http(s)
// only, never link-local or a cloud metadata address (whatever the configuration, whether written
// as an address or a name that resolves to one), loopback and private networks only while
// MEDIA_SERVER_NETWORKS=private. No database: the check is before any call.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { checkServerUrl } from '../src/features/connections/server-url.js';

const refusal = async (url: string, allowPrivate: boolean) =>
  checkServerUrl(url, allowPrivate).then(
    () => null,
    (err: { status?: number; extra?: { errors?: Array<{ path: string }> }; message: string }) => [err.status, err.extra?.errors?.[0]?.path, err.message],
  );

describe('media server addresses', () => {
  it('never calls link-local or metadata addresses, in any spelling', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://[fe80::1]:8096', 'http://[::ffff:169.254.169.254]', 'http://[fd00:ec2::254]', 'http://0.0.0.0:8096', 'http://100.100.100.200']) {
      for (const allowPrivate of [true, false]) {
        const r = await refusal(url, allowPrivate);
        expect([url, r?.[0], r?.[1]]).toEqual([url, 400, 'server_url']);
      }
    }
  });

  it('allows loopback and private networks by default, and only public addresses with MEDIA_SERVER_NETWORKS=public', async () => {
    for (const url of ['http://127.0.0.1:8096', 'http://localhost:32400', 'http://192.168.1.20:8096', 'http://10.0.0.5', 'http://[::1]:8096', 'http://172.20.0.2:8096']) {
      expect([url, await refusal(url, true)]).toEqual([url, null]);
      expect([url, (await refusal(url, false))?.[2]]).toEqual([url, 'This server only connects media servers on public addresses (MEDIA_SERVER_NETWORKS=public)']);
    }
    expect(await refusal('https://203.0.113.7/jellyfin', false)).toBeNull();
  });

  it('takes http(s) only, without credentials, and hands the adapters the address without a trailing slash', async () => {
    expect(await checkServerUrl('http://192.168.1.20:8096/jellyfin/', true)).toBe('http://192.168.1.20:8096/jellyfin');
    expect((await refusal('ftp://192.168.1.20', true))?.[2]).toBe('Use an http:// or https:// address');
    expect((await refusal('file:///etc/passwd', true))?.[2]).toBe('Use an http:// or https:// address');
    expect((await refusal('http://admin:pw@192.168.1.20', true))?.[2]).toBe('Leave the user name and password out of the address');
  });

  it('reads SYNC_INTERVAL and MEDIA_SERVER_NETWORKS at start, refusing a bad value by name', () => {
    expect(loadConfig({}).connections).toEqual({ syncIntervalMs: 15 * 60_000, allowPrivateNetworks: true });
    expect(loadConfig({ SYNC_INTERVAL: '60', MEDIA_SERVER_NETWORKS: 'public' }).connections).toEqual({ syncIntervalMs: 3_600_000, allowPrivateNetworks: false });
    expect(() => loadConfig({ MEDIA_SERVER_NETWORKS: 'any' })).toThrow(ConfigError);
    expect(() => loadConfig({ SYNC_INTERVAL: '0' })).toThrow(/SYNC_INTERVAL/);
  });
});
