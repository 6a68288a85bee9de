// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost:3000/auth/login"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasLiveSession } from './session-check.ts';

describe('hasLiveSession on the bare domain', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks nothing: sessions live on the organizations’ subdomains', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the code under test reads this plain marker cookie
    document.cookie = `excursio_session=${Math.floor(Date.now() / 1000) + 300}`;
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await hasLiveSession()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
