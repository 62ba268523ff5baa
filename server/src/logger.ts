import pino, { type Logger } from 'pino';

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.id_token'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
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
 * pino-http's request serializer: the same fields as pino's standard one, with secrets taken out
 * of the URL, the parsed query and the Referer. Copies, never edits, the live request's objects.
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
