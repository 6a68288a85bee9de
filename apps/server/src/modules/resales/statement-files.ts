import { csvDocument } from '@excursio/contract/csv';
import { formatMoney } from '@excursio/contract/format';
import type { Statement } from '@excursio/contract/partners';
import { loadPdfKit } from '../../integrations/pdfkit.ts';

/** Minor units as a plain decimal for spreadsheets (2 decimals). */
const decimal = (minor: number) => (minor / 100).toFixed(2);

/** The monthly statement as CSV: one row per resale, then the totals and who owes whom. */
export const statementCsv = (s: Statement) =>
  csvDocument([
    ['Statement', s.month, 'Supplier', s.supplier, 'Reseller', s.reseller, 'Currency', s.currency ?? ''],
    [
      'Order',
      'Date',
      'Status',
      'Gross',
      'Canceled',
      'Collected',
      'Commission',
      'Commission paid at checkout',
      'Net to supplier',
      'Reseller owes supplier',
    ],
    ...s.lines.map((l) => [
      l.order_reference,
      l.created_at.slice(0, 10),
      l.status,
      decimal(l.gross),
      decimal(l.canceled),
      decimal(l.collected),
      decimal(l.commission),
      decimal(l.split_to_reseller),
      decimal(l.net),
      decimal(l.reseller_owes_supplier),
    ]),
    [
      `Total (${s.totals.sales} sales)`,
      '',
      '',
      decimal(s.totals.gross),
      decimal(s.totals.canceled),
      decimal(s.totals.collected),
      decimal(s.totals.commission),
      decimal(s.totals.split_to_reseller),
      decimal(s.totals.net),
      decimal(s.totals.reseller_owes_supplier),
    ],
    ['Balance', s.settlement.label],
  ]);

/** Test-only: write the PDF's content uncompressed, so a test can read its text. */
export const statementPdfSettings = { compress: true };

/** The monthly statement as an A4 PDF (pdfkit; Helvetica carries Latin-1 only, as the invoice). */
export const statementPdf = (s: Statement): Promise<Buffer> =>
  loadPdfKit().then(
    (PDFDocument) =>
      new Promise((resolve, reject) => {
        const doc = new PDFDocument({
          size: 'A4',
          margin: 50,
          compress: statementPdfSettings.compress,
          info: { Title: `Statement ${s.month}` },
        });
        const chunks: Buffer[] = [];
        doc.on('data', (chunk: Buffer) => chunks.push(chunk));
        doc.on('end', () => resolve(Buffer.concat(chunks)));
        doc.on('error', reject);
        const money = (m: number) => (s.currency ? formatMoney(m, s.currency, 'en') : String(m));
        try {
          doc.font('Helvetica-Bold').fontSize(18).text(`Partner statement ${s.month}`);
          doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#555555');
          doc.text(`Supplier: ${s.supplier}`).text(`Reseller: ${s.reseller}`);
          doc.moveDown().fillColor('#000000');
          const columns = [50, 110, 180, 260, 330, 400, 470];
          const header = ['Order', 'Date', 'Status', 'Gross', 'Canceled', 'Commission', 'Owed'];
          const row = (cells: string[], bold = false) => {
            const y = doc.y;
            doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
            cells.forEach((cell, i) => {
              doc.text(cell, columns[i], y, { width: (columns[i + 1] ?? 545) - columns[i] - 4, lineBreak: false });
            });
            doc.moveDown(0.6);
            doc.x = 50;
          };
          row(header, true);
          for (const l of s.lines) {
            row([
              l.order_reference,
              l.created_at.slice(0, 10),
              l.status,
              money(l.gross),
              money(l.canceled),
              money(l.commission),
              money(l.reseller_owes_supplier),
            ]);
          }
          if (!s.lines.length) row(['No resales this month.']);
          doc.moveDown(0.5);
          row(
            [
              `${s.totals.sales} sales`,
              '',
              '',
              money(s.totals.gross),
              money(s.totals.canceled),
              money(s.totals.commission),
              money(s.totals.reseller_owes_supplier),
            ],
            true,
          );
          if (s.totals.split_to_reseller > 0) {
            // The card split already paid that part of the commission: it is not in what is owed.
            doc
              .moveDown(0.5)
              .font('Helvetica')
              .fontSize(9)
              .text(`Commission paid to the reseller at checkout (card split): ${money(s.totals.split_to_reseller)}`, 50);
          }
          doc.moveDown().font('Helvetica-Bold').fontSize(11).text(`Balance: ${s.settlement.label}`, 50);
          doc.end();
        } catch (error) {
          reject(error);
        }
      }),
  );
