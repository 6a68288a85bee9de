import QRCode from 'qrcode';

/**
 * QR images of a code's content (the `qrcode` package). Links use error correction Q (a printed
 * poster survives a quarter of its modules scuffed); tickets, whose content is longer, M.
 */
export type Correction = 'M' | 'Q';

/** A PNG `size` pixels wide (1200 ≈ 10 cm at 300 dpi), black on white with the standard quiet zone. */
export const qrPng = (content: string, size: number, correction: Correction) =>
  QRCode.toBuffer(content, { type: 'png', width: size, margin: 4, errorCorrectionLevel: correction });

/** A vector SVG (crisp at any print size). */
export const qrSvg = (content: string, correction: Correction) =>
  QRCode.toString(content, { type: 'svg', margin: 4, errorCorrectionLevel: correction });

/** The module grid, for drawing the code as vectors (PDF tickets). */
export const qrModules = (content: string, correction: Correction) => {
  const { modules } = QRCode.create(content, { errorCorrectionLevel: correction });
  return { size: modules.size, dark: (x: number, y: number) => Boolean(modules.get(y, x)) };
};
