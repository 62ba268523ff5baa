// Helpers of the credential tests: codes read from the local mailbox, and an extension token.
import { randomBytes } from 'node:crypto';
import type { TestClient, TestServer } from './test-server.js';

/** The code of the newest mail to `email` whose subject matches, sent at or after message index `after`. */
export async function mailedCode(server: TestServer, email: string, subject: RegExp, after = 0): Promise<string> {
  const m = await server.mailbox.waitFor((x) => x.to.includes(email.toLowerCase()) && subject.test(x.subject) && server.mailbox.messages.indexOf(x) >= after);
  const code = /code: ([A-Z0-9]{6})/.exec(m.subject)?.[1];
  if (!code) throw new Error(`no code in "${m.subject}"`);
  return code;
}

/** Mails to `email` since message index `after`, by subject. */
export const mailsTo = (server: TestServer, email: string, after = 0) =>
  server.mailbox.messages.slice(after).filter((m) => m.to.includes(email.toLowerCase()));

/** Connects a browser extension for this signed-in client; returns its token. */
export async function connectExtension(c: TestClient, name = 'Chrome on Linux'): Promise<string> {
  return (await c.api.extension.createToken({ nonce: randomBytes(24).toString('base64url'), browser_name: name })).token;
}
