import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { encode } from 'uqr';
import { dashboardUrl, login, PORT, screenshot } from './support/account.ts';
import { apiAs } from './support/api.ts';
import { DEMO } from './support/demo.ts';
import { bookFirstStartWithRoom } from './support/sales.ts';

// Chromium's fake camera plays this file: written by the test (a ticket's QR code) before the camera opens.
const CAMERA_FILE = resolve(PORT === 3100 ? 'test-results' : `test-results-${PORT}`, 'fake-camera.y4m');

test.use({
  launchOptions: {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${CAMERA_FILE}`,
    ],
  },
});
test.describe.configure({ timeout: 180_000 });

/** A 640×480 YUV 4:2:0 video of a few identical frames: the QR code dark on white, in the middle. */
const writeCameraFile = (content: string) => {
  const width = 640;
  const height = 480;
  const qr = encode(content, { ecc: 'M', border: 4 });
  const scale = Math.floor(440 / qr.size);
  const left = Math.floor((width - qr.size * scale) / 2);
  const top = Math.floor((height - qr.size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < qr.size * scale; y += 1) {
    for (let x = 0; x < qr.size * scale; x += 1) {
      if (qr.data[Math.floor(y / scale)][Math.floor(x / scale)]) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  mkdirSync(dirname(CAMERA_FILE), { recursive: true });
  writeFileSync(
    CAMERA_FILE,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]),
  );
};

test('a guide scans a ticket with the camera where the browser has no barcode detector', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await login(page, DEMO.email, DEMO.password, DEMO.subdomain);
  const api = apiAs(page);
  const { results: stores } = await api.get<{ results: { id: string; status: string; is_default: boolean }[] }>(
    '/stores/?page_size=50',
  );
  const store = stores.find((s) => s.status === 'active' && s.is_default);
  const { results: offers } = await api.get<{ results: { id: string; title: string; hidden_reason: string | null }[] }>(
    `/stores/${store?.id}/experiences/?page_size=50`,
  );
  const offer = offers.find((o) => o.title === 'Lisbon Old Town Walking Tour' && !o.hidden_reason);
  const order = await bookFirstStartWithRoom(page, offer?.id as string, 2, {
    first_name: 'Katherine',
    last_name: 'Johnson',
    email: 'katherine@example.test',
  });
  const ticket = await api.get<{ code: string; content: string }>(`/bookings/${order.lines[0].booking.id}/ticket/`);
  writeCameraFile(ticket.content);

  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(dashboardUrl(DEMO.subdomain, '/bookings/check-in'));
  await expect(page.getByRole('button', { name: 'Scan with camera' })).toBeVisible();
  expect(
    fetched.filter((path) => path.includes('qr-decode')),
    'the page loads without the decoder',
  ).toEqual([]);
  // Chromium on Linux has no QR BarcodeDetector: this walks the JavaScript decoder.
  const native = await page.evaluate(async () => {
    const Detector = (globalThis as { BarcodeDetector?: { getSupportedFormats: () => Promise<string[]> } }).BarcodeDetector;
    return Detector ? (await Detector.getSupportedFormats()).includes('qr_code') : false;
  });
  expect(native, 'Chromium on Linux reads no QR codes itself').toBe(false);
  // The decoder is not part of the page: it is fetched when the camera opens.
  const decoder = page.waitForResponse((r) => /\/assets\/qr-decode-[^/]+\.js$/.test(new URL(r.url()).pathname));
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  expect((await decoder).ok()).toBe(true);

  // The camera reads the ticket: the dialog closes and the ticket shows, its signature checked on the phone.
  const card = page.getByRole('region', { name: 'Ticket', exact: true });
  await expect(card).toContainText('Katherine Johnson', { timeout: 20_000 });
  await expect(page.getByRole('dialog', { name: 'Scan a ticket' })).toHaveCount(0);
  await expect(card.getByTestId('ticket-participants')).toHaveText('2');
  await expect(card).toContainText('Signature checked');
  await screenshot(page, 'check-in-camera-01-scanned');
  await context.close();
});
