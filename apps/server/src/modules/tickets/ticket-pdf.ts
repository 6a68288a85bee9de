import type { BookingTicket } from '@excursio/contract/qr-codes';
import { groupShortCode } from '@excursio/contract/tickets';
import { loadPdfKit } from '../../integrations/pdfkit.ts';
import { qrModules } from './qr-render.ts';

/**
 * Tickets as a PDF (pdfkit): one A5 page per booking — the organization, the offer, when (in the
 * offer's zone), who (the party and the booker's full name), the reference, where to meet (the
 * meeting point's name, address and short instructions), and the signed QR code drawn as vectors
 * with its short code beneath for typing in by hand. Helvetica carries Latin-1 only (as the invoice).
 */

/** Test-only: write the content streams uncompressed, so a test can read the text. */
export const ticketPdfSettings = { compress: true };

const MARGIN = 36;
const GREY = '#555555';
const RULE = '#cccccc';

/** One formatter per time zone (building an Intl.DateTimeFormat costs more than formatting with it). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormat = (timeZone: string) => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    dayFormats.set(timeZone, format);
  }
  return format;
};

/** 'Tuesday 1 December 2026, 10:00 (Europe/Berlin)' */
const when = (t: BookingTicket) => `${dayFormat(t.time_zone).format(new Date(t.starts_at))}, ${t.time} (${t.time_zone})`;

/** Instructions longer than this do not fit the page: the confirmation email carries them. */
export const SHORT_INSTRUCTIONS = 240;

/** 'Harbour kiosk, Pier 3, 20457 Hamburg' and, when short, the instructions beneath. */
const meetingText = (t: BookingTicket) => {
  const point = t.meeting_point;
  if (!point) return null;
  const place = [point.name, point.address]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');
  const instructions = point.instructions.trim();
  if (!place && !instructions) return null;
  return { place, instructions: instructions.length <= SHORT_INSTRUCTIONS ? instructions : '' };
};

const partyText = (t: BookingTicket) =>
  t.party.length ? t.party.map((p) => `${p.quantity} × ${p.category}`).join(', ') : `${t.participants} participant(s)`;

const drawQr = (doc: PDFKit.PDFDocument, content: string, x: number, y: number, width: number) => {
  const { size, dark } = qrModules(content, 'M');
  const quiet = 4;
  const cell = width / (size + 2 * quiet);
  doc.rect(x, y, width, width).fill('white');
  // One rectangle per run of dark modules in a row, a hair taller than a module: no seams between
  // neighbours when a viewer anti-aliases the edges.
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (!dark(col, row)) continue;
      const start = col;
      while (col + 1 < size && dark(col + 1, row)) col += 1;
      doc.rect(x + (start + quiet) * cell, y + (row + quiet) * cell, (col - start + 1) * cell, cell + 0.15);
    }
  }
  doc.fill('black');
};

const drawTicket = (doc: PDFKit.PDFDocument, t: BookingTicket) => {
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(GREY)
    .text(t.organization.toUpperCase(), left, MARGIN, { width, characterSpacing: 1 });
  doc.moveDown(0.3).font('Helvetica-Bold').fontSize(20).fillColor('black').text(t.experience_title, { width });
  if (t.status === 'canceled') {
    doc
      .moveDown(0.3)
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor('#c92a2a')
      .text('CANCELED — this ticket is not valid', { width });
  }
  doc.moveDown(0.5);
  const facts: [string, string][] = [
    ['When', when(t)],
    ['Who', partyText(t)],
    ['Guest', t.name || t.first_name || '—'],
    ['Booking', t.reference],
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica').fontSize(9).fillColor(GREY).text(label, { width });
    doc.font('Helvetica-Bold').fontSize(12).fillColor('black').text(value, { width }).moveDown(0.3);
  }
  const meeting = meetingText(t);
  if (meeting) {
    doc.font('Helvetica').fontSize(9).fillColor(GREY).text('Meeting point', { width });
    if (meeting.place) doc.font('Helvetica-Bold').fontSize(12).fillColor('black').text(meeting.place, { width });
    if (meeting.instructions) doc.font('Helvetica').fontSize(9.5).fillColor('black').text(meeting.instructions, { width });
    doc.moveDown(0.3);
  }
  // The code takes what is left above the footer (at most 230 pt, at least 150 pt: 5.3 cm still scans).
  const footerSpace = MARGIN + 30 + 14;
  const room = doc.page.height - footerSpace - (doc.y + 8) - 26;
  const size = Math.max(150, Math.min(width, 230, room));
  const top = doc.y + 8;
  const x = left + (width - size) / 2;
  drawQr(doc, t.content, x, top, size);
  doc
    .font('Courier-Bold')
    .fontSize(14)
    .fillColor('black')
    .text(groupShortCode(t.code), left, top + size + 6, { width, align: 'center' });
  const footerTop = doc.page.height - MARGIN - 30;
  doc
    .moveTo(left, footerTop - 8)
    .lineTo(left + width, footerTop - 8)
    .strokeColor(RULE)
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(GREY)
    .text(
      `Show this ticket at the start, on paper or on your phone. The code is signed by ${t.organization}, so it can be checked even without a network.`,
      left,
      footerTop,
      { width },
    );
};

export const renderTicketsPdf = async (
  tickets: readonly BookingTicket[],
  options: { compress?: boolean } = {},
): Promise<Buffer> => {
  const PDFDocument = await loadPdfKit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A5',
      margin: MARGIN,
      compress: options.compress ?? ticketPdfSettings.compress,
      autoFirstPage: false,
      info: {
        Title: tickets.length === 1 ? `Ticket ${tickets[0].reference}` : `Tickets ${tickets[0]?.reference ?? ''}`,
        Author: tickets[0]?.organization ?? 'Excursio',
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      for (const ticket of tickets) {
        doc.addPage();
        drawTicket(doc, ticket);
      }
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
};
