// Sends email over SMTP_URL with nodemailer, or writes it to the log when SMTP is not set
// (a self-hoster then reads the verification code from the log).
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { OPERATOR_LINE } from '../logger.js';

/** What an emailed one-time code is for. */
export type CodePurpose = 'sign-up' | 'password-reset' | 'email-change' | 'sign-in' | 'account-deletion' | 'household-invite';

const CODE_NAMES: Record<CodePurpose, string> = {
  'sign-up': 'Sign-up code',
  'password-reset': 'Password reset code',
  'email-change': 'Email change code',
  'sign-in': 'Sign-in code',
  'account-deletion': 'Account deletion code',
  'household-invite': 'Household invite link',
};

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** The one-time code this mail carries. Without SMTP it is logged on its own marked line; with SMTP, never. */
  code?: { purpose: CodePurpose; value: string };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(smtpUrl: string | null, from: string, logger: Logger): Mailer {
  if (!smtpUrl) {
    return {
      async send(m) {
        if (m.code) {
          // At warn, so LOG_LEVEL=warn still shows it; the code is a top-level field for JSON readers.
          const { purpose, value } = m.code;
          logger.warn({ purpose, email: m.to, code: value }, `${OPERATOR_LINE}${CODE_NAMES[purpose]} for ${m.to}: ${value} (no SMTP configured: codes are printed here)`);
          return;
        }
        logger.info({ mail: { to: m.to, subject: m.subject } }, `mail (SMTP_URL not set) to ${m.to}: ${m.subject}\n${m.text}`);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(pooledUrl(smtpUrl));
  return {
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * How the mailer talks to SMTP_URL unless the URL says otherwise (nodemailer reads its options
 * from the URL's query): a pool of connections reused from one mail to the next (a handshake per
 * mail was most of a scheduled delivery's wait), as many as the scheduler sends at once
 * (jobs/run-deliveries.ts); no resend of a mail whose connection closed mid-send (a delivery's own
 * retry decides that, under its lease); and timeouts that end any send well inside a delivery's
 * lease (jobs/deliver.ts, LEASE_MS), so no other instance takes over a delivery still being sent.
 */
const MAIL_DEFAULTS = { pool: 'true', maxConnections: '8', maxRequeues: '0', connectionTimeout: '20000', greetingTimeout: '20000', socketTimeout: '30000' };

function pooledUrl(smtpUrl: string): string {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    // The URL may hold a password: it is not repeated.
    throw new Error('SMTP_URL is not a URL (smtp://user:password@host:port or smtps://...)');
  }
  for (const [key, value] of Object.entries(MAIL_DEFAULTS)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.toString();
}
