import { z } from 'zod';

/** The one-time nonce the extension creates for a hand-off: base64url, 128 bits or more. */
export const ExtensionNonce = z
  .string({ error: 'nonce is required' })
  .regex(/^[A-Za-z0-9_-]{22,128}$/, 'nonce must be 22 to 128 base64url characters');

/** POST /api/extension/tokens: a signed-in web session connects this browser's extension. */
export const CreateExtensionTokenRequest = z
  .object({
    nonce: ExtensionNonce,
    browser_name: z
      .string({ error: 'browser_name is required' })
      .trim()
      .min(1, 'browser_name is required')
      .max(100, 'browser_name is at most 100 characters'),
  })
  .strict();
export type CreateExtensionTokenRequest = z.input<typeof CreateExtensionTokenRequest>;

export const ConnectedBrowser = z.object({
  id: z.string(),
  browser_name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ConnectedBrowser = z.infer<typeof ConnectedBrowser>;

/** The token is shown once, to the page that hands it to the extension; only its hash is kept. */
export const ExtensionTokenResponse = ConnectedBrowser.extend({ token: z.string() });
export type ExtensionTokenResponse = z.infer<typeof ExtensionTokenResponse>;

export const ConnectedBrowsersResponse = z.object({ browsers: z.array(ConnectedBrowser) });
export type ConnectedBrowsersResponse = z.infer<typeof ConnectedBrowsersResponse>;

/** How the extension knew: the page's video played to the end, or the badge's "Watched it". */
export const WATCHED_EVENTS = ['ended', 'manual'] as const;

/**
 * POST /api/extension/watched: a title watched on a streaming site. Only the catalog id the
 * badge's fit answered and the event leave the browser (never the page, its address or the
 * site's account).
 */
export const ExtensionWatchedRequest = z
  .object({
    title_id: z.string({ error: 'title_id is required' }).trim().min(1, 'title_id is required').max(64, 'title_id is at most 64 characters'),
    event: z.enum(WATCHED_EVENTS, { error: "event must be 'ended' or 'manual'" }),
  })
  .strict();
export type ExtensionWatchedRequest = z.input<typeof ExtensionWatchedRequest>;

/** marked: it is in the history as watched now; already_marked: the same title was sent today already. */
export const ExtensionWatchedResponse = z.object({
  title_id: z.string(),
  status: z.enum(['marked', 'already_marked']),
  message: z.string(),
});
export type ExtensionWatchedResponse = z.infer<typeof ExtensionWatchedResponse>;
