import { Modal, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** The Shape Detection API's barcode detector (Chromium on Android, macOS, ChromeOS; not in TypeScript's DOM types yet). */
type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats: () => Promise<string[]>;
};
const detectorClass = () => (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Whether this browser reads QR codes from the camera (elsewhere the phone's camera app opens the ticket's address). */
export const cameraScanSupported = async () => {
  const Detector = detectorClass();
  if (!Detector || !navigator.mediaDevices?.getUserMedia) return false;
  return (await Detector.getSupportedFormats().catch((): string[] => [])).includes('qr_code');
};

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
    const Detector = detectorClass();
    if (!opened || !Detector) return;
    const detector = new Detector({ formats: ['qr_code'] });
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      if (stopped || !video.current) return;
      const found = await detector.detect(video.current).catch((): { rawValue: string }[] => []);
      if (found[0]?.rawValue) return onCode(found[0].rawValue);
      timer = setTimeout(tick, 250);
    };
    setFailure(null);
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        tick();
      })
      .catch(() => setFailure('The camera could not be opened. Allow camera access for this site, or type the code in.'));
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
          <video ref={video} playsInline muted style={{ width: '100%', borderRadius: 8, background: '#000' }} />
          <Text size="sm" c="dimmed" mt="xs">
            Hold the ticket’s QR code in the frame.
          </Text>
        </>
      )}
    </Modal>
  );
};
