import jsQR from 'jsqr';

/**
 * The QR decoder for browsers without a QR `BarcodeDetector` (iOS Safari, Firefox, Chromium on
 * Linux): jsQR, pure JavaScript, reading the RGBA pixels of a camera frame. This module is loaded
 * only when the camera opens there (its own chunk), so the check-in page's first load does not carry it.
 */

/** RGBA pixels, as `CanvasRenderingContext2D.getImageData` gives them. */
export type Pixels = { data: Uint8ClampedArray; width: number; height: number };

/** The text of the QR code in the picture, or null when there is none (or it cannot be read yet). */
export const decodeQr = (pixels: Pixels): string | null =>
  // Tickets are dark on light; 'dontInvert' halves the work per frame.
  jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'dontInvert' })?.data || null;

/** A camera frame is read at most this wide or high: enough for a ticket held in front of the phone, fast on any phone. */
export const FRAME_MAX_SIDE = 720;

/** The size a frame of the video is drawn at (scaled down to `FRAME_MAX_SIDE`, never up). */
export const frameSize = (videoWidth: number, videoHeight: number) => {
  const scale = Math.min(1, FRAME_MAX_SIDE / Math.max(videoWidth, videoHeight, 1));
  return { width: Math.round(videoWidth * scale), height: Math.round(videoHeight * scale) };
};

/** One frame of the video, drawn on the canvas and decoded. */
export const decodeVideoFrame = (video: HTMLVideoElement, canvas: HTMLCanvasElement): string | null => {
  if (!video.videoWidth || !video.videoHeight) return null;
  const { width, height } = frameSize(video.videoWidth, video.videoHeight);
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, width, height);
  return decodeQr(context.getImageData(0, 0, width, height));
};
