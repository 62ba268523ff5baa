// The real server as its own process (node + tsx on src/main.ts; `npm start` runs the same code
// bundled, which server/test/production-build.test.ts covers), for
// tests about start-up, signals and exit codes. Probes use a fresh connection each (no agent), so
// a hanging server shows as a hang rather than hiding behind a pooled socket.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const SERVER_DIR = resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

export function spawnServer(env: Record<string, string>, port = 0): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, HOST: '127.0.0.1', SCHEDULER: 'off', LOG_LEVEL: 'info', ...env, PORT: String(port) },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((ok) =>
    child.on('exit', (code, signal) => ok({ code, signal, at: Date.now() })),
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => ({ stdout, stderr }), exited };
}

export interface Answer {
  status: number;
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

/** One GET on a new connection; rejects with the socket error code, or 'TIMEOUT'. */
export function probe(url: string, path: string, timeoutMs: number): Promise<Answer> {
  return new Promise((ok, fail) => {
    const req = request(`${url}${path}`, { agent: false, timeout: timeoutMs }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        ok({ status: res.statusCode!, body, headers: res.headers });
      });
      res.on('error', (err: NodeJS.ErrnoException) => fail(new Error(err.code ?? err.message)));
    });
    req.on('timeout', () => {
      req.destroy();
      fail(new Error('TIMEOUT'));
    });
    req.on('error', (err: NodeJS.ErrnoException) => fail(new Error(err.code ?? err.message)));
    req.end();
  });
}

/** Polls /healthz until it answers 200 (or the process exits, or the deadline passes). */
export async function waitReady(proc: ServerProcess, deadlineMs = 90_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  let exited = false;
  void proc.exited.then(() => (exited = true));
  while (Date.now() < until && !exited) {
    const r = await probe(proc.url, '/healthz', 5_000).catch(() => null);
    if (r?.status === 200) return;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`server not ready: ${JSON.stringify(proc.output())}`);
}
