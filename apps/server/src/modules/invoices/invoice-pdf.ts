import { formatMoney } from '@excursio/contract/format';
import { type Invoice, type InvoiceParty, invoiceDate } from '@excursio/contract/invoices';
import { loadPdfKit } from '../../integrations/pdfkit.ts';

/**
 * An invoice as a PDF (pdfkit): A4, the seller and the buyer, number and dates, a table of the
 * lines, total, paid and balance due. The standard Helvetica fonts carry Latin-1 (WinAnsi) only:
 * names in other scripts do not render (embedding a Unicode font is left to a later issue).
 */

/** Test-only: write the content streams uncompressed, so a test can read the text. */
export const invoicePdfSettings = { compress: true };

const A4_MARGIN = 50;
const GREY = '#555555';
const RULE = '#cccccc';

export const renderInvoicePdf = (invoice: Invoice, options: { compress?: boolean } = {}): Promise<Buffer> =>
  loadPdfKit().then(
    (PDFDocument) =>
      new Promise((resolve, reject) => {
        const doc = new PDFDocument({
          size: 'A4',
          margin: A4_MARGIN,
          compress: options.compress ?? invoicePdfSettings.compress,
          bufferPages: true,
          info: {
            Title: `Invoice ${invoice.display_number}`,
            Author: invoice.seller.name,
            Subject: `Order ${invoice.order_reference}`,
          },
        });
        const chunks: Buffer[] = [];
        doc.on('data', (chunk: Buffer) => chunks.push(chunk));
        doc.on('end', () => resolve(Buffer.concat(chunks)));
        doc.on('error', reject);
        try {
          draw(doc, invoice);
          doc.end();
        } catch (error) {
          reject(error);
        }
      }),
  );

const draw = (doc: PDFKit.PDFDocument, invoice: Invoice) => {
  const left = A4_MARGIN;
  const right = doc.page.width - A4_MARGIN;
  const width = right - left;
  const money = (minor: number) => formatMoney(minor, invoice.currency, 'en');

  // Heading: the seller on the left, "Invoice" with its number and dates on the right.
  const top = doc.y;
  party(doc, invoice.seller, left, top, width / 2 - 10, 13);
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor('black')
    .text('Invoice', left + width / 2, top, { width: width / 2, align: 'right' });
  const facts: [string, string][] = [
    ['Invoice number', invoice.display_number],
    ['Issued', invoiceDate(invoice.issued_at, invoice.time_zone, invoice.date_format)],
    ['Order', invoice.order_reference],
    ['Order date', invoiceDate(invoice.order_date, invoice.time_zone, invoice.date_format)],
  ];
  let y = top + 32;
  for (const [label, value] of facts) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(GREY)
      .text(label, left + width / 2, y, { width: width / 4, align: 'right' });
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor('black')
      .text(value, left + (3 * width) / 4, y, { width: width / 4, align: 'right' });
    y += 14;
  }

  // The buyer.
  y = Math.max(doc.y, y) + 24;
  doc.font('Helvetica').fontSize(9).fillColor(GREY).text('Bill to', left, y);
  party(doc, invoice.buyer, left, y + 13, width / 2, 11);

  // The lines.
  const columns = { description: left, quantity: left + width * 0.58, unit: left + width * 0.68, amount: left + width * 0.84 };
  const cell = { quantity: width * 0.1, unit: width * 0.16, amount: width * 0.16 };
  y = doc.y + 28;
  const header = (at: number) => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('black');
    doc.text('Description', columns.description, at, { width: width * 0.56 });
    doc.text('Qty', columns.quantity, at, { width: cell.quantity, align: 'right' });
    doc.text('Unit price', columns.unit, at, { width: cell.unit, align: 'right' });
    doc.text('Amount', columns.amount, at, { width: cell.amount, align: 'right' });
    doc
      .moveTo(left, at + 14)
      .lineTo(right, at + 14)
      .strokeColor(RULE)
      .lineWidth(1)
      .stroke();
    return at + 20;
  };
  y = header(y);
  const bottom = doc.page.height - A4_MARGIN;
  for (const line of invoice.lines) {
    doc.font('Helvetica').fontSize(9);
    const height = doc.heightOfString(line.description, { width: width * 0.56 });
    if (y + height > bottom) {
      doc.addPage();
      y = header(A4_MARGIN);
      doc.font('Helvetica').fontSize(9);
    }
    doc.fillColor('black').text(line.description, columns.description, y, { width: width * 0.56 });
    doc.text(String(line.quantity), columns.quantity, y, { width: cell.quantity, align: 'right' });
    doc.text(money(line.unit_amount), columns.unit, y, { width: cell.unit, align: 'right' });
    doc.text(money(line.amount), columns.amount, y, { width: cell.amount, align: 'right' });
    y += height + 8;
    doc
      .moveTo(left, y - 4)
      .lineTo(right, y - 4)
      .strokeColor('#eeeeee')
      .lineWidth(0.5)
      .stroke();
  }
  if (invoice.lines.length === 0) {
    doc.font('Helvetica-Oblique').fontSize(9).fillColor(GREY).text('Nothing billed.', left, y);
    y += 20;
  }

  // Totals, kept together with the note below them.
  y += 8;
  if (y + 100 > bottom) {
    doc.addPage();
    y = A4_MARGIN;
  }
  const totals: [string, string, boolean][] = [
    ['Total', money(invoice.total), true],
    ['Paid', money(invoice.paid), false],
    ['Balance due', money(invoice.balance_due), true],
  ];
  for (const [label, value, bold] of totals) {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor('black');
    doc.text(label, columns.unit - width * 0.1, y, { width: cell.unit + width * 0.1, align: 'right' });
    doc.text(value, columns.amount, y, { width: cell.amount, align: 'right' });
    y += 16;
  }
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(GREY)
    .text(`Amounts in ${invoice.currency}. Paid and balance as of the issue date.`, left, y + 24, { width });
  // The organization's own words (product configuration), under the totals.
  if (invoice.footer) doc.moveDown(1).fontSize(9).fillColor('black').text(invoice.footer, left, undefined, { width });

  // A footer on every page: the number and the page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // text below the bottom margin would start a new page
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(`${invoice.display_number} · Page ${i + 1} of ${range.count}`, left, doc.page.height - A4_MARGIN + 16, {
        width,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
};

/** A name in bold with its address, email and phone below, from (x, y). */
const party = (doc: PDFKit.PDFDocument, who: InvoiceParty, x: number, y: number, width: number, nameSize: number) => {
  doc
    .font('Helvetica-Bold')
    .fontSize(nameSize)
    .fillColor('black')
    .text(who.name || '—', x, y, { width });
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  for (const line of [...who.lines, who.email, who.phone].filter(Boolean)) doc.text(line, x, doc.y + 1, { width });
};
