// CPU of rendering an order confirmation's documents, in process: the tickets' QR codes and the
// tickets PDF of an order of TICKETS bookings (default 2), before and after issue 24.
//   before: each ticket's QR as the qrcode package's 400 px RGBA PNG, then the PDF encoding the
//           codes again (what order-notices did);
//   after:  each ticket encoded once (grid cached), the PNG a 1-bit PNG written with native deflate,
//           the PDF drawing the cached grid as vectors; and a resend (everything from the cache).
//   node bench/docs-render.bench.mjs        (BENCH_ORDERS=200, BENCH_TICKETS=2)
import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { qrPng } from '../apps/server/src/modules/tickets/qr-render.ts';
import { renderTicketsPdf } from '../apps/server/src/modules/tickets/ticket-pdf.ts';
import { writeReport } from './support.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 2);

/** A ticket as the confirmation renders it; the content as long as a real one (link + signed token). */
const ticket = (i) => ({
  booking_id: `b-${i}`,
  code: randomBytes(5).toString('hex').toUpperCase(),
  // ~250 characters, a 61-module code, as a real ticket (short link + signed token).
  content: `https://demo.excursio.app/t/${randomBytes(5).toString('hex')}#${randomBytes(150).toString('base64url')}`,
  reference: `#${1000 + i}`,
  status: 'confirmed',
  organization: 'Lisbon Walks',
  experience_title: 'Lisbon Old Town walk',
  starts_at: '2026-12-01T10:00:00Z',
  time: '10:00',
  time_zone: 'Europe/Lisbon',
  party: [{ category: 'Adult', quantity: 2 }],
  participants: 2,
  name: 'Ada Lovelace',
  first_name: 'Ada',
  meeting_point: { name: 'Praça do Comércio', address: 'Arch', instructions: 'Look for the orange flag.' },
});
const orders = (n) => Array.from({ length: n }, (_, o) => Array.from({ length: TICKETS }, (_, k) => ticket(o * TICKETS + k)));

const cpuMs = async (work) => {
  const start = process.cpuUsage();
  await work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

const before = async (tickets) => {
  await Promise.all(
    tickets.map((t) => QRCode.toBuffer(t.content, { type: 'png', width: 400, margin: 4, errorCorrectionLevel: 'M' })),
  );
  await renderTicketsPdf(tickets);
};
const after = async (tickets) => {
  for (const t of tickets) qrPng(t.content, 400, 'M');
  await renderTicketsPdf(tickets);
};

// Warm-up (module loading, fonts, JIT) on orders of their own.
for (const tickets of orders(10)) {
  await before(tickets);
  await after(tickets);
}
const round = async () => {
  const beforeSet = orders(ORDERS);
  const afterSet = orders(ORDERS);
  const b = await cpuMs(async () => {
    for (const tickets of beforeSet) await before(tickets);
  });
  const a = await cpuMs(async () => {
    for (const tickets of afterSet) await after(tickets);
  });
  const resend = await cpuMs(async () => {
    for (const tickets of afterSet) await after(tickets);
  });
  return { b: b / ORDERS, a: a / ORDERS, resend: resend / ORDERS };
};
const rounds = [await round(), await round(), await round()];
const median = (xs) => [...xs].sort((x, y) => x - y)[1];
const [b, a, r] = [median(rounds.map((x) => x.b)), median(rounds.map((x) => x.a)), median(rounds.map((x) => x.resend))];
writeReport('docs-render', [
  `CPU per confirmation (QR images + tickets PDF), ${TICKETS} tickets per order, ${ORDERS} orders, median of 3 rounds`,
  `before (qrcode PNG 400 px + PDF encoding again)   ${b.toFixed(2)} ms/order`,
  `after  (encoded once, 1-bit PNG, cached grid)     ${a.toFixed(2)} ms/order  ratio ${(a / b).toFixed(2)}×`,
  `after, resend (cache hit)                         ${r.toFixed(2)} ms/order  ratio ${(r / b).toFixed(2)}×`,
]);
