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
