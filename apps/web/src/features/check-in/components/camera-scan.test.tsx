// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CameraScan, cameraScanSupported } from './camera-scan.tsx';

// The decoder module stands in for a camera frame with a ticket in it: the third frame shows the code.
const frames = vi.hoisted(() => ({ read: 0 }));
vi.mock('../scanner/qr-decode.ts', () => ({
  decodeVideoFrame: vi.fn(() => {
    frames.read += 1;
    return frames.read >= 3 ? 'https://demo.excursio.test/api/o/ABCDEFGHJKMN/#token' : null;
  }),
}));

const stop = vi.fn();
const getUserMedia = vi.fn(async () => {
  const stream = new MediaStream();
  Object.defineProperty(stream, 'getTracks', { value: () => [{ stop }] });
  return stream;
});

beforeEach(() => {
  frames.read = 0;
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('scanning with the camera where the browser has no barcode detector', () => {
  it('is offered wherever the page gets a camera, and reads frames with the JavaScript decoder until a code shows', async () => {
    expect((globalThis as { BarcodeDetector?: unknown }).BarcodeDetector).toBeUndefined();
    expect(cameraScanSupported()).toBe(true);
    const onCode = vi.fn();
    const { unmount } = render(
      <MantineProvider>
        <CameraScan opened onCode={onCode} onClose={() => {}} />
      </MantineProvider>,
    );
    await waitFor(() => expect(onCode).toHaveBeenCalledWith('https://demo.excursio.test/api/o/ABCDEFGHJKMN/#token'), {
      timeout: 3000,
    });
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    expect(frames.read).toBe(3);
    unmount();
    expect(stop).toHaveBeenCalled();
  });

  it('is not offered without a camera for the page (an address that is not secure)', () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    expect(cameraScanSupported()).toBe(false);
  });
});
