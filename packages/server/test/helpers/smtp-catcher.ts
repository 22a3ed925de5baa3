/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every mail it receives,
 * parsed (`mailparser`), so a test can read the link a sign-up or reset mail carries.
 */
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { waitFor } from "./wait.js";

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
}

export class SmtpCatcher {
  readonly mails: CaughtMail[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  async start(): Promise<string> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail: ParsedMail) => {
            const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
            this.mails.push({
              to: to?.value[0]?.address ?? "",
              subject: mail.subject ?? "",
              text: mail.text ?? "",
            });
            callback();
          })
          .catch(callback);
      },
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const address = server.server.address();
    this.port = typeof address === "object" && address !== null ? address.port : 0;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The first mail to `to` whose subject matches, once it has arrived. */
  async mailTo(to: string, subject: RegExp): Promise<CaughtMail> {
    let found: CaughtMail | undefined;
    await waitFor(
      () => {
        found = this.mails.find((m) => m.to === to && subject.test(m.subject));
        return found !== undefined;
      },
      { what: `a mail to ${to} about ${subject}` },
    );
    return found as CaughtMail;
  }

  /** The dashboard link a mail carries. */
  static link(mail: CaughtMail): string {
    const match = /https?:\/\/\S+\/dashboard\/\S+/.exec(mail.text);
    if (match === null) throw new Error(`no dashboard link in: ${mail.text}`);
    return match[0];
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server !== undefined) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
