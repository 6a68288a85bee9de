import { Modal, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** The Shape Detection API's barcode detector (Chromium on Android, macOS, ChromeOS; not in TypeScript's DOM types yet). */
type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats: () => Promise<string[]>;
};
const detectorClass = () => (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Reads the QR code in the video's current frame, if any. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

/**
 * The browser's own QR detector where there is one; elsewhere (iOS Safari, Firefox, Chromium on
 * Linux) the JavaScript decoder, loaded now — when the camera opens — and never with the page.
 */
const frameReader = async (): Promise<FrameReader> => {
  const Native = detectorClass();
  const formats = Native ? await Native.getSupportedFormats().catch((): string[] => []) : [];
  if (Native && formats.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video).catch((): { rawValue: string }[] => []))[0]?.rawValue || null;
  }
  const { decodeVideoFrame } = await import('../scanner/qr-decode.ts');
  const canvas = document.createElement('canvas');
  return async (video) => decodeVideoFrame(video, canvas);
};

/** Whether this device can scan with its camera: every browser that gives the page a camera. */
export const cameraScanSupported = () => Boolean(navigator.mediaDevices?.getUserMedia);

/** The back camera, read a few times a second until a QR code shows up. */
export const CameraScan = ({
  opened,
  onCode,
  onClose,
}: {
  opened: boolean;
  onCode: (text: string) => void;
  onClose: () => void;
}) => {
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    setFailure(null);
    const start = async () => {
      const [s, read] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        frameReader(),
      ]);
      stream = s;
      if (stopped || !video.current) {
        for (const track of s.getTracks()) track.stop();
        return;
      }
      video.current.srcObject = s;
      await video.current.play();
      const tick = async () => {
        if (stopped || !video.current) return;
        const found = await read(video.current).catch(() => null);
        if (stopped) return;
        if (found) return onCode(found);
        timer = setTimeout(tick, 200);
      };
      void tick();
    };
    start().catch(() => {
      if (!stopped) setFailure('The camera could not be opened. Allow camera access for this site, or type the code in.');
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [opened, onCode]);

  return (
    <Modal opened={opened} onClose={onClose} title="Scan a ticket" size="md">
      {failure ? (
        <Text c="red.8">{failure}</Text>
      ) : (
        <>
          <video
            ref={video}
            playsInline
            muted
            style={{ width: '100%', borderRadius: 8, background: '#000' }}
            data-testid="camera"
          />
          <Text size="sm" c="dimmed" mt="xs">
            Hold the ticket’s QR code in the frame.
          </Text>
        </>
      )}
    </Modal>
  );
};
