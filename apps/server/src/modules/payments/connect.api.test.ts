import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostHeaders, useTestApp } from '../../test/app.ts';
import { createAccount, createMember } from '../../test/factories.ts';
import { addConnect, completeOnboarding } from '../../test/fake-stripe/connect.ts';
import { type FakeStripe, startFakeStripe, stripeConfig } from '../../test/fake-stripe/server.ts';

const settings = (outcome: string) => `/settings/payment-providers?${outcome}`;
const tokenOf = (url: string) => url.split('/').at(-1) ?? '';

describe('connecting the test-mode provider (no keys)', () => {
  const t = useTestApp();
  const connection = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/stripe/connect/', headers })).json();
  const start = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/stripe/connect/', headers });
    expect(res.statusCode).toBe(200);
    return res.json().url as string;
  };
  const ret = (subdomain: string, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/stripe/oauth/?${query}`, headers: hostHeaders(subdomain) });

  it('starts not connected, goes through the test onboarding page and comes back connected', async () => {
    const org = await createAccount(t);
    expect(await connection(org.owner.headers)).toMatchObject({
      provider: 'test',
      test_mode: true,
      status: 'not_connected',
      charges_enabled: false,
      platform_fee_bp: 100,
    });
    const url = await start(org.owner.headers);
    expect(url).toMatch(/^\/test-mode\/onboarding\/[0-9a-f-]{36}\.[\w-]+$/);
    const back = await ret(org.subdomain, `state=${tokenOf(url)}&code=test`);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(settings('connected=1'));
    expect(await connection(org.owner.headers)).toMatchObject({
      status: 'connected',
      test_mode: true,
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      external_account_id: expect.stringMatching(/^acct_test_/),
    });

    // The state was single-use: a second return changes nothing.
    expect((await ret(org.subdomain, `state=${tokenOf(url)}&code=test`)).headers.location).toBe(settings('error=invalid_state'));

    const gone = await t.app.inject({ method: 'DELETE', url: '/api/stripe/connect/', headers: org.owner.headers });
    expect(gone.statusCode).toBe(204);
    expect((await connection(org.owner.headers)).status).toBe('not_connected');
    const again = await t.app.inject({ method: 'DELETE', url: '/api/stripe/connect/', headers: org.owner.headers });
    expect(again.statusCode).toBe(404);
  });

  it('refuses forged, foreign and cancelled returns without connecting anything', async () => {
    const org = await createAccount(t);
    const other = await createAccount(t);
    const url = await start(org.owner.headers);
    const [id, mac] = tokenOf(url).split('.');
    expect((await ret(org.subdomain, `state=${id}.${mac.slice(1)}x&code=test`)).headers.location).toBe(
      settings('error=invalid_state'),
    );
    expect((await ret(org.subdomain, 'code=test')).headers.location).toBe(settings('error=invalid_state'));
    // Another organization's address: its state is no good there (and is spent).
    expect((await ret(other.subdomain, `state=${tokenOf(url)}&code=test`)).headers.location).toBe(
      settings('error=invalid_state'),
    );
    expect((await connection(other.owner.headers)).status).toBe('not_connected');
    const second = await start(org.owner.headers);
    expect((await ret(org.subdomain, `state=${tokenOf(second)}&error=access_denied`)).headers.location).toBe(
      settings('error=access_denied'),
    );
    expect((await connection(org.owner.headers)).status).toBe('not_connected');
  });

  it("needs 'Manage account'", async () => {
    const org = await createAccount(t);
    const member = await createMember(t, org, ['Manage orders']);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/stripe/connect/', headers: member.headers });
      expect(res.statusCode, method).toBe(403);
    }
  });
});

describe('connecting a Stripe account (fake Stripe server)', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    addConnect(fake);
  });
  afterAll(() => fake.close());
  const t = useTestApp(() => stripeConfig(fake));

  const start = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/stripe/connect/', headers });
  const connection = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/stripe/connect/', headers })).json();
  const returnUrl = () => {
    const link = fake.calls('POST', /^\/v1\/account_links$/).at(-1);
    return new URL(String(link?.body.return_url));
  };

  it('creates one Express account, sends the person to its onboarding and reads the capabilities back', async () => {
    const org = await createAccount(t);
    const first = await start(org.owner.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);
    const created = fake.calls('POST', /^\/v1\/accounts$/);
    expect(created).toHaveLength(1);
    expect(created[0].body).toMatchObject({ type: 'express', metadata: { account_id: org.account.id } });
    expect(created[0].idempotencyKey).toMatch(/^connect-account:/);
    const acct = fake.all('account').at(-1)?.id ?? '';
    expect(await connection(org.owner.headers)).toMatchObject({
      provider: 'stripe',
      test_mode: false,
      status: 'incomplete',
      external_account_id: acct,
    });

    // A second click resumes the same account.
    await start(org.owner.headers);
    expect(fake.all('account').filter((a) => (a.metadata as { account_id?: string }).account_id === org.account.id)).toHaveLength(
      1,
    );
    const link = returnUrl();
    expect(link.host).toBe(`${org.subdomain}.excursio.test`);
    expect(link.pathname).toBe('/api/stripe/oauth/');

    // Back before finishing: still incomplete.
    const early = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: hostHeaders(org.subdomain),
    });
    expect(early.headers.location).toBe(settings('error=incomplete'));

    // Finished at Stripe: the account.updated webhook (signed) reads the account again.
    completeOnboarding(fake, acct);
    const { payload, header } = fake.signedEvent(
      fake.event('account.updated', { id: acct, object: 'account' }, { account: acct }),
    );
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
    expect(hook.statusCode).toBe(200);
    expect(await connection(org.owner.headers)).toMatchObject({
      status: 'connected',
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
  });

  it('the return reads the account from Stripe, once per state', async () => {
    const org = await createAccount(t);
    await start(org.owner.headers);
    const link = returnUrl();
    completeOnboarding(fake, fake.all('account').at(-1)?.id ?? '', { payouts_enabled: false });
    const back = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: hostHeaders(org.subdomain),
    });
    expect(back.headers.location).toBe(settings('connected=1'));
    expect(await connection(org.owner.headers)).toMatchObject({ status: 'connected', payouts_enabled: false });
    const again = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: hostHeaders(org.subdomain),
    });
    expect(again.headers.location).toBe(settings('error=invalid_state'));
  });

  it('a provider failure answers 502 and leaves no connection behind', async () => {
    const org = await createAccount(t);
    fake.failNext('POST', /^\/v1\/accounts$/);
    const res = await start(org.owner.headers);
    expect(res.statusCode).toBe(502);
    expect(res.json().errors[0].code).toBe('provider_unavailable');
    expect((await connection(org.owner.headers)).status).toBe('not_connected');
  });
});
