/**
 * Outgoing mail (ADR-0031): over SMTP when SCORELINE_SMTP_URL is set (nodemailer), otherwise
 * written to the log at `info`, so a local user can still follow a sign-up or reset link.
 */
import nodemailer from "nodemailer";
import type { Logger } from "pino";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587`, `smtps://…`; absent: the log. */
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl === undefined) return logMailer(options.logger);
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close: () => transport.close(),
  };
}

function logMailer(logger: Logger): Mailer {
  return {
    send: async (mail) => {
      logger.info(
        { mail: { to: mail.to, subject: mail.subject } },
        `mail (SCORELINE_SMTP_URL is not set, so it is logged instead of sent):\n${mail.text}`,
      );
    },
    close: () => undefined,
  };
}
