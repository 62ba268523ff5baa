// Plex Media Server's HTTP API, read with the token the user pasted (X-Plex-Token, sent as a
// header so it never lands in a URL or a log line), JSON answers (Accept: application/json).
import type { PlexMetadata, PlexPage, PlexSection, PlexServerInfo } from './types.js';
import { readCapped } from '../http/read-capped.js';

const TIMEOUT_MS = 15_000;
/** A page of 200 items with their Guids and media parts is well under 2 MB; a bigger answer is not one. */
const MAX_BYTES = 8 * 1024 * 1024;

/** Plex answered with an error, or did not answer (status null). The message never holds the token. */
export class PlexError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'PlexError';
  }
}

/** 401: the token is wrong, revoked, or not allowed on this server. */
export class PlexAuthError extends PlexError {
  constructor() {
    super(401, 'Plex rejected the token');
    this.name = 'PlexAuthError';
  }
}

export interface PlexClientOptions {
  /** The server's base URL (http(s)://host:32400), no trailing slash needed. */
  serverUrl: string;
  token: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
}

type Container = { MediaContainer?: Record<string, unknown> };

export class PlexClient {
  private readonly base: string;
  constructor(private readonly opts: PlexClientOptions) {
    this.base = opts.serverUrl.replace(/\/+$/, '');
  }

  /** GET /: the server's name, machine id and owner (needs the token on a claimed server). */
  async server(): Promise<PlexServerInfo> {
    const mc = await this.get('/');
    return {
      friendlyName: str(mc.friendlyName),
      machineIdentifier: str(mc.machineIdentifier),
      myPlexUsername: str(mc.myPlexUsername),
      version: str(mc.version),
    };
  }

  async sections(): Promise<PlexSection[]> {
    const mc = await this.get('/library/sections');
    const dirs = Array.isArray(mc.Directory) ? (mc.Directory as unknown[]) : [];
    return dirs.flatMap((d) => {
      const o = d as Record<string, unknown>;
      const key = str(o.key) ?? (typeof o.key === 'number' ? String(o.key) : undefined);
      return key && typeof o.type === 'string' ? [{ key, type: o.type, title: str(o.title) }] : [];
    });
  }

  /** One page of a section's items, with their Guid entries. */
  async sectionPage(sectionKey: string, start: number, size: number): Promise<PlexPage> {
    const mc = await this.get(`/library/sections/${encodeURIComponent(sectionKey)}/all?includeGuids=1`, {
      'X-Plex-Container-Start': String(start),
      'X-Plex-Container-Size': String(size),
    });
    const raw = Array.isArray(mc.Metadata) ? (mc.Metadata as unknown[]) : [];
    const items = raw.flatMap((m) => (isMetadata(m) ? [{ ...m, ratingKey: plexRatingKey(m.ratingKey) } as PlexMetadata] : []));
    const total = typeof mc.totalSize === 'number' ? mc.totalSize : start + items.length;
    return { items, totalSize: total };
  }

  private async get(path: string, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
    const timeout = AbortSignal.timeout(this.opts.timeoutMs ?? TIMEOUT_MS);
    const signal = this.opts.signal ? AbortSignal.any([this.opts.signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        headers: { accept: 'application/json', 'X-Plex-Token': this.opts.token, 'X-Plex-Product': "Tonight's Pick", ...headers },
        signal,
        redirect: 'error',
      });
    } catch (err) {
      if (this.opts.signal?.aborted) throw this.opts.signal.reason;
      throw new PlexError(null, `Plex server unreachable: ${(err as Error).message}`);
    }
    if (res.status === 401) {
      await res.body?.cancel();
      throw new PlexAuthError();
    }
    const max = this.opts.maxBytes ?? MAX_BYTES;
    const text = await readCapped(res, max, () => new PlexError(res.status, `Plex answered more than ${max} bytes`)).catch((err: unknown) => {
      if (this.opts.signal?.aborted) throw this.opts.signal.reason;
      throw err instanceof PlexError ? err : new PlexError(null, `Plex server unreachable: ${(err as Error).message}`);
    });
    if (!res.ok) throw new PlexError(res.status, `Plex ${path.split('?')[0]}: HTTP ${res.status}`);
    let body: Container;
    try {
      body = JSON.parse(text) as Container;
    } catch {
      throw new PlexError(res.status, `Plex ${path.split('?')[0]}: the answer is not JSON (is this a Plex Media Server?)`);
    }
    if (!body || typeof body.MediaContainer !== 'object' || body.MediaContainer === null) {
      throw new PlexError(res.status, `Plex ${path.split('?')[0]}: no MediaContainer in the answer (is this a Plex Media Server?)`);
    }
    return body.MediaContainer;
  }
}


const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** An item's ratingKey (a small integer, as a string or a number); anything else is not Plex's, and would make an unbounded key. */
export function plexRatingKey(v: unknown): string | null {
  const key = typeof v === 'string' ? v : typeof v === 'number' && Number.isInteger(v) ? String(v) : null;
  return key !== null && key.length >= 1 && key.length <= 40 ? key : null;
}

function isMetadata(m: unknown): m is Record<string, unknown> {
  if (!m || typeof m !== 'object') return false;
  const o = m as Record<string, unknown>;
  return plexRatingKey(o.ratingKey) !== null && typeof o.type === 'string';
}
