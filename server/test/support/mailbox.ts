// A real SMTP server on a local port: the app sends mail to it over SMTP and tests read it.
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { LOCALES } from '@app/shared';
import { translate } from '../../src/i18n/messages.js';

/** The verification mail's subject in every language, the code read out of it (issue 39: the mail is in the account's language). */
const VERIFICATION_SUBJECTS = LOCALES.map((l) => {
  const [before, after] = translate(l, 'server-email.verification.subject', { code: '\u0000' }).split('\u0000');
  const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${quote(before)}([A-Z0-9]{6})${quote(after)}$`);
});
const verificationCode = (subject: string) => VERIFICATION_SUBJECTS.map((re) => re.exec(subject)?.[1]).find(Boolean);

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  parsed: ParsedMail;
}

export interface Mailbox {
  url: string;
  messages: ReceivedMail[];
  waitFor(pred: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** The newest verification code sent to this address. */
  codeFor(email: string, after?: number): Promise<string>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: parsed.headers as Map<string, unknown>,
            parsed,
          });
          for (const w of waiters) w();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const port = (server.server.address() as { port: number }).port;

  async function waitFor(pred: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(pred);
      if (found) return found;
      if (Date.now() > deadline) throw new Error('no matching mail arrived');
      await new Promise<void>((ok) => {
        const t = setTimeout(ok, 100);
        waiters.add(() => {
          clearTimeout(t);
          ok();
        });
      });
      waiters.clear();
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    async codeFor(email, after = 0) {
      const addr = email.toLowerCase();
      const m = await waitFor((x) => x.to.includes(addr) && verificationCode(x.subject) !== undefined && messages.indexOf(x) >= after);
      const code = verificationCode(m.subject);
      if (!code) throw new Error(`no code in "${m.subject}"`);
      return code;
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
