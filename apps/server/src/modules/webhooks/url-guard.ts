import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** An address a webhook's host was resolved to and checked: the one to connect to. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Why a webhook's URL may not be posted to, in words for the staff who entered it. */
export class UnsafeUrl extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeUrl';
  }
}

/**
 * Resolves the URL's host and answers the address to connect to. Unless private addresses are
 * allowed, every address the host has must be an ordinary public one (ipaddr.js's 'unicast'):
 * loopback, private, link-local (cloud metadata), unique-local, carrier-grade NAT, multicast,
 * unspecified, reserved, and IPv6 forms that carry an IPv4 address (mapped, 6to4, NAT64) are
 * refused. Checking all of them, not just the first, keeps a host with one public and one
 * private address from passing on a lucky order.
 */
export async function checkedAddress(url: URL, allowPrivate: boolean): Promise<CheckedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  for (const { address } of addresses) {
    const range = ipaddr.process(address).range();
    if (range !== 'unicast' && !allowPrivate) {
      const where = host === address ? 'it is' : `it resolves to ${address},`;
      throw new UnsafeUrl(`Webhooks may not reach ${host}: ${where} ${describe(range)} address.`);
    }
  }
  const [first] = addresses;
  if (!first) throw new UnsafeUrl(`${host} has no address.`);
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

async function resolve(host: string) {
  try {
    return await lookup(host, { all: true, order: 'verbatim' });
  } catch {
    throw new UnsafeUrl(`${host} could not be found.`);
  }
}

/** ipaddr.js's range names, as words. */
function describe(range: string): string {
  const words: Record<string, string> = {
    loopback: 'a loopback',
    private: 'a private',
    linkLocal: 'a link-local',
    uniqueLocal: 'a unique-local',
    carrierGradeNat: 'a carrier-grade NAT',
    unspecified: 'an unspecified',
    multicast: 'a multicast',
    broadcast: 'a broadcast',
  };
  return words[range] ?? 'a reserved';
}
