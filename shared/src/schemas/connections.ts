// Connected apps (issue 37): Jellyfin, Emby, Plex and Trakt in Settings > "Connected apps".
import { z } from 'zod';
import { CONNECTION_KINDS } from '../connections.js';

export const ConnectionKindSchema = z.enum(CONNECTION_KINDS);

export const ConnectionStatus = z.object({
  kind: ConnectionKindSchema,
  connected: z.boolean(),
  /** Who we are connected as ("alice on Living room"). */
  account_name: z.string().nullable(),
  server_url: z.string().nullable(),
  last_sync_at: z.string().nullable(),
  /** The last pull's or connection's failure, in words. */
  last_error: z.string().nullable(),
  /** What it brought in so far. */
  counts: z.object({ watched: z.number().int(), rated: z.number().int(), library: z.number().int() }),
  /** Where the app posts its events (Jellyfin, Emby, Plex), absolute; null for Trakt or when not connected. */
  webhook_url: z.string().nullable(),
  /** What to paste in the app's webhook settings beside the address (Jellyfin's Webhook plugin takes a JSON template); null when it takes the address alone. */
  webhook_template: z.string().nullable().optional(),
  /** Trakt: likes, dislikes and watched titles are sent back (opt-in). */
  push_back: z.boolean(),
  /** Trakt's device flow: started and waiting for the user's approval. */
  pending: z.boolean().optional(),
  /** False when this server cannot connect this kind (Trakt without TRAKT_CLIENT_ID / TRAKT_CLIENT_SECRET): connecting it answers 404. */
  available: z.boolean().optional(),
});
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

export const ConnectionsResponse = z.object({ integrations: z.array(ConnectionStatus) });
export type ConnectionsResponse = z.infer<typeof ConnectionsResponse>;

/** A media server's address: http(s) only (the server refuses link-local and metadata addresses). */
export const ServerUrl = z
  .string({ error: 'server_url is required' })
  .trim()
  .min(1, 'server_url is required')
  .max(2048, 'server_url is too long')
  .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), { message: 'Use an http:// or https:// address' });

const secret = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(512);

export const ServerUsersRequest = z.object({ server_url: ServerUrl, api_key: secret('api_key') }).strict();
export type ServerUsersRequest = z.input<typeof ServerUsersRequest>;

export const ServerUsersResponse = z.object({ users: z.array(z.object({ id: z.string(), name: z.string() })) });
export type ServerUsersResponse = z.infer<typeof ServerUsersResponse>;

/**
 * Jellyfin/Emby: {server_url, api_key, user_id} or {server_url, username, password}; Plex:
 * {server_url, token}. Which one a kind takes is the server's rule (a 400 names the missing field).
 */
export const ConnectRequest = z
  .object({
    server_url: ServerUrl,
    api_key: secret('api_key').optional(),
    user_id: secret('user_id').optional(),
    username: secret('username').optional(),
    password: z.string().max(512).optional(),
    token: secret('token').optional(),
  })
  .strict();
export type ConnectRequest = z.input<typeof ConnectRequest>;

export const DeviceCodeResponse = z.object({
  user_code: z.string(),
  verification_url: z.string(),
  expires_at: z.string(),
  /** Seconds between polls. */
  interval: z.number().int(),
});
export type DeviceCodeResponse = z.infer<typeof DeviceCodeResponse>;

export const UpdateConnectionRequest = z.object({ push_back: z.boolean().optional() }).strict();
export type UpdateConnectionRequest = z.input<typeof UpdateConnectionRequest>;

/** keep=true (the default) keeps what the app brought in; keep=false removes it too. */
export const DisconnectQuery = z.object({ keep: z.enum(['true', 'false']).optional() }).strict();
export type DisconnectQuery = z.input<typeof DisconnectQuery>;
