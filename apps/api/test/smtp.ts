import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  parsed: ParsedMail;
}

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => (v.address ?? '').toLowerCase()));

/** A real SMTP server on a free loopback port that keeps every mail it receives, parsed. */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  /** While set, every mail is refused with this answer (a mail server that is down or full). */
  let refusal: string | null = null;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback; nodemailer would otherwise try STARTTLS without a certificate.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const envelope = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          mails.push({
            to: [...new Set([...envelope, ...addresses(parsed.to)])],
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Refuse every mail with this answer (451, a temporary failure) until called with null. */
    refuse(answer: string | null) {
      refusal = answer;
    },
    /** Waits for a mail to this address with this subject, running the outbox worker (`kick`) meanwhile. */
    async waitFor(
      to: string,
      subject: string,
      kick: () => Promise<unknown>,
      opts: { after?: number; timeoutMs?: number } = {},
    ): Promise<ReceivedMail> {
      const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
      for (;;) {
        // `after` skips the mails that had arrived before (an index into `mails`).
        const found = mails.slice(opts.after ?? 0).filter((m) => m.to.includes(to.toLowerCase()) && m.subject === subject);
        const last = found.at(-1);
        if (last) return last;
        if (Date.now() > deadline) throw new Error(`no mail '${subject}' for ${to}; got ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}`);
        await kick();
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
