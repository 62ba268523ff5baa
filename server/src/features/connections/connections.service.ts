// Connected apps (docs/product-decisions.md, "What you watch elsewhere"; docs/security.md,
// "Connected apps"): connect, list, sync now, disconnect, Trakt's device flow and the webhooks.
// Every kind runs through its adapter (adapter.ts), registered in the wiring; everything an app
// brings in goes through the one way in (features/sync/sync.service.ts).
import { randomUUID } from 'node:crypto';
import { CONNECTION_KINDS, CONNECTION_NAMES, type ConnectionKind, type ConnectionStatus, type ConnectRequest, type DeviceCodeResponse, type ServerUsersResponse } from '@app/shared';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { hit } from '../../http/rate-limit.js';
import { countsByOrigin } from '../history/history-reads.repository.js';
import { countLibrary } from '../sync/library.repository.js';
import { recordEvents, recordLibrary, removeOrigin } from '../sync/sync.service.js';
import { ConnectionError, WebhookPayloadError, type ConnectionAdapter, type PullContext } from './adapter.js';
import { PULL_LEASE_MS, runClaimedPull, type PullDeps, type PullOutcome } from './connection-pull.js';
import { newWebhookSecret, openConnection, openDeviceCode, sealConnection, sealDeviceCode, webhookSecretHash } from './connection-secrets.js';
import { statusOf } from './connection-status.js';
import { connectBody, refusal } from './connect-body.js';
import * as repo from './connections.repository.js';
import { checkServerUrl } from './server-url.js';

/** A connect, a user list or a device-flow call waits this long for the app. */
export const CONNECT_TIMEOUT_MS = 30_000;
/** Webhook calls one connection may make per minute (a library scan posts one per item added). */
export const WEBHOOK_PER_MINUTE = 600;
/** The longest secret a webhook path may carry (ours are 43 characters): longer is not ours. */
const SECRET_MAX = 64;
const KINDS_WITH_WEBHOOKS: ReadonlySet<ConnectionKind> = new Set(['jellyfin', 'emby', 'plex']);

/** Account ids as apps write them: Jellyfin's Guid dashed or not, any case. Unknown on our side: any account. */
function sameAccount(theirs: string, ours: string | null): boolean {
  const norm = (id: string) => id.trim().toLowerCase().replace(/-/g, '');
  return ours === null || norm(theirs) === norm(ours);
}

export function parseKind(value: string): ConnectionKind {
  const kind = CONNECTION_KINDS.find((k) => k === value);
  if (!kind) throw notFound('No such connected app');
  return kind;
}

export class Connections implements PullDeps {
  constructor(
    readonly ctx: PullDeps['ctx'],
    readonly history: PullDeps['history'],
    /** The kinds this server can connect, filled by the wiring from the kind folders. */
    readonly adapters: Map<ConnectionKind, ConnectionAdapter>,
  ) {}

  private adapterOf(kind: ConnectionKind): ConnectionAdapter {
    const adapter = this.adapters.get(kind);
    // Not a failure of this server: the operator did not set the kind up (Trakt needs its client id and secret).
    if (!adapter) throw notFound(`${CONNECTION_NAMES[kind]} is not available on this server`);
    return adapter;
  }

  private callContext(): PullContext {
    return { now: this.ctx.clock.now(), signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS) };
  }

  /** One status per kind, in CONNECTION_KINDS' order. */
  async list(userId: string): Promise<ConnectionStatus[]> {
    const rows = new Map((await repo.connectionsOf(this.ctx.db, userId)).map((r) => [r.kind, r]));
    const counts = await countsByOrigin(this.ctx.db, userId, CONNECTION_KINDS);
    const device = await repo.deviceCodeOf(this.ctx.db, userId, 'trakt');
    const pending = device !== undefined && device.expires_at > this.ctx.clock.now().toISOString();
    return Promise.all(
      CONNECTION_KINDS.map(async (kind) => {
        const row = rows.get(kind);
        const library = KINDS_WITH_WEBHOOKS.has(kind) ? await countLibrary(this.ctx.db, userId, kind) : 0;
        return statusOf(this.ctx.config, kind, {
          row,
          webhookSecret: row ? this.webhookSecretOf(row) : null,
          counts: { ...(counts.get(kind) ?? { watched: 0, rated: 0 }), library },
          pending,
          available: this.adapters.has(kind),
          webhookTemplate: this.adapters.get(kind)?.webhookTemplate ?? null,
        });
      }),
    );
  }

  async status(userId: string, kind: ConnectionKind): Promise<ConnectionStatus> {
    return (await this.list(userId)).find((s) => s.kind === kind)!;
  }

  /** The secret of a stored connection's webhook URL; null when the row no longer opens (the pull reports that). */
  private webhookSecretOf(row: repo.ConnectionRow): string | null {
    try {
      return openConnection(this.ctx, row.user_id, row.kind, row.credentials).webhookSecret;
    } catch {
      return null;
    }
  }

  private accountIdOf(row: repo.ConnectionRow): string | null {
    try {
      return openConnection(this.ctx, row.user_id, row.kind, row.credentials).accountId ?? null;
    } catch {
      return null;
    }
  }

  async serverUsers(kind: ConnectionKind, body: { server_url: string; api_key: string }): Promise<ServerUsersResponse> {
    const adapter = this.adapterOf(kind);
    if (!adapter.serverUsers) throw notFound(`${CONNECTION_NAMES[kind]} has no server users to choose from`);
    const serverUrl = await checkServerUrl(body.server_url, this.ctx.config.connections.allowPrivateNetworks);
    try {
      return { users: (await adapter.serverUsers({ server_url: serverUrl, api_key: body.api_key }, this.callContext())).slice(0, 200) };
    } catch (err) {
      throw refusal(kind, err, 'api_key');
    }
  }

  async connect(userId: string, kind: ConnectionKind, body: ConnectRequest): Promise<ConnectionStatus> {
    const adapter = this.adapterOf(kind);
    const { fields, secretField } = connectBody(kind, body);
    const serverUrl = await checkServerUrl(body.server_url, this.ctx.config.connections.allowPrivateNetworks);
    let connected;
    try {
      connected = await adapter.connect({ ...fields, server_url: serverUrl }, this.callContext());
    } catch (err) {
      throw refusal(kind, err, secretField);
    }
    await this.save(userId, kind, connected, serverUrl);
    return this.status(userId, kind);
  }

  private async save(userId: string, kind: ConnectionKind, connected: { credentials: Record<string, unknown>; accountName: string; accountId?: string }, serverUrl: string | null) {
    const webhookSecret = KINDS_WITH_WEBHOOKS.has(kind) ? newWebhookSecret() : null;
    const now = this.ctx.clock.now().toISOString();
    await repo.saveConnection(this.ctx.db, {
      user_id: userId,
      kind,
      credentials: sealConnection(this.ctx, userId, kind, { credentials: connected.credentials, webhookSecret, accountId: connected.accountId ?? null }),
      account_name: connected.accountName.slice(0, 200),
      server_url: serverUrl,
      webhook_secret_hash: webhookSecret ? webhookSecretHash(webhookSecret) : null,
      // The first pull is due at once: the next scheduler tick reads the history.
      next_sync_at: now,
      created_at: now,
    });
  }

  /** Trakt's device flow: the code stays here (sealed, with its expiry); the user gets what to type where. */
  async deviceStart(userId: string): Promise<DeviceCodeResponse> {
    const adapter = this.adapterOf('trakt');
    if (!adapter.deviceStart) throw notFound('Trakt has no device flow on this server');
    let code;
    try {
      code = await adapter.deviceStart(this.callContext());
    } catch (err) {
      throw refusal('trakt', err, null);
    }
    const expiresAt = new Date(this.ctx.clock.now().getTime() + code.expiresIn * 1000).toISOString();
    await repo.saveDeviceCode(this.ctx.db, {
      user_id: userId,
      kind: 'trakt',
      device_code: sealDeviceCode(this.ctx, userId, 'trakt', code.deviceCode),
      expires_at: expiresAt,
      interval_seconds: code.interval,
    });
    return { user_code: code.userCode, verification_url: code.verificationUrl, expires_at: expiresAt, interval: code.interval };
  }

  async devicePoll(userId: string): Promise<ConnectionStatus> {
    const adapter = this.adapterOf('trakt');
    const row = await repo.deviceCodeOf(this.ctx.db, userId, 'trakt');
    if (!row || !adapter.devicePoll) throw conflict('Start connecting Trakt first');
    if (row.expires_at <= this.ctx.clock.now().toISOString()) {
      await repo.deleteDeviceCode(this.ctx.db, userId, 'trakt');
      throw conflict('The code expired: start connecting Trakt again');
    }
    let result;
    try {
      result = await adapter.devicePoll(openDeviceCode(this.ctx, userId, 'trakt', row.device_code), this.callContext());
    } catch (err) {
      if (!(err instanceof ConnectionError && err.reason === 'rate_limited')) await repo.deleteDeviceCode(this.ctx.db, userId, 'trakt');
      throw refusal('trakt', err, null);
    }
    if (result !== 'pending') {
      await this.save(userId, 'trakt', result, null);
      await repo.deleteDeviceCode(this.ctx.db, userId, 'trakt');
    }
    return this.status(userId, 'trakt');
  }

  async update(userId: string, kind: ConnectionKind, body: { push_back?: boolean }): Promise<ConnectionStatus> {
    if (!(await repo.connectionOf(this.ctx.db, userId, kind))) throw conflict(`${CONNECTION_NAMES[kind]} is not connected`);
    if (body.push_back !== undefined) {
      if (kind !== 'trakt') throw badRequest('Only Trakt takes likes, dislikes and watched titles back');
      await repo.setPushBack(this.ctx.db, userId, kind, body.push_back);
    }
    return this.status(userId, kind);
  }

  /** Runs one bounded pull now; a pull already running for this connection is not started twice. */
  async syncNow(userId: string, kind: ConnectionKind): Promise<ConnectionStatus> {
    if (!(await repo.connectionOf(this.ctx.db, userId, kind))) throw conflict(`${CONNECTION_NAMES[kind]} is not connected`);
    const holder = randomUUID();
    const claimed = await repo.claimPull(this.ctx.db, userId, kind, holder, this.ctx.clock.now(), PULL_LEASE_MS);
    if (claimed) await runClaimedPull(this, claimed, holder);
    return this.status(userId, kind);
  }

  /** The credentials go at once; keep=false also removes what the app brought in. */
  async disconnect(userId: string, kind: ConnectionKind, keep: boolean): Promise<ConnectionStatus> {
    await repo.deleteConnection(this.ctx.db, userId, kind);
    await removeOrigin(this.ctx, this.history, userId, kind, { removeHistory: !keep });
    return this.status(userId, kind);
  }

  /** A webhook: an unknown secret is 404 with nothing written (not even a rate-limit count); a body the adapter cannot read is 400. */
  async webhook(kindParam: string, secret: string, body: Buffer, contentType: string | undefined): Promise<void> {
    const kind = parseKind(kindParam);
    if (secret.length > SECRET_MAX || !KINDS_WITH_WEBHOOKS.has(kind)) throw notFound();
    const hash = webhookSecretHash(secret);
    const row = await repo.connectionByWebhook(this.ctx.db, kind, hash);
    const adapter = this.adapters.get(kind);
    if (!row || !adapter?.webhook) throw notFound();
    const now = this.ctx.clock.now();
    await hit(this.ctx.db, { bucket: `connections-webhook:${hash}`, max: WEBHOOK_PER_MINUTE, windowSeconds: 60 }, now);
    let result;
    try {
      result = adapter.webhook(body, contentType);
    } catch (err) {
      if (err instanceof WebhookPayloadError) throw badRequest(err.message);
      throw err;
    }
    // A server posts every one of its users' plays to the one address: only the connected user's count.
    if (result.account?.id && !sameAccount(result.account.id, this.accountIdOf(row))) return;
    await recordEvents(this.history, row.user_id, kind, result.events, now);
    if (result.libraryAdded?.length) await recordLibrary(this.ctx, this.history, row.user_id, kind, result.libraryAdded, now, { replace: false });
  }

  /** The scheduled pulls of one tick: up to `limit` due connections, each under its own lease. */
  async runDue(holder: string, limit: number, stop?: AbortSignal): Promise<Record<PullOutcome, number>> {
    const outcomes: Record<PullOutcome, number> = { done: 0, more: 0, failed: 0, lost: 0 };
    for (const due of await repo.duePulls(this.ctx.db, this.ctx.clock.now(), limit)) {
      if (stop?.aborted) break;
      const claimed = await repo.claimPull(this.ctx.db, due.user_id, due.kind, holder, this.ctx.clock.now(), PULL_LEASE_MS);
      if (claimed) outcomes[await runClaimedPull(this, claimed, holder, stop)]++;
    }
    return outcomes;
  }
}
