// @vitest-environment happy-dom
import { MESSAGES } from '@excursio/contract/messages';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { store } from '../../app/store.ts';
import { notifyError, notifySuccess } from '../notify.ts';
import { uploadFile } from './upload-file.ts';
import { useUploadQueue } from './use-upload-queue.ts';

vi.mock('../notify.ts', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('./upload-file.ts', () => ({ uploadFile: vi.fn() }));

const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
const file = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

describe('useUploadQueue', () => {
  beforeEach(() => {
    vi.mocked(uploadFile).mockReset();
  });
  afterEach(() => vi.clearAllMocks());

  it('uploads files one after another, toasts success once and failures each', async () => {
    const sent: string[] = [];
    vi.mocked(uploadFile).mockImplementation(async (options) => {
      const name = (options.file as File).name;
      sent.push(name);
      options.onProgress?.(0.5);
      return name === 'bad.jpg'
        ? { ok: false, status: 400, detail: 'Upload a JPEG, PNG, WebP, AVIF or GIF image.', data: null }
        : { ok: true, status: 201, data: { results: [name] } };
    });
    const uploaded = vi.fn();
    const { result } = renderHook(() => useUploadQueue({ url: '/api/experiences/x/images/', onUploaded: uploaded }), { wrapper });

    act(() => result.current.add([file('a.jpg'), file('bad.jpg'), file('b.jpg')]));
    await waitFor(() => expect(result.current.busy).toBe(false));

    expect(sent).toEqual(['a.jpg', 'bad.jpg', 'b.jpg']);
    expect(vi.mocked(uploadFile).mock.calls[0][0]).toMatchObject({ url: '/api/experiences/x/images/', fieldName: 'file' });
    expect(uploaded).toHaveBeenCalledTimes(2);
    expect(notifySuccess).toHaveBeenCalledTimes(1);
    expect(notifySuccess).toHaveBeenCalledWith(MESSAGES.uploadSucceeded);
    expect(notifyError).toHaveBeenCalledWith('Upload failed: Upload a JPEG, PNG, WebP, AVIF or GIF image.');
    expect(result.current.items.map((item) => [item.name, item.status])).toEqual([
      ['a.jpg', 'done'],
      ['bad.jpg', 'failed'],
      ['b.jpg', 'done'],
    ]);

    act(() => result.current.dismiss(result.current.items[1].key));
    expect(result.current.items.map((item) => item.name)).toEqual(['a.jpg', 'b.jpg']);
  });

  it('passes the session recovery to the uploader', async () => {
    vi.mocked(uploadFile).mockResolvedValue({ ok: true, status: 201, data: {} });
    const { result } = renderHook(() => useUploadQueue({ url: '/u' }), { wrapper });
    act(() => result.current.add([file('a.jpg')]));
    await waitFor(() => expect(result.current.busy).toBe(false));
    const session = vi.mocked(uploadFile).mock.calls[0][1];
    expect(session).toMatchObject({ recover: expect.any(Function), works: expect.any(Function) });
  });
});
