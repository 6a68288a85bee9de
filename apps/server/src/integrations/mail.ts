import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailAttachment = {
  filename: string;
  content: string | Buffer;
  contentType: string;
  /** Content id of an image the HTML part shows inline (`<img src="cid:…">`). */
  cid?: string;
};
export type MailMessage = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] };
export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  /** Where mail goes, for the start-up log. */
  describe: () => string;
  /** Only the in-memory mailer keeps messages (tests). */
  outbox?: MailMessage[];
};

const linksOf = (text: string) => text.match(/https?:\/\/[^\s<>"]+/g) ?? [];

/** SMTP when `SMTP_URL` is set; otherwise each message becomes an .eml file under `mailDir`. */
export const createMailer = (options: { smtpUrl?: string; from: string; mailDir: string }, log: FastifyBaseLogger): Mailer => {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      describe: () => `SMTP ${new URL(options.smtpUrl as string).host}`,
      send: async (message) => {
        await transport.sendMail({ from: options.from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: () => `files in ${options.mailDir}`,
    send: async (message) => {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.mailDir, { recursive: true });
      const safe = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = join(options.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safe}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file, links: linksOf(message.text) }, 'mail written');
    },
  };
};

export const createMemoryMailer = (): Mailer => {
  const outbox: MailMessage[] = [];
  return { outbox, describe: () => 'memory', send: async (message) => void outbox.push(message) };
};
