import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ABORTED_DETAIL, NETWORK_ERROR_DETAIL, sendFile, uploadErrorDetail, uploadFile } from './upload-file.ts';

type Outcome = { status: number; statusText?: string; body?: string } | 'network-error' | 'hang';

/** A scripted XMLHttpRequest: each instance answers with the next outcome after reporting progress. */
class FakeXhr {
  static outcomes: Outcome[] = [];
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    this.body = body;
    const outcome = FakeXhr.outcomes.shift() ?? { status: 200, body: '{}' };
    if (outcome === 'hang') return;
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
      if (outcome === 'network-error') {
        this.onerror?.();
        return;
      }
      this.status = outcome.status;
      this.statusText = outcome.statusText ?? '';
      this.responseText = outcome.body ?? '';
      this.onload?.();
    });
  }
}

const file = () => new File(['abc'], 'harbour.jpg', { type: 'image/jpeg' });
const errorBody = (detail: string) =>
  JSON.stringify({ type: 'validation_error', errors: [{ code: 'invalid', detail, attr: 'file' }] });

describe('sendFile', () => {
  beforeEach(() => {
    FakeXhr.outcomes = [];
    FakeXhr.instances = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('PATCHes the file as multipart field `file` with credentials and reports progress', async () => {
    FakeXhr.outcomes = [{ status: 200, body: JSON.stringify({ id: 'x', images: [] }) }];
    const progress: number[] = [];
    const result = await sendFile({ url: '/api/experiences/x/images/', file: file(), onProgress: (p) => progress.push(p) });
    expect(result).toEqual({ ok: true, status: 200, data: { id: 'x', images: [] } });
    const xhr = FakeXhr.instances[0];
    expect(xhr.method).toBe('PATCH');
    expect(xhr.url).toBe('/api/experiences/x/images/');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers.Accept).toBe('application/json');
    // No Content-Type of our own: the browser writes the multipart boundary.
    expect(xhr.headers['Content-Type']).toBeUndefined();
    const sent = xhr.body?.get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('harbour.jpg');
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('sends extra fields and honours another field name and method', async () => {
    await sendFile({
      url: '/api/filer-images/',
      method: 'POST',
      fieldName: 'image',
      fields: { alt_text: 'Harbour' },
      file: file(),
    });
    const xhr = FakeXhr.instances[0];
    expect(xhr.method).toBe('POST');
    expect(xhr.body?.get('alt_text')).toBe('Harbour');
    expect(xhr.body?.get('image')).toBeInstanceOf(File);
  });

  it('reads the first error item of a refusal', async () => {
    FakeXhr.outcomes = [{ status: 400, statusText: 'Bad Request', body: errorBody('The file is not an image.') }];
    const result = await sendFile({ url: '/u', file: file() });
    expect(result).toMatchObject({ ok: false, status: 400, detail: 'The file is not an image.' });
  });

  it('falls back to the status text, and names a network failure', async () => {
    FakeXhr.outcomes = [{ status: 502, statusText: 'Bad Gateway', body: '<html>' }, 'network-error'];
    expect(await sendFile({ url: '/u', file: file() })).toMatchObject({ ok: false, status: 502, detail: 'Bad Gateway' });
    expect(await sendFile({ url: '/u', file: file() })).toMatchObject({ ok: false, status: 0, detail: NETWORK_ERROR_DETAIL });
  });

  it('aborts through its signal', async () => {
    FakeXhr.outcomes = ['hang'];
    const controller = new AbortController();
    const pending = sendFile({ url: '/u', file: file(), signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, aborted: true, detail: ABORTED_DETAIL });
  });
});

describe('uploadFile (401 → refresh → one retry)', () => {
  beforeEach(() => {
    FakeXhr.outcomes = [];
    FakeXhr.instances = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  const unauthorized = { status: 401, body: errorBody('Authentication credentials were not provided.') };

  it('refreshes the session and retries once', async () => {
    FakeXhr.outcomes = [unauthorized, { status: 200, body: '{"id":"x"}' }];
    const session = { recover: vi.fn(async () => true), works: vi.fn() };
    const result = await uploadFile({ url: '/u', file: file() }, session);
    expect(result).toEqual({ ok: true, status: 200, data: { id: 'x' } });
    expect(session.recover).toHaveBeenCalledTimes(1);
    expect(session.works).toHaveBeenCalledTimes(1);
    expect(FakeXhr.instances).toHaveLength(2);
  });

  it('gives up when the refresh fails', async () => {
    FakeXhr.outcomes = [unauthorized];
    const session = { recover: vi.fn(async () => false), works: vi.fn() };
    const result = await uploadFile({ url: '/u', file: file() }, session);
    expect(result).toMatchObject({ ok: false, status: 401 });
    expect(FakeXhr.instances).toHaveLength(1);
    expect(session.works).not.toHaveBeenCalled();
  });

  it('does not retry twice, and leaves other failures alone', async () => {
    FakeXhr.outcomes = [unauthorized, unauthorized];
    const session = { recover: vi.fn(async () => true), works: vi.fn() };
    expect(await uploadFile({ url: '/u', file: file() }, session)).toMatchObject({ ok: false, status: 401 });
    expect(FakeXhr.instances).toHaveLength(2);
    expect(session.works).not.toHaveBeenCalled();

    FakeXhr.outcomes = [{ status: 400, body: errorBody('Too large.') }];
    expect(await uploadFile({ url: '/u', file: file() }, session)).toMatchObject({ ok: false, detail: 'Too large.' });
    expect(session.recover).toHaveBeenCalledTimes(1);
  });
});

describe('uploadErrorDetail', () => {
  it('prefers errors[0].detail, then error, then detail, then status text', () => {
    expect(uploadErrorDetail(400, 'Bad Request', { errors: [{ detail: 'A' }, { detail: 'B' }] })).toBe('A');
    expect(uploadErrorDetail(400, 'Bad Request', { error: 'Single' })).toBe('Single');
    expect(uploadErrorDetail(413, 'Payload Too Large', { detail: 'Too big' })).toBe('Too big');
    expect(uploadErrorDetail(413, 'Payload Too Large', null)).toBe('Payload Too Large');
    expect(uploadErrorDetail(500, '', 'oops')).toBe('Request failed with status 500.');
  });
});
