// Connecting, listing and revoking browser extensions, and checking an extension's bearer token.
import { randomUUID } from 'node:crypto';
import type { ConnectedBrowser, CreateExtensionTokenRequest, ExtensionTokenResponse } from '@app/shared';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../http/errors.js';
import { hit } from '../../http/rate-limit.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import { isExtensionToken, newExtensionToken, sha256Hex } from './extension-token.js';
import { findLiveTokenByHash, insertTokenOnce, listLiveTokens, revokeToken, toConnectedBrowser, touchToken } from './extension.repository.js';

const TOUCH_INTERVAL_MS = 60_000;
const CONNECTS_PER_HOUR = 30;

const validFrom = (user: UserRow) => new Date(Number(user.tokens_valid_after) || 0).toISOString();

export async function connectBrowser(ctx: AppContext, user: UserRow, req: CreateExtensionTokenRequest): Promise<ExtensionTokenResponse> {
  const now = ctx.clock.now();
  await hit(ctx.db, { bucket: `extension-connect:${user.id}`, max: CONNECTS_PER_HOUR, windowSeconds: 3600 }, now);
  const token = newExtensionToken();
  const row = await insertTokenOnce(ctx.db, {
    id: randomUUID(),
    user_id: user.id,
    token_hash: sha256Hex(token),
    nonce_hash: sha256Hex(req.nonce),
    browser_name: req.browser_name.trim(),
    created_at: now.toISOString(),
    last_used_at: null,
    revoked_at: null,
  });
  if (!row) throw conflict('This connection request was already used. Start again from the extension.');
  return { ...toConnectedBrowser(row), token };
}

export async function connectedBrowsers(ctx: AppContext, user: UserRow): Promise<ConnectedBrowser[]> {
  return (await listLiveTokens(ctx.db, user.id, validFrom(user))).map(toConnectedBrowser);
}

export async function revokeBrowser(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  if (!(await revokeToken(ctx.db, user.id, id, ctx.clock.now().toISOString()))) throw notFound('No such connected browser');
}

export interface ExtensionAuth {
  user: UserRow;
  tokenId: string;
}

/** The user behind a live extension token, or null (unknown, revoked, or older than a sign-out everywhere). */
export async function authenticateExtensionToken(ctx: AppContext, token: string): Promise<ExtensionAuth | null> {
  if (!isExtensionToken(token)) return null;
  const row = await findLiveTokenByHash(ctx.db, sha256Hex(token));
  if (!row) return null;
  const user = await findUserById(ctx.db, row.user_id);
  if (!user || row.created_at < validFrom(user)) return null;
  const now = ctx.clock.now();
  if (!row.last_used_at || Date.parse(row.last_used_at) <= now.getTime() - TOUCH_INTERVAL_MS) {
    await touchToken(ctx.db, row.id, now.toISOString(), new Date(now.getTime() - TOUCH_INTERVAL_MS).toISOString());
  }
  return { user, tokenId: row.id };
}
