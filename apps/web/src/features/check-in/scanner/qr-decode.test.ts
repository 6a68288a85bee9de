import { issueWith, OURS, publicKeyOf } from '@excursio/contract/ticket-test-keys';
import { parseScannedCode, verifyTicketToken } from '@excursio/contract/tickets';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { decodeQr, frameSize, type Pixels } from './qr-decode.ts';

/**
 * A camera-like picture of a QR code: the modules drawn `scale` pixels wide on a light-grey page
 * with a quiet zone, in a larger frame, the dark modules not quite black, with a little noise.
 */
const photograph = (text: string, { scale = 5, noise = 24, ecc = 'M' as 'M' | 'Q' } = {}): Pixels => {
  const qr = encode(text, { ecc, border: 4 });
  const side = qr.size * scale;
  const width = side + 160;
  const height = side + 100;
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const col = Math.floor((x - 80) / scale);
      const row = Math.floor((y - 50) / scale);
      const dark = row >= 0 && col >= 0 && row < qr.size && col < qr.size && qr.data[row][col];
      const value = (dark ? 40 : 215) + (random() - 0.5) * noise;
      const i = (y * width + x) * 4;
      data[i] = value;
      data[i + 1] = value;
      data[i + 2] = value + 8;
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
};

describe('the QR decoder of browsers without a barcode detector', () => {
  it('reads a signed ticket’s content back from its picture: the code and a token that still verifies', async () => {
    // A ticket as the server draws it: the short address with the signed token in the fragment.
    const key = await publicKeyOf(OURS);
    const token = await issueWith(OURS, {
      key_id: key.key_id,
      booking_id: '0197a3c1-5b2e-7d40-9a1f-2c3d4e5f6a7b',
      slot_id: '0197a3c1-0000-7abc-8def-0123456789ab',
      starts_at: '2026-12-01T09:00:00.000Z',
      participants: 3,
    });
    const content = `https://demo.excursio.example/api/o/ABCDEFGHJKMN/#${token}`;

    const read = decodeQr(photograph(content));
    expect(read).toBe(content);
    const scanned = parseScannedCode(read ?? '');
    expect(scanned).toMatchObject({ code: 'ABCDEFGHJKMN', token });
    expect(await verifyTicketToken(scanned?.token ?? '', [key])).toMatchObject({ valid: true, claims: { participants: 3 } });
  });

  it('reads a link’s code drawn at error correction Q (as posters are), and finds nothing in a picture without one', () => {
    expect(decodeQr(photograph('https://demo.excursio.example/api/o/WTYBVBJQRQ56/', { scale: 4, ecc: 'Q' }))).toBe(
      'https://demo.excursio.example/api/o/WTYBVBJQRQ56/',
    );
    const blank = photograph('x');
    blank.data.fill(200);
    expect(decodeQr(blank)).toBeNull();
  });

  it('draws camera frames at most 720 pixels on their long side, never enlarged', () => {
    expect(frameSize(1920, 1080)).toEqual({ width: 720, height: 405 });
    expect(frameSize(1080, 1920)).toEqual({ width: 405, height: 720 });
    expect(frameSize(640, 480)).toEqual({ width: 640, height: 480 });
  });
});
