import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../test/webhook-receiver.ts';
import { postToPublicAddress } from './outbound.ts';
import { AddressRefusedError, isPublicAddress, type Resolve, vetHost } from './public-address.ts';

// The outbound guard of webhooks: only public addresses, decided on the address actually connected to.
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

const resolver =
  (answers: Record<string, string[]>): Resolve =>
  async (host) =>
    (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, reserved, ULA and IPv4-embedding IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '127.9.9.9',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      'fd00::1',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public addresses, and a private one only when allowed exactly', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    expect(isPublicAddress('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(isPublicAddress('127.0.0.2', ['127.0.0.1'])).toBe(false);
  });
});

describe('vetHost', () => {
  it('refuses literals and names that resolve to any private address', async () => {
    const resolve = resolver({
      'internal.example': ['10.0.0.7'],
      'mixed.example': ['93.184.216.34', '192.168.0.10'],
      'metadata.example': ['169.254.169.254'],
      'public.example': ['93.184.216.34'],
    });
    for (const host of [
      '127.0.0.1',
      '10.0.0.1',
      '169.254.169.254',
      '[::1]',
      'internal.example',
      'mixed.example',
      'metadata.example',
      'nowhere.example',
    ]) {
      await expect(vetHost(host, { resolve }), host).rejects.toBeInstanceOf(AddressRefusedError);
    }
    expect(await vetHost('public.example', { resolve })).toEqual({ address: '93.184.216.34', family: 4 });
  });
});

describe('postToPublicAddress', () => {
  const post = (url: string, options: { allowPrivate?: string[]; resolve?: Resolve } = {}) =>
    postToPublicAddress(new URL(url), { body: '{}', headers: {}, timeoutMs: 5000, maxResponseBytes: 1024, ...options });

  it('sends nothing to a refused address (without the escape, loopback is refused)', async () => {
    const before = receiver.state.received.length;
    await expect(post(receiver.url('/x'))).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(post(`http://localhost:${receiver.port}/x`)).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(
      post(`http://hooks.example:${receiver.port}/x`, { resolve: resolver({ 'hooks.example': ['127.0.0.1'] }) }),
    ).rejects.toBeInstanceOf(AddressRefusedError);
    expect(receiver.state.received.length).toBe(before);
  });

  it('connects to the vetted address, whatever the system resolver would say, with the name as Host', async () => {
    // hooks.example does not exist in DNS: reaching the receiver proves the vetted address is the one used.
    const res = await post(`http://hooks.example:${receiver.port}/vetted`, {
      allowPrivate: ['127.0.0.1'],
      resolve: resolver({ 'hooks.example': ['127.0.0.1'] }),
    });
    expect(res.status).toBe(200);
    const got = receiver.state.received.at(-1);
    expect(got?.path).toBe('/vetted');
    expect(got?.headers.host).toBe(`hooks.example:${receiver.port}`);
  });

  it('answers a redirect as it is and caps the answer read', async () => {
    receiver.state.status = 301;
    receiver.state.answerHeaders = { location: receiver.url('/elsewhere') };
    const res = await post(receiver.url('/redirect'), { allowPrivate: ['127.0.0.1'] });
    expect(res.status).toBe(301);
    expect(receiver.state.received.some((r) => r.path === '/elsewhere')).toBe(false);
    receiver.state.status = 200;
    receiver.state.answerHeaders = {};
  });
});
