import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses an outbound request to an address a customer chose (webhooks) must never reach: this
 * host, the private networks behind it, link-local (cloud metadata at 169.254.169.254), CGNAT,
 * multicast, reserved and documentation ranges, IPv6 unique-local, and the IPv6 forms that embed an
 * IPv4 address (mapped, NAT64, 6to4), which would otherwise smuggle a private one through.
 */
// Two lists: Node's BlockList matches an IPv4 address against IPv4-mapped IPv6 rules too, so the
// refused `::ffff:0:0/96` would otherwise refuse every IPv4 address.
const refusedV4 = new BlockList();
const refusedV6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refusedV4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  refusedV6.addSubnet(net, prefix, 'ipv6');
}

/** `[::1]` → `::1`: URL hosts write IPv6 literals in brackets. */
export const unbracket = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/**
 * Whether an IP address may be connected to: public, or named in `allowPrivate` (exact addresses,
 * an escape for tests that run their receiver on loopback; never set in production).
 */
export const isPublicAddress = (address: string, allowPrivate: readonly string[] = []) => {
  const family = isIP(address);
  if (!family) return false;
  if (allowPrivate.includes(address)) return true;
  return family === 4 ? !refusedV4.check(address, 'ipv4') : !refusedV6.check(address, 'ipv6');
};

export class AddressRefusedError extends Error {}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * The address to connect to for `host`: an IP literal as it is, a name resolved once. Every
 * resolved address must be allowed (a name answering one public and one private address is
 * refused: which one a retry would get is not ours to choose). The caller connects to this very
 * address, so a second resolution (DNS rebinding) cannot switch it.
 */
export const vetHost = async (
  host: string,
  options: { allowPrivate?: readonly string[]; resolve?: Resolve } = {},
): Promise<{ address: string; family: 4 | 6 }> => {
  const bare = unbracket(host);
  const allow = options.allowPrivate ?? [];
  if (isIP(bare)) {
    if (!isPublicAddress(bare, allow)) throw new AddressRefusedError(`refused: ${bare} is not a public address`);
    return { address: bare, family: isIP(bare) as 4 | 6 };
  }
  let found: { address: string; family: number }[];
  try {
    found = await (options.resolve ?? systemResolve)(bare);
  } catch {
    throw new AddressRefusedError(`refused: ${bare} does not resolve`);
  }
  if (!found.length) throw new AddressRefusedError(`refused: ${bare} does not resolve`);
  const bad = found.find((a) => !isPublicAddress(a.address, allow));
  if (bad) throw new AddressRefusedError(`refused: ${bare} resolves to ${bad.address}, not a public address`);
  return { address: found[0].address, family: found[0].family === 6 ? 6 : 4 };
};
