import pino, { type Logger } from 'pino';

export type LogFormat = 'pretty' | 'json';

/**
 * The app's logger. JSON lines (what log collectors, CI and the tests read), or one readable line
 * per record when `format` is 'pretty'; null chooses pretty when the destination (default
 * stdout) is a terminal. Pretty is formatted in this thread (no worker-thread transport), so a
 * line is written before the call returns and nothing is lost at process.exit.
 */
export function createLogger(level: string, destination?: pino.DestinationStream, format: LogFormat | null = null): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.id_token'], censor: '[redacted]' },
  };
  const target = destination ?? pino.destination({ fd: 1, sync: true });
  const terminal = ((destination ?? process.stdout) as { isTTY?: boolean }).isTTY === true;
  if ((format ?? (terminal ? 'pretty' : 'json')) === 'json') return pino(options, target);
  return pino(options, { write: (line: string) => void target.write(prettyLine(line, terminal)) });
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_COLOURS: Record<number, number> = { 10: 90, 20: 90, 30: 32, 40: 33, 50: 31, 60: 31 };

/** Marks a line meant for the operator to act on (an emailed code without SMTP): printed alone. */
export const OPERATOR_LINE = '==> ';

/**
 * One JSON log record as a readable line: `12:34:56.789 INFO  message key=value ...`, a request
 * as `GET /api/x -> 200 (3 ms)`, an error's stack indented below. A message starting with
 * OPERATOR_LINE is printed on its own, as written.
 */
export function prettyLine(json: string, colour = false): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const { level, time, msg, pid: _pid, hostname: _hostname, err, ...rest } = record;
  const paint = (code: number, text: string) => (colour ? `\x1b[${code}m${text}\x1b[0m` : text);
  if (typeof msg === 'string' && msg.startsWith(OPERATOR_LINE)) return `${paint(1, msg)}\n`;
  const n = typeof level === 'number' ? level : 30;
  const clock = typeof time === 'number' ? new Date(time).toISOString().slice(11, 23) : '';
  const parts = [clock, paint(LEVEL_COLOURS[n] ?? 0, (LEVEL_NAMES[n] ?? String(level)).padEnd(5))];
  const req = rest.req as { method?: string; url?: string } | undefined;
  const res = rest.res as { statusCode?: number } | undefined;
  if (req && res && typeof rest.responseTime === 'number') {
    parts.push(`${req.method} ${req.url} -> ${res.statusCode} (${rest.responseTime} ms)`);
    delete rest.req;
    delete rest.res;
    delete rest.responseTime;
    if (msg !== 'request completed' && typeof msg === 'string') parts.push(msg);
  } else if (msg !== undefined) {
    parts.push(String(msg));
  }
  for (const [key, value] of Object.entries(rest)) parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  let out = parts.filter(Boolean).join(' ');
  const stack = err && typeof err === 'object' ? (err as { stack?: unknown; message?: unknown }).stack ?? (err as { message?: unknown }).message : err;
  if (stack !== undefined) out += `\n    ${String(stack).split('\n').join('\n    ')}`;
  return `${out}\n`;
}

/**
 * Query parameters whose values are credentials: rating-link and unsubscribe tokens (`token`),
 * OAuth codes and states (`code`, `state`), API keys (`key`). Matched case-insensitively, with
 * any `[...]` suffix, because a log should not depend on how a caller spelt the name.
 * See docs/security.md, "Logs and tokens".
 */
const SECRET_PARAMS = new Set(['token', 'code', 'state', 'key']);
const REDACTED = '[redacted]';

function isSecretName(raw: string): boolean {
  let name: string;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return true; // undecodable: the server's parser may still read it as a secret's name
  }
  return SECRET_PARAMS.has(name.trim().replace(/\[.*$/, '').toLowerCase());
}

/** The URL with the value of every secret query parameter replaced by "[redacted]". */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && isSecretName(name) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
}

type SerializedRequest = { url?: unknown; query?: unknown; headers?: Record<string, unknown> };

/**
 * The request log's whole request (http/request-log.ts): the fields of pino's standard request
 * serializer, with secrets taken out of the URL, the parsed query and the Referer. Copies, never
 * edits, the live request's objects.
 */
export function redactRequest<T extends SerializedRequest>(req: T): T {
  const out = { ...req } as T;
  if (typeof req.url === 'string') out.url = redactUrl(req.url);
  if (req.query && typeof req.query === 'object') {
    out.query = Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, isSecretName(k) ? REDACTED : v]));
  }
  if (req.headers && typeof req.headers === 'object') {
    const headers = { ...req.headers };
    for (const h of ['referer', 'referrer']) if (typeof headers[h] === 'string') headers[h] = redactUrl(headers[h]);
    out.headers = headers;
  }
  return out;
}
