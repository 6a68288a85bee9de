import { groupShortCode } from '@excursio/contract/tickets';
import type { MailTicket } from './order-mails.repository.ts';

/**
 * The HTML part of a confirmation that carries tickets: the same words as the text part, every
 * booking in a box with its ticket's QR code inline (a `cid:` attachment, so no image is fetched
 * from anywhere) and the short code beneath it. Everything is escaped; nothing of it is markup.
 */

const escaped = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const paragraph = (lines: readonly string[], style = '') =>
  lines.length ? `<p style="margin:0 0 14px;${style}">${lines.map(escaped).join('<br>')}</p>` : '';

/** Content id of a ticket's inline QR image. */
export const ticketImageId = (code: string) => `ticket-${code}@excursio`;

export type HtmlSection = { lines: readonly string[]; ticket?: MailTicket };

export const confirmationHtml = (before: readonly string[][], bookings: readonly HtmlSection[], after: readonly string[][]) => {
  const box = ({ lines, ticket }: HtmlSection) => {
    const [title, ...rest] = lines;
    const qr = ticket
      ? `<img src="cid:${ticketImageId(ticket.code)}" width="200" height="200" alt="${escaped(`Ticket QR code ${groupShortCode(ticket.code)}`)}" style="display:block;margin:8px 0 4px">` +
        `<p style="margin:0;font-family:'Courier New',monospace;font-size:16px;letter-spacing:1px">${escaped(groupShortCode(ticket.code))}</p>`
      : '';
    return (
      '<div style="border:1px solid #dee2e6;border-radius:8px;padding:16px;margin:0 0 16px">' +
      `<p style="margin:0 0 6px;font-weight:bold;font-size:16px">${escaped(title ?? '')}</p>${paragraph(rest, 'margin-bottom:0')}${qr}</div>`
    );
  };
  return (
    '<!doctype html><html><body style="margin:0;padding:16px;background:#ffffff">' +
    '<div style="max-width:560px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.45;color:#1a1b1e">' +
    before.map((lines) => paragraph(lines)).join('') +
    bookings.map(box).join('') +
    after.map((lines) => paragraph(lines)).join('') +
    '</div></body></html>'
  );
};
