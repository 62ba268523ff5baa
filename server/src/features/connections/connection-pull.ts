// One bounded pull of one connection, under its lease (docs/operations.md, "Connected apps"): the
// adapter reads what changed since the stored cursor, page by page; each page is written through
// the one way in (sync.service.ts) before its cursor is stored, so a pull killed between the two
// reads that page again next time and the replay changes nothing. Every store is conditional on
// holding the lease: an instance that lost it (it stalled past the lease) writes no cursor. With
// push back on, the run ends by sending our history's changes (connection-push.ts).
import { CONNECTION_NAMES, type ConnectionKind } from '@app/shared';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { TokenCipherError } from '../../integrations/crypto/token-cipher.js';
import type { History } from '../history/history.js';
import { recordEvents, recordLibrary } from '../sync/sync.service.js';
import { ConnectionError, type ConnectionAdapter } from './adapter.js';
import { openConnection, sealConnection } from './connection-secrets.js';
import { pushItems } from './connection-push.js';
import * as repo from './connections.repository.js';
import { checkServerUrl } from './server-url.js';

/** A pull holds its connection this long without renewal; renewed after every page. */
export const PULL_LEASE_MS = 5 * 60_000;
/** Pages one run reads; a pull with more left is due again at once (the next tick). */
export const PAGES_PER_RUN = 5;
/** The whole run's deadline: every call the adapter makes gets this signal (its HTTP client adds its own per-call timeout and size bound). */
export const PULL_TIMEOUT_MS = 2 * 60_000;
/** A 429 without Retry-After waits this long. */
const DEFAULT_RETRY_S = 60;

export type Adapters = ReadonlyMap<ConnectionKind, ConnectionAdapter>;

export interface PullDeps {
  ctx: AppContext;
  history: History;
  adapters: Adapters;
}

export type PullOutcome = 'done' | 'more' | 'failed' | 'lost';

/** The last error in words, for Settings. */
export const PULL_TEXTS = {
  rejected: (kind: ConnectionKind) => `${CONNECTION_NAMES[kind]} rejected the key; reconnect`,
  unavailable: (kind: ConnectionKind) => `${CONNECTION_NAMES[kind]} is not available on this server`,
  unreadable: 'The stored credentials no longer open (the encryption key changed); reconnect',
  failed: 'The last sync failed; it is tried again later',
  rateLimited: (kind: ConnectionKind) => `${CONNECTION_NAMES[kind]} asked us to slow down; the sync continues later`,
};

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** Runs a pull of a connection this holder has just claimed (repo.claimPull), and gives the lease back. */
export async function runClaimedPull(deps: PullDeps, row: repo.ConnectionRow, holder: string, stop?: AbortSignal): Promise<PullOutcome> {
  const { ctx } = deps;
  const kind = row.kind as ConnectionKind;
  const interval = ctx.config.connections.syncIntervalMs;
  const end = (patch: repo.PullProgress) => repo.savePull(ctx.db, row.user_id, kind, holder, { ...patch, sync_lease_until: null, sync_holder: null });
  const adapter = deps.adapters.get(kind);
  if (!adapter) {
    await end({ last_error: PULL_TEXTS.unavailable(kind), next_sync_at: later(ctx.clock.now(), interval) });
    return 'failed';
  }
  const timeout = AbortSignal.timeout(PULL_TIMEOUT_MS);
  const signal = stop ? AbortSignal.any([stop, timeout]) : timeout;
  try {
    const sealed = openConnection(ctx, row.user_id, kind, row.credentials);
    if (row.server_url) await checkServerUrl(row.server_url, ctx.config.connections.allowPrivateNetworks);
    let { credentials } = sealed;
    let cursor = row.cursor;
    let more = false;
    for (let page = 0; page < PAGES_PER_RUN && !signal.aborted; page++) {
      const now = ctx.clock.now();
      const result = await adapter.pull(credentials, cursor, { now, signal });
      // Still ours? A stalled instance whose lease another took writes nothing more.
      if (!(await repo.savePull(ctx.db, row.user_id, kind, holder, { sync_lease_until: later(ctx.clock.now(), PULL_LEASE_MS) }))) return 'lost';
      await recordEvents(deps.history, row.user_id, kind, result.events, now);
      if (result.library) await recordLibrary(ctx, deps.history, row.user_id, kind, result.library, now, { replace: true });
      if (result.libraryAdded?.length) await recordLibrary(ctx, deps.history, row.user_id, kind, result.libraryAdded, now, { replace: false });
      if (result.credentials) credentials = result.credentials;
      cursor = result.cursor;
      more = result.more === true;
      const progress: repo.PullProgress = { cursor, sync_lease_until: later(ctx.clock.now(), PULL_LEASE_MS) };
      if (result.credentials) progress.credentials = sealConnection(ctx, row.user_id, kind, { ...sealed, credentials });
      if (!(await repo.savePull(ctx.db, row.user_id, kind, holder, progress))) return 'lost';
      if (!more) break;
    }
    if (row.push_back === 1 && adapter.push) {
      const { items, until } = await pushItems(ctx.db, row.user_id, kind, row.pushed_until);
      if (until) {
        const pushed = await adapter.push(credentials, items, { now: ctx.clock.now(), signal });
        const progress: repo.PullProgress = { pushed_until: until };
        if (pushed.credentials) progress.credentials = sealConnection(ctx, row.user_id, kind, { ...sealed, credentials: pushed.credentials });
        if (!(await repo.savePull(ctx.db, row.user_id, kind, holder, progress))) return 'lost';
      }
    }
    const now = ctx.clock.now();
    await end({ last_sync_at: now.toISOString(), last_error: null, next_sync_at: more ? now.toISOString() : later(now, interval) });
    return more ? 'more' : 'done';
  } catch (err) {
    const now = ctx.clock.now();
    // Shutdown: no error to show; any instance continues from the stored cursor at its next tick.
    if (stop?.aborted) {
      await end({ next_sync_at: now.toISOString() });
      return 'more';
    }
    if (err instanceof ConnectionError) {
      if (err.reason === 'auth') await end({ last_error: PULL_TEXTS.rejected(kind), next_sync_at: null });
      else if (err.reason === 'rate_limited') await end({ last_error: PULL_TEXTS.rateLimited(kind), next_sync_at: later(now, (err.retryAfter ?? DEFAULT_RETRY_S) * 1000) });
      else await end({ last_error: err.message.slice(0, 300), next_sync_at: later(now, interval) });
    } else if (err instanceof TokenCipherError) {
      await end({ last_error: PULL_TEXTS.unreadable, next_sync_at: null });
    } else if (err instanceof HttpError) {
      // The server's address is no longer allowed (it resolves elsewhere now, or the policy changed).
      await end({ last_error: err.message, next_sync_at: null });
    } else {
      ctx.logger.error({ err, kind }, 'connected app pull failed');
      await end({ last_error: PULL_TEXTS.failed, next_sync_at: later(now, interval) });
    }
    return 'failed';
  }
}
