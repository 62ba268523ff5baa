// Sends the fuzz test's requests in concurrent batches over keep-alive connections and judges
// each answer: no 5xx, every /api error JSON with a string detail, and no write left behind by a
// request answered 4xx (see fuzz-state.ts for what is compared).
import { Agent, request } from 'node:http';
import type { DB } from '../../src/db/connection.js';
import type { FuzzRequest } from './fuzz-requests.js';
import { databaseDigest, ownedDigests, type DatabaseShape } from './fuzz-state.js';

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

export interface Finding {
  problem: string;
  request: FuzzRequest;
  answer?: Answer;
}

export interface RunStats {
  sent: number;
  byStatus: Record<string, number>;
  /** "METHOD /path status: detail" of every 503, counted. */
  unavailable: Record<string, number>;
  ownedChecks: number;
  globalChecks: number;
  findings: Finding[];
}

export interface Target {
  url: string;
  db: DB;
  shape: DatabaseShape;
  users: Array<{ id: string; markers: string[]; token(): string }>;
  /** "METHOD /path" of endpoints that never write (see Endpoint.readOnly). */
  readOnly: Set<string>;
  /** "METHOD /path" of endpoints that take no token (see Endpoint.tokenless). */
  tokenless: Set<string>;
  /** Called after each batch, e.g. to renew tokens a request revoked; true when it wrote to the database. */
  afterBatch(): Promise<boolean | void>;
}

const cut = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}... (${s.length} chars)` : s);

function send(agent: Agent, base: URL, r: FuzzRequest, authorization: string | undefined): Promise<Answer> {
  const headers: Record<string, string> = { ...r.headers };
  if (authorization) headers.authorization = authorization;
  if (r.body !== undefined) headers['content-length'] = String(Buffer.byteLength(r.body));
  return new Promise((ok, fail) => {
    const req = request({ host: base.hostname, port: base.port, method: r.method, path: r.path, headers, agent, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', fail);
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 20 s')));
    req.on('error', fail);
    req.end(r.body);
  });
}

function judge(r: FuzzRequest, a: Answer): string | null {
  if (a.status >= 500) return `answered ${a.status}`;
  if (a.status >= 400 && r.path.startsWith('/api') && r.method !== 'HEAD') {
    if (!/^application\/json/.test(a.contentType)) return `error is not JSON (${a.contentType || 'no content-type'})`;
    try {
      if (typeof (JSON.parse(a.body) as { detail?: unknown }).detail !== 'string') return 'error JSON has no string detail';
    } catch {
      return 'error body is not valid JSON';
    }
  }
  return null;
}

const isClientError = (a: Answer | undefined) => a !== undefined && a.status >= 400 && a.status < 500;

export async function runBatches(target: Target, batches: FuzzRequest[][], stats: RunStats): Promise<void> {
  const base = new URL(target.url);
  const agent = new Agent({ keepAlive: true, maxSockets: Math.max(...batches.map((b) => b.length)) });
  const ids = target.users.map((u) => u.id);
  let owned = await ownedDigests(target.db, target.shape, ids);
  let global = await databaseDigest(target.db, target.shape);
  try {
    for (const batch of batches) {
      const answers = await Promise.all(
        batch.map((r) =>
          send(agent, base, r, r.actor >= 0 ? `Bearer ${target.users[r.actor].token()}` : undefined).then(
            (a) => a,
            (err: Error) => {
              stats.findings.push({ problem: `request failed: ${err.message}`, request: r });
              return undefined;
            },
          ),
        ),
      );
      const ownedAfter = await ownedDigests(target.db, target.shape, ids);
      const globalAfter = await databaseDigest(target.db, target.shape);
      batch.forEach((r, i) => {
        const a = answers[i];
        if (!a) return;
        stats.sent++;
        const cls = `${Math.floor(a.status / 100)}xx`;
        stats.byStatus[cls] = (stats.byStatus[cls] ?? 0) + 1;
        if (a.status === 503) {
          const key = `${r.endpoint} 503: ${cut(a.body, 160)}`;
          stats.unavailable[key] = (stats.unavailable[key] ?? 0) + 1;
        }
        const problem = judge(r, a);
        if (problem) stats.findings.push({ problem, request: r, answer: { ...a, body: cut(a.body, 2000) } });
      });
      // A user whose every request in this batch (their own, or naming their email, id or
      // tokens) was refused must own exactly the rows they owned before it. Unless a write of the
      // batch came from no user and was accepted: a payment provider's webhook names its checkout
      // session, not the user, and may rightly change that user's order (seed 357047361: an
      // expired checkout marked the order of a user whose three requests were all refused). A
      // request to a route that takes no token comes from no user whatever token it carries
      // (seed 1392742359: the same webhook, sent with another user's token, which it ignores).
      const names = (r: FuzzRequest, u: Target['users'][number]) => u.markers.some((m) => `${r.path} ${JSON.stringify(r.headers)} ${r.body ?? ''}`.includes(m));
      const fromNoUser = batch.some((r, i) => {
        const a = answers[i];
        return (r.actor < 0 || target.tokenless.has(r.endpoint)) && a !== undefined && a.status < 300 && !target.readOnly.has(r.endpoint) && !target.users.some((u) => names(r, u));
      });
      if (!fromNoUser) target.users.forEach((u, ui) => {
        const mine = batch.map((r, i) => ({ r, a: answers[i] })).filter(({ r }) => r.actor === ui || names(r, u));
        if (!mine.length || !mine.every(({ a }) => isClientError(a))) return;
        stats.ownedChecks++;
        if (owned.get(u.id) !== ownedAfter.get(u.id)) {
          stats.findings.push({ problem: `user ${ui}'s rows changed although all ${mine.length} of their requests were refused`, request: mine[0].r, answer: mine[0].a });
        }
      });
      const harmless = (r: FuzzRequest, a: Answer | undefined) =>
        isClientError(a) || (a !== undefined && a.status < 300 && target.readOnly.has(r.endpoint) && r.endpoint.startsWith(`${r.method} `));
      if (batch.every((r, i) => harmless(r, answers[i]))) {
        stats.globalChecks++;
        if (global !== globalAfter) stats.findings.push({ problem: 'the database changed although every request of the batch was refused or read-only', request: batch[0], answer: answers[0] });
      }
      if (await target.afterBatch()) {
        // The test's own writes (a new session for a user whose session a request ended) are not the next batch's.
        owned = await ownedDigests(target.db, target.shape, ids);
        global = await databaseDigest(target.db, target.shape);
      } else {
        owned = ownedAfter;
        global = globalAfter;
      }
    }
  } finally {
    agent.destroy();
  }
}

export function describeFinding(f: Finding): string {
  const r = f.request;
  return [
    `${f.problem}: ${r.method} ${cut(r.path, 200)} [${r.kind}, actor ${r.actor}]`,
    `  headers ${cut(JSON.stringify(r.headers), 300)}`,
    r.body !== undefined ? `  body ${cut(JSON.stringify(r.body), 300)}` : '',
    f.answer ? `  -> ${f.answer.status} ${f.answer.contentType} ${cut(f.answer.body, 300)}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}
