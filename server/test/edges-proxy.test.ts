// TRUST_PROXY: behind a real (local) proxy that appends the client's address to X-Forwarded-For,
// a hop count of 1 makes per-IP limits count that address, whatever the client wrote before it;
// `true`, which would believe the client's own entries, stops the server at start.
import { describe, it, expect, afterEach } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { loadConfig, ConfigError } from '../src/config.js';
import { dialects } from './support/dialects.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** A reverse proxy like nginx's `proxy_add_x_forwarded_for`: appends the peer's address. */
async function startProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const to = new URL(target);
  const proxy: Server = createServer((req, res) => {
    const given = req.headers['x-forwarded-for'];
    const xff = [given, req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': xff } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', () => ok()));
  const port = (proxy.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((ok) => {
      proxy.close(() => ok());
      proxy.closeAllConnections();
    }),
  };
}

/** POSTs feedback through the proxy from a given local address with a given X-Forwarded-For. */
function sendFeedback(proxyUrl: string, from: string, spoofed: string): Promise<number> {
  const u = new URL(proxyUrl);
  const body = JSON.stringify({ rating: true, comment: 'via proxy' });
  return new Promise((ok, fail) => {
    const req = request(
      { host: u.hostname, port: u.port, method: 'POST', path: '/api/feedback/submit', localAddress: from, agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': spoofed } },
      (res) => {
        res.resume();
        res.on('end', () => ok(res.statusCode ?? 0));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

describe.each(dialects)('TRUST_PROXY on %s', (dialect) => {
  let server: TestServer | undefined;
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  afterEach(async () => {
    await proxy?.close();
    await server?.close();
    server = proxy = undefined;
  });

  it('with one hop, a client spoofing X-Forwarded-For is still limited by the address the proxy appended', async () => {
    server = await startTestServer(dialect, { env: { TRUST_PROXY: '1', FEEDBACK_RATE_LIMIT_PER_IP: '3' } });
    proxy = await startProxy(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await sendFeedback(proxy.url, '127.0.0.1', `203.0.113.${i}, 198.51.100.${i}`));
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    // Another client behind the same proxy has its own count.
    expect(await sendFeedback(proxy.url, '127.0.0.2', '203.0.113.0')).toBe(201);
    const buckets = await server.running.ctx.db.selectFrom('rate_limit_hits').select(['bucket', 'hits']).where('bucket', 'like', 'feedback:ip:%').orderBy('bucket').execute();
    expect(buckets.map((b) => [b.bucket, Number(b.hits)])).toEqual([
      ['feedback:ip:127.0.0.1', 6],
      ['feedback:ip:127.0.0.2', 1],
    ]);
  });

  it('an IPv6 client counts by its /64, so rotating addresses inside it passes no limit; IPv4 and IPv4-mapped clients count per address', async () => {
    server = await startTestServer(dialect, { env: { TRUST_PROXY: '1', FEEDBACK_RATE_LIMIT_PER_IP: '2' } });
    // The test client is the one trusted hop: the address it appends is the client's.
    const send = (client: string) => sendFeedback(server!.url, '127.0.0.1', client);
    const sameNetwork = ['2001:db8:1:2::1', '2001:DB8:1:2:ffff:ffff:ffff:fffe', '2001:0db8:0001:0002:0000:0000:0000:0003', '2001:db8:1:2::4'];
    const statuses: number[] = [];
    for (const a of sameNetwork) statuses.push(await send(a));
    expect(statuses).toEqual([201, 201, 429, 429]);
    expect(await send('2001:db8:1:3::1')).toBe(201);
    for (const a of ['::ffff:203.0.113.7', '203.0.113.8', '::ffff:203.0.113.9']) expect(await send(a), a).toBe(201);
    const buckets = await server.running.ctx.db.selectFrom('rate_limit_hits').select(['bucket', 'hits']).where('bucket', 'like', 'feedback:ip:%').orderBy('bucket').execute();
    expect(buckets.map((b) => [b.bucket, Number(b.hits)])).toEqual([
      ['feedback:ip:2001:db8:1:2::/64', 4],
      ['feedback:ip:2001:db8:1:3::/64', 1],
      ['feedback:ip:203.0.113.7', 1],
      ['feedback:ip:203.0.113.8', 1],
      ['feedback:ip:203.0.113.9', 1],
    ]);
  });

  it("with the proxy's address listed, the same holds: the first untrusted address from the right counts", async () => {
    server = await startTestServer(dialect, { env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8', FEEDBACK_RATE_LIMIT_PER_IP: '2' } });
    proxy = await startProxy(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push(await sendFeedback(proxy.url, '127.0.0.2', `203.0.113.${i}, 10.1.1.${i}`));
    expect(statuses).toEqual([201, 201, 429]);
    expect(await sendFeedback(proxy.url, '127.0.0.3', '203.0.113.0')).toBe(201);
  });
});

describe('TRUST_PROXY values', () => {
  const fails = (value: string) => {
    try {
      loadConfig({ TRUST_PROXY: value });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    return null;
  };

  it('takes false, a hop count or proxy addresses, and refuses true or anything else with one line', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', '::1']);
    expect(fails('true')).toMatch(/^Invalid configuration: TRUST_PROXY must not be true: .*any client can pick its own address/);
    expect(fails('TRUE')).toMatch(/^Invalid configuration: TRUST_PROXY must not be true/);
    for (const bad of ['yes', '10.0.0.0/33', 'loopback,', 'proxy.example.com', '1.2.3']) expect(fails(bad), bad).toMatch(/^Invalid configuration: TRUST_PROXY must be false, a number of proxy hops/);
    expect(fails('true')!.split('\n')).toHaveLength(1);
  });

  it('the real process stops at start on TRUST_PROXY=true with one line and exit code 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: 'true', SCHEDULER: 'off' },
      cwd: resolve(__dirname, '..'),
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    // A server that started anyway is killed, so the test fails instead of leaving it running.
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await new Promise<number | null>((ok) => child.on('exit', ok));
    clearTimeout(kill);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid configuration: TRUST_PROXY must not be true/);
  });
});
