// Household helpers for the tests that need two members: the invite's token as the mail carries it.
import { expect } from 'vitest';
import { INVITE_SUBJECT } from '../../src/features/household/household.emails.js';
import type { TestServer } from './test-server.js';

/** The token of the newest invite mailed to `email` (after message number `after`), read from the link in the mail. */
export async function inviteToken(server: TestServer, email: string, after = 0): Promise<string> {
  const mail = await server.mailbox.waitFor((m) => m.to.includes(email) && m.subject === INVITE_SUBJECT && server.mailbox.messages.indexOf(m) >= after);
  const match = /\/household\/accept#token=([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(match).not.toBeNull();
  return match![1];
}
