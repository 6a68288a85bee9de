import type { TestApp } from './app.ts';
import type { TestAccount } from './factories.ts';

/** A store made through the API (Active unless said); answers its wire shape. */
export const createStore = async (t: TestApp, account: TestAccount, body: Record<string, unknown> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stores/',
    headers: account.owner.headers,
    payload: { name: `Store ${Math.random().toString(36).slice(2, 8)}`, status: 'active', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`store create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; slug: string; url: string; is_default: boolean };
};

/** Puts offers in a store through the API, in the order given. */
export const addToStore = async (t: TestApp, account: TestAccount, storeId: string, experienceIds: string[]) => {
  for (const id of experienceIds) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stores/${storeId}/add-experience/`,
      headers: account.owner.headers,
      payload: { experience_id: id },
    });
    if (res.statusCode !== 200) throw new Error(`add-experience failed: ${res.statusCode} ${res.body}`);
  }
};
