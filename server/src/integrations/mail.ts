// Sends email over SMTP_URL with nodemailer, or writes it to the log when SMTP is not set
// (a self-hoster then reads the verification code from the log).
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(smtpUrl: string | null, from: string, logger: Logger): Mailer {
  if (!smtpUrl) {
    return {
      async send(m) {
        logger.info({ mail: { to: m.to, subject: m.subject } }, `mail (SMTP_URL not set) to ${m.to}: ${m.subject}\n${m.text}`);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
    },
    close() {
      transport.close();
    },
  };
}
