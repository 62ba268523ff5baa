// The hand-off between the web app's /extension/connect page and the extension's sign-in bridge.
// Plain constants (no zod) so the extension's content script and popup stay small.
export const EXTENSION_HANDOFF = {
  /** Path of the web page that approves a connection; the nonce rides in its query string. */
  connectPath: '/extension/connect',
  /** window.postMessage from the page: {type, nonce, token}. */
  tokenMessage: 'tonights-pick:extension-token',
  /** window.postMessage from the bridge back to the page once the extension stored the token. */
  connectedMessage: 'tonights-pick:extension-connected',
  /** Extension tokens start with this, so the server tells them from session tokens at a glance. */
  tokenPrefix: 'tpx_',
} as const;
