import { outbox } from "../db/schema";
import type { Db } from "../db/client";

export type Channel = "sms" | "email";
/** A file sent with an e-mail (a report's PDF and Word files). */
export type Attachment = { filename: string; content: Buffer; contentType: string };
export type Message = { channel: Channel; target: string; subject: string; body: string; attachments?: Attachment[] };

/** Sends verification codes and notices. */
export interface Delivery {
  send(message: Message): Promise<void>;
  /** Whether e-mail really leaves this server (SMTP configured); otherwise it goes to the outbox and the log. */
  readonly email?: boolean;
}

/** An SMS gateway; the built-in one posts JSON to `SMS_WEBHOOK_URL`. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

export function webhookSms(url: string): SmsProvider {
  return {
    async send(phone, text) {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phone, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

/**
 * SMTP when `smtpUrl` is set, SMS through `sms` when given; anything without a provider goes to
 * the outbox table and the server log — the development default, documented in the README.
 */
export function createDelivery(opts: { db: Db; smtpUrl?: string; smtpFrom?: string; sms?: SmsProvider; log?: (line: string) => void }): Delivery {
  const log = opts.log ?? ((line) => console.log(line));
  let mailer: Promise<{ sendMail: (m: object) => Promise<unknown> }> | undefined;
  return {
    email: !!opts.smtpUrl,
    async send(m) {
      if (m.channel === "email" && opts.smtpUrl) {
        mailer ??= import("nodemailer").then((nm) => nm.createTransport(opts.smtpUrl));
        await (await mailer).sendMail({ from: opts.smtpFrom ?? "no-reply@localhost", to: m.target, subject: m.subject, text: m.body, attachments: m.attachments });
        return;
      }
      if (m.channel === "sms" && opts.sms) {
        await opts.sms.send(m.target, m.body);
        return;
      }
      // The outbox keeps the text; attached files stay with what they belong to.
      await opts.db.insert(outbox).values({ channel: m.channel, target: m.target, subject: m.subject, body: m.body });
      log(`[outbox] ${m.channel} → ${m.target}: ${m.body}`);
    },
  };
}
