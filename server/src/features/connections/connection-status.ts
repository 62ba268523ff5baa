// A connection as Settings shows it (ConnectionStatus, shared/src/schemas/connections.ts). Pure.
import { ROUTES, fillPath, type ConnectionKind, type ConnectionStatus } from '@app/shared';
import type { Config } from '../../config.js';
import type { ConnectionRow } from './connections.repository.js';

export interface StatusParts {
  row: ConnectionRow | undefined;
  /** The webhook URL's secret, opened from the row (null for Trakt or when not connected). */
  webhookSecret: string | null;
  counts: ConnectionStatus['counts'];
  pending: boolean;
  /** This server has an adapter for the kind. */
  available: boolean;
  /** What to paste beside the webhook address (the adapter's webhookTemplate). */
  webhookTemplate: string | null;
}

export function statusOf(config: Pick<Config, 'appUrl'>, kind: ConnectionKind, p: StatusParts): ConnectionStatus {
  const { row } = p;
  const webhookUrl = row && p.webhookSecret ? `${config.appUrl}${fillPath(ROUTES.connections_webhook.path, { kind, secret: p.webhookSecret })}` : null;
  return {
    kind,
    connected: row !== undefined,
    account_name: row?.account_name ?? null,
    server_url: row?.server_url ?? null,
    last_sync_at: row?.last_sync_at ?? null,
    last_error: row?.last_error ?? null,
    counts: p.counts,
    webhook_url: webhookUrl,
    webhook_template: webhookUrl ? p.webhookTemplate : null,
    push_back: row?.push_back === 1,
    ...(kind === 'trakt' && !row ? { pending: p.pending } : {}),
    available: p.available,
  };
}
