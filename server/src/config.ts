// The only reader of process.env (docs/architecture.md). Validated once; a bad value stops start-up with
// one line that names the variable.
import { z } from 'zod';
import { resolve, join } from 'node:path';
import { isIP } from 'node:net';
import { FREE_REPLACEMENTS_WEEKLY_DEFAULT, FREE_WEEKLY_LIMIT_DEFAULT } from '@app/shared';

// How strong a secret must be, here since a configured one is checked with the rest (the
// generated and stored ones too: integrations/crypto/secrets.ts).
const MIN_SECRET_CHARS = 32;
/** A random 32-character secret has ~25 distinct characters; a repeated placeholder has few. */
const MIN_DISTINCT_CHARS = 8;
/** 32 random bytes hold ~30 distinct byte values. */
const MIN_DISTINCT_KEY_BYTES = 16;

/** Why a text secret is too weak, or null when it is acceptable. */
export function textSecretWeakness(value: string): string | null {
  if (value.length === 0) return 'is empty';
  if (value.length < MIN_SECRET_CHARS) return `is ${value.length} characters long; at least ${MIN_SECRET_CHARS} are needed`;
  if (new Set(value).size < MIN_DISTINCT_CHARS) return `has fewer than ${MIN_DISTINCT_CHARS} distinct characters, so it is not random`;
  return null;
}

/** Why a decoded 32-byte key is too weak (e.g. all zero), or null. */
export function keyBytesWeakness(key: Buffer): string | null {
  if (new Set(key).size < MIN_DISTINCT_KEY_BYTES) return `has fewer than ${MIN_DISTINCT_KEY_BYTES} distinct bytes, so it is not random`;
  return null;
}

const url = (name: string) =>
  z.string().refine((v) => {
    try {
      new URL(v);
      return true;
    } catch {
      return false;
    }
  }, `${name} must be a URL`);

/** An http(s) URL: browsers and mail clients load images from it. */
const httpUrl = () =>
  z.string().refine((v) => {
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

/** 32 random bytes, base64 or base64url (openssl rand -base64 32). */
const decode32 = (v: string) => (/^[A-Za-z0-9+/_-]+={0,2}$/.test(v.trim()) ? Buffer.from(v.trim().replace(/-/g, '+').replace(/_/g, '/'), 'base64') : null);
const is32ByteKey = (v: string) => {
  const key = decode32(v);
  return key !== null && key.length === 32 && keyBytesWeakness(key) === null;
};
const KEY_HINT = 'must be 32 bytes of randomness, base64-encoded (openssl rand -base64 32)';

const intIn = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be between ${min} and ${max}`);

/**
 * TRUST_PROXY says whose X-Forwarded-For to believe, and so which address per-IP limits count
 * (README, "Proxies"; docs/security.md). `true` would believe every hop, letting any client
 * choose its own address: refused.
 */
const TRUST_PROXY_TRUE =
  'must not be true: that trusts every X-Forwarded-For entry, so any client can pick its own address and escape per-IP limits; set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. loopback or 10.0.0.0/8)';
const TRUST_PROXY_HINT = 'must be false, a number of proxy hops (e.g. 1), or a comma-separated list of proxy addresses or subnets (loopback, linklocal, uniquelocal, 10.0.0.0/8, 192.0.2.1)';

function isProxyAddress(p: string): boolean {
  if (p === 'loopback' || p === 'linklocal' || p === 'uniquelocal') return true;
  const [ip, bits, ...rest] = p.split('/');
  const family = isIP(ip);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

function trustProxy(v: string): false | number | string[] {
  const t = v.trim();
  if (t === 'false') return false;
  if (/^\d+$/.test(t)) return Number(t);
  return t.split(',').map((p) => p.trim());
}

export const OUR_EXTENSION_ORIGIN = 'chrome-extension://hohgedmbicbniblcjphfemibhocebldd';

const EnvSchema = z.object({
  PORT: intIn(0, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: url('APP_URL').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<path> or postgres://...')
    .optional(),
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier').optional(),
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .refine((v) => textSecretWeakness(v) === null, 'must be random (openssl rand -base64 48), not a repeated or simple value')
    .optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, 'must be smtp://... or smtps://...').optional(),
  MAIL_FROM: z.string().min(3).default("Tonight's Pick <no-reply@localhost>"),
  FREE_WEEKLY_LIMIT: intIn(0, 1000).default(FREE_WEEKLY_LIMIT_DEFAULT),
  FREE_REPLACEMENTS_WEEKLY: intIn(0, 1000).default(FREE_REPLACEMENTS_WEEKLY_DEFAULT),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: url('GOOGLE_JWKS_URL').default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_AUTH_URL: url('GOOGLE_AUTH_URL').default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: url('GOOGLE_TOKEN_URL').default('https://oauth2.googleapis.com/token'),
  GOOGLE_REVOKE_URL: url('GOOGLE_REVOKE_URL').default('https://oauth2.googleapis.com/revoke'),
  GOOGLE_CALENDAR_URL: url('GOOGLE_CALENDAR_URL').default('https://www.googleapis.com/calendar/v3'),
  GOOGLE_USERINFO_URL: url('GOOGLE_USERINFO_URL').default('https://openidconnect.googleapis.com/v1/userinfo'),
  CALENDAR_ENCRYPTION_KEY: z.string().refine(is32ByteKey, KEY_HINT).optional(),
  CALENDAR_ENCRYPTION_PREVIOUS_KEYS: z
    .string()
    .refine((v) => v.split(',').filter((k) => k.trim()).every(is32ByteKey), `each comma-separated key ${KEY_HINT}`)
    .optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: url('STRIPE_API_URL').default('https://api.stripe.com'),
  TMDB_API_KEY: z.string().regex(/^[A-Za-z0-9]{16,64}$/, 'must be the v3 API key from themoviedb.org (Settings > API), letters and digits only').optional(),
  TMDB_READ_TOKEN: z.string().regex(/^[A-Za-z0-9._-]{20,2000}$/, 'must be the v4 API Read Access Token from themoviedb.org (Settings > API)').optional(),
  TMDB_API_URL: url('TMDB_API_URL').default('https://api.themoviedb.org/3'),
  TMDB_IMAGE_URL: httpUrl().default('https://image.tmdb.org/t/p'),
  TRAKT_CLIENT_ID: z.string().regex(/^[A-Za-z0-9]{16,128}$/, 'must be the Client ID of your Trakt API app (trakt.tv/oauth/applications), letters and digits only').optional(),
  TRAKT_CLIENT_SECRET: z.string().regex(/^[A-Za-z0-9]{16,128}$/, 'must be the Client Secret of your Trakt API app, letters and digits only').optional(),
  TRAKT_API_URL: url('TRAKT_API_URL').default('https://api.trakt.tv'),
  CATALOG_REGIONS: z
    .string()
    .default('US')
    .refine((v) => v.split(',').every((r) => /^[A-Za-z]{2}$/.test(r.trim())), 'must be a comma-separated list of two-letter country codes (e.g. US,IN)')
    .refine((v) => v.split(',').length <= 20, 'must list at most 20 regions'),
  CATALOG_LANGUAGES: z
    .string()
    .refine((v) => v.split(',').every((l) => /^[A-Za-z]{2}$/.test(l.trim())), 'must be a comma-separated list of two-letter ISO 639-1 language codes (e.g. hi,ko)')
    .refine((v) => v.split(',').length <= 20, 'must list at most 20 languages')
    .optional(),
  CATALOG_MAX_TITLES: intIn(1, 200_000).default(5000),
  CATALOG_SYNC: z.enum(['on', 'off']).optional(),
  // The unpacked Chrome build's id is fixed by the public key in its manifest (extension/src/manifest.ts);
  // the Web Store's copy has an id of its own, added here by the operator (docs/extension-store.md).
  EXTENSION_ORIGINS: z.string().default(OUR_EXTENSION_ORIGIN),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => v.trim().toLowerCase() !== 'true', TRUST_PROXY_TRUE)
    .refine((v) => /^(false|\d{1,2})$/.test(v.trim()) || v.split(',').every((p) => isProxyAddress(p.trim())), TRUST_PROXY_HINT),
  AUTH_RATE_LIMIT_PER_IP: intIn(1, 1_000_000).default(100),
  AUTH_RATE_LIMIT_PER_ACCOUNT: intIn(1, 1_000_000).default(10),
  FEEDBACK_RATE_LIMIT_PER_IP: intIn(1, 1_000_000).default(20),
  SCHEDULER: z.enum(['on', 'off']).default('on'),
  // Connected apps (docs/operations.md, "Connected apps"): minutes between scheduled pulls, and
  // whether a media server may be on a private network (a self-hoster's LAN) or public ones only.
  SYNC_INTERVAL: intIn(1, 1440).default(15),
  MEDIA_SERVER_NETWORKS: z.enum(['private', 'public']).default('private'),
  METRICS: z.enum(['on', 'off']).optional(),
  METRICS_PORT: intIn(0, 65535).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Unset: readable lines on a terminal, JSON lines otherwise (src/logger.ts).
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
});

/** Every variable loadConfig reads: README's table, .env.example and this list agree (server/test/env-agreement.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export type DatabaseConfig =
  | { dialect: 'sqlite'; path: string }
  | { dialect: 'postgres'; url: string; schema: string | null };

export interface Config {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  /** null: generated and kept in DATA_DIR (SQLite) or in the database (PostgreSQL) at start. */
  jwtSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  freeWeeklyLimit: number;
  /** Free plan: replacements of an unusable pick that do not count, per week (docs/product-decisions.md). */
  freeReplacementsWeekly: number;
  google: {
    clientId: string | null;
    clientSecret: string | null;
    jwksUrl: string;
    authUrl: string;
    tokenUrl: string;
    revokeUrl: string;
    calendarUrl: string;
    userinfoUrl: string;
  };
  /** Keys for calendar tokens at rest. null: a key file generated in DATA_DIR. */
  calendarEncryption: { key: string | null; previousKeys: string[] };
  stripe: { secretKey: string | null; webhookSecret: string | null; apiUrl: string };
  /** v3 key (sent as api_key) or v4 read token (sent as a bearer); both null: no TMDB sync. imageUrl: TMDB's image base, no trailing slash (`${imageUrl}/w342${poster_path}`). */
  tmdb: { apiKey: string | null; readToken: string | null; apiUrl: string; imageUrl: string };
  /** Trakt's API app (connected apps); both null: Trakt is not offered. The secret is never logged. */
  trakt: { clientId: string | null; clientSecret: string | null; apiUrl: string };
  /** TMDB sync (docs/catalog.md, "TMDB sync"): regions, extra original languages, cap, daily job. */
  catalog: { regions: string[]; languages: string[]; maxTitles: number; sync: boolean };
  extensionOrigins: string[];
  /** Express's 'trust proxy': false, a hop count, or the proxies' addresses and subnets. */
  trustProxy: false | number | string[];
  rateLimits: { authPerIp: number; authPerAccount: number; feedbackPerIp: number };
  scheduler: boolean;
  /** Connected apps: the scheduled pull's period, and whether media servers may be on loopback/private networks. */
  connections: { syncIntervalMs: number; allowPrivateNetworks: boolean };
  /** Prometheus /metrics (docs/operations.md, "Metrics"): off, on the main port (port null), or on a port of its own. */
  metrics: { on: boolean; port: number | null };
  logLevel: string;
  /** null: pretty when the log goes to a terminal, JSON otherwise. */
  logFormat: 'pretty' | 'json' | null;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.CATALOG_SYNC === 'on' && !e.TMDB_API_KEY && !e.TMDB_READ_TOKEN) {
    throw new ConfigError('Invalid configuration: CATALOG_SYNC is on but neither TMDB_API_KEY nor TMDB_READ_TOKEN is set');
  }
  if (Boolean(e.TRAKT_CLIENT_ID) !== Boolean(e.TRAKT_CLIENT_SECRET)) {
    throw new ConfigError(`Invalid configuration: ${e.TRAKT_CLIENT_ID ? 'TRAKT_CLIENT_SECRET' : 'TRAKT_CLIENT_ID'} must be set too (Trakt needs both, or neither)`);
  }
  if (e.METRICS_PORT !== undefined && e.METRICS === 'off') throw new ConfigError('Invalid configuration: METRICS is off but METRICS_PORT is set');
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) throw new ConfigError('Invalid configuration: METRICS_PORT must differ from PORT');
  const dataDir = resolve(e.DATA_DIR);
  const dbUrl = e.DATABASE_URL ?? `sqlite:${join(dataDir, 'app.db')}`;
  const database: DatabaseConfig = dbUrl.startsWith('sqlite:')
    ? { dialect: 'sqlite', path: dbUrl.slice('sqlite:'.length) === ':memory:' ? ':memory:' : resolve(dbUrl.slice('sqlite:'.length)) }
    : { dialect: 'postgres', url: dbUrl, schema: e.DATABASE_SCHEMA ?? null };
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    database,
    jwtSecret: e.JWT_SECRET ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    freeWeeklyLimit: e.FREE_WEEKLY_LIMIT,
    freeReplacementsWeekly: e.FREE_REPLACEMENTS_WEEKLY,
    google: {
      clientId: e.GOOGLE_CLIENT_ID ?? null,
      clientSecret: e.GOOGLE_CLIENT_SECRET ?? null,
      jwksUrl: e.GOOGLE_JWKS_URL,
      authUrl: e.GOOGLE_AUTH_URL,
      tokenUrl: e.GOOGLE_TOKEN_URL,
      revokeUrl: e.GOOGLE_REVOKE_URL,
      calendarUrl: e.GOOGLE_CALENDAR_URL,
      userinfoUrl: e.GOOGLE_USERINFO_URL,
    },
    calendarEncryption: {
      key: e.CALENDAR_ENCRYPTION_KEY?.trim() ?? null,
      previousKeys: (e.CALENDAR_ENCRYPTION_PREVIOUS_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean),
    },
    stripe: { secretKey: e.STRIPE_SECRET_KEY ?? null, webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null, apiUrl: e.STRIPE_API_URL },
    tmdb: { apiKey: e.TMDB_API_KEY ?? null, readToken: e.TMDB_READ_TOKEN ?? null, apiUrl: e.TMDB_API_URL.replace(/\/+$/, ''), imageUrl: e.TMDB_IMAGE_URL.replace(/\/+$/, '') },
    trakt: { clientId: e.TRAKT_CLIENT_ID ?? null, clientSecret: e.TRAKT_CLIENT_SECRET ?? null, apiUrl: e.TRAKT_API_URL.replace(/\/+$/, '') },
    catalog: {
      regions: [...new Set(e.CATALOG_REGIONS.split(',').map((r) => r.trim().toUpperCase()))],
      languages: [...new Set((e.CATALOG_LANGUAGES ?? '').split(',').map((l) => l.trim().toLowerCase()).filter(Boolean))],
      maxTitles: e.CATALOG_MAX_TITLES,
      // On by default when a key is set; CATALOG_SYNC=on without a key is refused above.
      sync: (e.CATALOG_SYNC ?? 'on') === 'on' && Boolean(e.TMDB_API_KEY || e.TMDB_READ_TOKEN),
    },
    extensionOrigins: e.EXTENSION_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    trustProxy: trustProxy(e.TRUST_PROXY),
    rateLimits: { authPerIp: e.AUTH_RATE_LIMIT_PER_IP, authPerAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT, feedbackPerIp: e.FEEDBACK_RATE_LIMIT_PER_IP },
    scheduler: e.SCHEDULER === 'on',
    connections: { syncIntervalMs: e.SYNC_INTERVAL * 60_000, allowPrivateNetworks: e.MEDIA_SERVER_NETWORKS === 'private' },
    metrics: { on: e.METRICS === 'on' || e.METRICS_PORT !== undefined, port: e.METRICS_PORT ?? null },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? null,
  };
}
