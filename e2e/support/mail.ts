import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
/** Where the e2e server (playwright.config.ts) writes its mail. */
export const MAIL_DIR = join(import.meta.dirname, '../../data', port === 3100 ? 'e2e' : `e2e-${port}`, 'mail');

const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * The newest message written to the mail folder for this address, decoded; with `containing`, the
 * newest one holding that text (waited for: mail leaves through the job queue, after the answer).
 */
export const latestMailTo = async (address: string, containing?: string): Promise<string> => {
  let found = '';
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(MAIL_DIR).filter((f) => f.endsWith('.eml') && f.includes(address.replace(/[^a-z0-9@._-]/gi, '_')));
        } catch {
          return false;
        }
        for (const file of files.sort().reverse()) {
          const mail = decodeQuotedPrintable(readFileSync(join(MAIL_DIR, file), 'utf8'));
          if (containing === undefined || mail.includes(containing)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `no mail for ${address}${containing ? ` containing “${containing}”` : ''}` },
    )
    .toBe(true);
  return found;
};

/** The first link in a mail whose path contains `pathPart`. */
export const linkIn = (mail: string, pathPart: string) => {
  const link = mail.match(/https?:\/\/[^\s<>"]+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`no ${pathPart} link in mail:\n${mail}`);
  return link;
};
