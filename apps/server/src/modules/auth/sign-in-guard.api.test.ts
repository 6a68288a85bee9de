import { describe, expect, it } from 'vitest';
import { createTestApp, hostHeaders, useTestApp } from '../../test/app.ts';
import { expectError } from '../../test/errors.ts';
import { createAccount } from '../../test/factories.ts';

// Real limits (RATE_LIMIT_ENABLED), with a 3-second window so the test can watch a block end.
const t = useTestApp({ RATE_LIMIT_ENABLED: 'true', SIGNIN_WINDOW_S: '3' });

const login = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/jwt/create/',
    headers: hostHeaders(null),
    remoteAddress: ip,
    payload: { email, password },
  });

describe('sign-in brute force limits across addresses and accounts', () => {
  it('blocks one account tried from 15 addresses after 10 failures, briefly, the same for an unknown email', async () => {
    const { owner } = await createAccount(t);
    const ghost = `ghost-${Date.now()}@example.com`;
    const statuses = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 15; i++) {
      statuses.known.push((await login(owner.email, 'Wrong-password-123', `10.1.0.${i}`)).statusCode);
      statuses.unknown.push((await login(ghost, 'Wrong-password-123', `10.2.0.${i}`)).statusCode);
    }
    expect(statuses.known).toEqual([...Array(10).fill(401), ...Array(5).fill(429)]);
    // An unknown email is limited exactly alike: the block tells nothing about who has an account.
    expect(statuses.unknown).toEqual(statuses.known);
    const blocked = await login(owner.email, owner.password, '10.3.0.1');
    expectError(blocked, 429, { code: 'throttled', detail: /Too many failed sign-ins\. Try again in 1 minute/ });
    expect((await login(ghost, owner.password, '10.3.0.2')).body).toBe(blocked.body);
    // Not for long: once the window ends the owner signs in.
    await new Promise((resolve) => setTimeout(resolve, 3100));
    expect((await login(owner.email, owner.password, '10.3.0.3')).statusCode).toBe(200);
  });

  it('blocks one address trying many accounts after 20 failures, while other addresses still sign in', async () => {
    const accounts = await Promise.all(Array.from({ length: 15 }, () => createAccount(t)));
    const statuses: number[] = [];
    for (const { owner } of accounts) {
      for (let k = 0; k < 2; k++) statuses.push((await login(owner.email, 'Wrong-password-123', '10.9.9.9')).statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(new Set(statuses.slice(20))).toEqual(new Set([429]));
    // The right password from the blocked address is refused too; from another address it works.
    expectError(await login(accounts[0].owner.email, accounts[0].owner.password, '10.9.9.9'), 429, { code: 'throttled' });
    expect((await login(accounts[0].owner.email, accounts[0].owner.password, '10.8.8.8')).statusCode).toBe(200);
  });

  it('a successful sign-in clears the account count', async () => {
    const { owner } = await createAccount(t);
    for (let i = 0; i < 9; i++) await login(owner.email, 'Wrong-password-123', `10.4.0.${i}`);
    expect((await login(owner.email, owner.password, '10.4.1.1')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(owner.email, 'Wrong-password-123', `10.5.0.${i}`)).statusCode).toBe(401);
  });
});

describe.skipIf(!process.env.REDIS_URL)('through Redis, two server instances share the counts', () => {
  it('an account failed 10 times on one instance is blocked on the other', async () => {
    const overrides = { RATE_LIMIT_ENABLED: 'true', SIGNIN_WINDOW_S: '60', REDIS_URL: process.env.REDIS_URL as string };
    const one = await createTestApp(overrides);
    const two = await createTestApp(overrides);
    try {
      const { owner } = await createAccount(one);
      const net = `10.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}`;
      const on = (app: typeof one, password: string, i: number) =>
        app.app.inject({
          method: 'POST',
          url: '/api/jwt/create/',
          headers: hostHeaders(null),
          remoteAddress: `${net}.${i}`,
          payload: { email: owner.email, password },
        });
      for (let i = 0; i < 10; i++) expect((await on(one, 'Wrong-password-123', i)).statusCode).toBe(401);
      expectError(await on(two, owner.password, 50), 429, { code: 'throttled' });
    } finally {
      await one.close();
      await two.close();
    }
  });
});
