import { expect, type Page } from '@playwright/test';

/**
 * Calls the API from the page, as the signed-in person of `page` (its cookies, its Origin for the
 * CSRF check): for setting up data whose UI flow another spec covers. `page` must be on a page of
 * the organization's address.
 */
export const apiAs = (page: Page) => {
  const call = async <T>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: object): Promise<T> => {
    const { status, body } = await page.evaluate(
      async ({ method, path, data }) => {
        const res = await fetch(`/api${path}`, {
          method,
          headers: data === undefined ? {} : { 'content-type': 'application/json' },
          body: data === undefined ? undefined : JSON.stringify(data),
          credentials: 'include',
        });
        return { status: res.status, body: await res.text() };
      },
      { method, path, data },
    );
    expect(status, `${method} ${path}: ${body}`).toBeLessThan(300);
    return JSON.parse(body) as T;
  };
  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T = { id: string }>(path: string, data: object) => call<T>('POST', path, data),
    patch: <T = { id: string }>(path: string, data: object) => call<T>('PATCH', path, data),
  };
};
