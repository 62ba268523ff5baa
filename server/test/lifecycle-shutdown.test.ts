// SIGTERM drains the real process: it stops accepting, lets every request in flight finish (200,
// told "Connection: close"), closes idle keep-alive connections, and exits 0 well inside the
// 10 s grace period. Before, idle keep-alive clients held it until the force timer (exit 1) and
// requests whose bytes were not read yet were reset.
import { describe, it, expect } from 'vitest';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnServer, waitReady } from './support/server-process.js';

interface Outcome {
  status: number | string;
  connection?: string;
}

/**
 * A GET whose bytes are all written on a connected socket; resolves `sent` once they are (a
 * request's 'finish' alone can come while its socket is still connecting), `done` with the answer.
 */
function get(url: string, path: string, agent: Agent | false): { sent: Promise<void>; done: Promise<Outcome> } {
  let markSent!: () => void;
  let parts = 2;
  const sent = new Promise<void>((ok) => (markSent = () => --parts <= 0 && ok()));
  const done = new Promise<Outcome>((ok) => {
    const req = request(`${url}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => ok({ status: res.statusCode!, connection: res.headers.connection }));
      res.on('error', (err: NodeJS.ErrnoException) => ok({ status: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      markSent();
      markSent();
      ok({ status: err.code ?? err.message });
    });
    req.on('socket', (socket) => (socket.connecting ? socket.once('connect', markSent) : markSent()));
    req.on('finish', markSent);
    req.end();
  });
  return { sent, done };
}

/** A request whose last header line arrives only `delayMs` after `start` resolves: in flight during the stop. */
function slowGet(port: number, path: string, start: Promise<void>, delayMs: number): Promise<Outcome> {
  return new Promise((ok) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
      void start.then(() => setTimeout(() => socket.write('\r\n'), delayMs));
    });
    let text = '';
    socket.on('data', (d) => (text += d));
    socket.on('error', (err: NodeJS.ErrnoException) => ok({ status: err.code ?? err.message }));
    socket.on('close', () => {
      const m = /^HTTP\/1\.1 (\d+)/.exec(text);
      ok({ status: m ? Number(m[1]) : `closed without answer`, connection: /\r\nconnection: (\w+)/i.exec(text)?.[1]?.toLowerCase() });
    });
  });
}

describe('SIGTERM', () => {
  it('finishes every request in flight, closes idle keep-alive connections and exits 0 within seconds', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tp-drain-'));
    const port = await freePort();
    const proc = spawnServer({ DATA_DIR: dataDir }, port);
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 8 });
    try {
      await waitReady(proc);
      // Eight keep-alive connections, open and idle.
      const warm = await Promise.all(Array.from({ length: 8 }, () => get(proc.url, '/api/public/config', keepAlive).done));
      expect(warm.map((o) => o.status)).toEqual(Array(8).fill(200));

      // The slow requests complete once the server has logged that it is stopping (it is draining
      // from that same moment), however late a loaded machine delivers the signal.
      const draining = new Promise<void>((ok) => {
        const check = () => proc.output().stdout.includes('shutting down') && (ok(), true);
        proc.child.stdout!.on('data', check);
      });
      const slow = Array.from({ length: 3 }, () => slowGet(port, '/api/public/config', draining, 100));
      const fresh = Array.from({ length: 20 }, () => get(proc.url, '/api/public/config', false));
      const reused = Array.from({ length: 6 }, () => get(proc.url, '/api/public/config', keepAlive));
      await Promise.all([...fresh, ...reused].map((r) => r.sent));
      await new Promise((ok) => setTimeout(ok, 20)); // the slow requests' first lines are on the wire
      const t0 = Date.now();
      proc.child.kill('SIGTERM');

      const outcomes = await Promise.all([...fresh.map((r) => r.done), ...reused.map((r) => r.done), ...slow]);
      const { code, at } = await proc.exited;
      const { stdout } = proc.output();
      console.info(`[SIGTERM] exit ${code} after ${at - t0} ms; answers: ${JSON.stringify(outcomes.map((o) => o.status))}`);
      expect(outcomes.map((o) => o.status)).toEqual(Array(29).fill(200));
      // The slow ones were answered during the drain, so they were told to close.
      expect((await Promise.all(slow)).map((o) => o.connection)).toEqual(['close', 'close', 'close']);
      expect(code).toBe(0);
      expect(at - t0).toBeLessThan(5_000);
      expect(stdout).toContain('shutting down');
    } finally {
      keepAlive.destroy();
      proc.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
