import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string; html?: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Where mail goes without SMTP_URL: `DATA_DIR/outbox/`.
 * @example outboxDir('/srv/dars') // '/srv/dars/outbox'
 */
export const outboxDir = (dataDir: string): string => path.join(dataDir, 'outbox');

/**
 * Sends through SMTP when `smtpUrl` is set. Otherwise each message is written to
 * `DATA_DIR/outbox/` (an .eml to open in any mail program, and a .json beside it) and logged,
 * so the demo works with no mail server and tests can read the codes.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log?: FastifyBaseLogger;
  /**
   * The sender's name for each mail (the school's, ADR 049), in front of `from`'s address;
   * without it, `from` as it is.
   */
  fromName?: () => Promise<string>;
}): Mailer {
  const sender = async (): Promise<string> => {
    if (!options.fromName) return options.from;
    const address = /<([^>]+)>/.exec(options.from)?.[1] ?? options.from.trim();
    // Quoted, so a comma or a bracket in a school's name cannot end the address list.
    const name = (await options.fromName()).replace(/["\\\r\n]/g, '');
    return `"${name}" <${address}>`;
  };
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: await sender(), ...mail });
      },
    };
  }
  const outbox = outboxDir(options.dataDir);
  let sequence = 0; // orders two messages written in the same millisecond
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail) {
      fs.mkdirSync(outbox, { recursive: true });
      const from = await sender();
      const info = await transport.sendMail({ from, ...mail });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}`;
      fs.writeFileSync(path.join(outbox, `${name}.eml`), info.message as Buffer);
      fs.writeFileSync(
        path.join(outbox, `${name}.json`),
        JSON.stringify({ ...mail, from, date: new Date().toISOString() }, null, 2),
      );
      options.log?.info(
        { to: mail.to, subject: mail.subject, file: `outbox/${name}.eml` },
        'mail written to the outbox (no SMTP_URL set)',
      );
    },
  };
}
