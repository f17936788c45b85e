import { createServer, type Socket } from "node:net";

/** A mail as an SMTP server received it: the envelope's recipients and the raw message. */
export type ReceivedMail = { from: string; to: string[]; data: string };

/**
 * A minimal SMTP server on loopback for tests (EHLO, MAIL, RCPT, DATA, RSET, QUIT; no TLS, no
 * auth): keeps what it receives, or refuses every message with 550 while `refuse` is set.
 */
export async function fakeSmtp() {
  const mails: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const state = { refuse: false };
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffer = "";
    let inData = false;
    let mail: ReceivedMail = { from: "", to: [], data: "" };
    const say = (line: string) => socket.write(`${line}\r\n`);
    say("220 localhost fake SMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("latin1");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          mail.data = buffer.slice(0, end).replace(/\r\n\.\./g, "\r\n.");
          buffer = buffer.slice(end + 5);
          inData = false;
          if (state.refuse) say("550 5.7.1 mailbox unavailable");
          else {
            mails.push(mail);
            say("250 2.0.0 queued");
          }
          mail = { from: "", to: [], data: "" };
          continue;
        }
        const nl = buffer.indexOf("\r\n");
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "MAIL") mail.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
        else if (verb === "RCPT") mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
        else if (verb === "DATA") inData = true;
        else if (verb === "RSET") mail = { from: "", to: [], data: "" };
        const reply: Record<string, string> = { EHLO: "250 localhost", HELO: "250 localhost", MAIL: "250 2.1.0 ok", RCPT: "250 2.1.5 ok", DATA: "354 end with <CRLF>.<CRLF>", RSET: "250 ok", QUIT: "221 bye" };
        say(reply[verb] ?? "502 5.5.2 not implemented");
        if (verb === "QUIT") socket.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    mails,
    set refuse(v: boolean) {
      state.refuse = v;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The attached files of a received MIME message (base64 parts with a Content-Disposition of attachment): type and bytes. */
export function attachmentsOf(data: string): { type: string; bytes: Buffer }[] {
  const out: { type: string; bytes: Buffer }[] = [];
  for (const part of data.split(/\r\n--[^\r\n]+\r\n/)) {
    const split = part.indexOf("\r\n\r\n");
    if (split < 0) continue;
    const head = part.slice(0, split).replace(/\r\n[ \t]+/g, " ");
    if (!/^content-disposition:\s*attachment/im.test(head) || !/^content-transfer-encoding:\s*base64/im.test(head)) continue;
    const type = /^content-type:\s*([^;\r\n]+)/im.exec(head)?.[1].trim() ?? "";
    out.push({ type, bytes: Buffer.from(part.slice(split + 4).split(/\r\n--/)[0].replace(/\s+/g, ""), "base64") });
  }
  return out;
}
