// The server URL the user configures: it must be a plain http(s) origin, and the extension asks
// for host access to exactly that origin.

/** Why an address is refused: the options page says it in its language (extension-options.server.invalid.<reason>). */
export type ServerUrlProblem = 'empty' | 'invalid' | 'protocol' | 'credentials' | 'path';
export type ServerUrlCheck = { ok: true; origin: string } | { ok: false; reason: ServerUrlProblem; error: string };

export function parseServerOrigin(input: string): ServerUrlCheck {
  const text = input.trim();
  if (!text) return { ok: false, reason: 'empty', error: 'Enter the address of your server, e.g. https://picks.example.com' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'invalid', error: 'That is not a valid address. Use e.g. https://picks.example.com' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'protocol', error: 'The address must start with http:// or https://' };
  if (url.username || url.password) return { ok: false, reason: 'credentials', error: 'The address must not contain a user name or password' };
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    return { ok: false, reason: 'path', error: 'Use the server origin only, without a path (e.g. https://picks.example.com)' };
  }
  return { ok: true, origin: url.origin };
}

/**
 * The host permission pattern for one origin. Chrome's match patterns may name a port; Firefox's
 * may not (a pattern without a port matches every port there), so Firefox asks for the host.
 */
export function hostPermissionPattern(origin: string, browser: 'chrome' | 'firefox'): string {
  const url = new URL(origin);
  const host = browser === 'firefox' ? url.hostname : url.host;
  return `${url.protocol}//${host}/*`;
}

/** The web page that approves a connection; the nonce is the only thing in its URL. */
export function connectPageUrl(origin: string, connectPath: string, nonce: string): string {
  return `${origin}${connectPath}?nonce=${encodeURIComponent(nonce)}`;
}
