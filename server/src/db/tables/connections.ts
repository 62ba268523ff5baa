// Connected apps (migration 0031): a user's connection per kind, and a device flow in progress.

export interface ConnectionsTable {
  user_id: string;
  /** jellyfin | emby | plex | trakt */
  kind: string;
  /** JSON of the adapter's credentials and the webhook secret, sealed (integrations/crypto/token-cipher.ts). */
  credentials: string;
  account_name: string | null;
  server_url: string | null;
  /** SHA-256 (base64url) of the webhook URL's secret; null for a kind without webhooks. */
  webhook_secret_hash: string | null;
  cursor: string | null;
  last_sync_at: string | null;
  last_error: string | null;
  push_back: number;
  /** Push back: our history's changes up to this moment were sent. */
  pushed_until: string | null;
  next_sync_at: string | null;
  sync_lease_until: string | null;
  sync_holder: string | null;
  created_at: string;
}

export interface ConnectionDeviceCodesTable {
  user_id: string;
  kind: string;
  /** Sealed like the credentials. */
  device_code: string;
  expires_at: string;
  interval_seconds: number;
}
