import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { embeddedIPv4, LOCAL_USE_NAT64 } from './embedded-ipv4.js';

/** An address a webhook's host was resolved to and checked: the one to connect to. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses, as `dns.lookup` with `all` does. */
export type LookupAll = (host: string) => Promise<{ address: string; family: number }[]>;

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
 * unspecified and reserved are refused, and so is an IPv6 address carrying an IPv4 address that
 * is one of them (embedded-ipv4.ts). Checking all of them, not just the first, keeps a host with
 * one public and one private address from passing on a lucky order.
 */
export async function checkedAddress(
  url: URL,
  allowPrivate: boolean,
  lookupAll: LookupAll = systemLookup,
): Promise<CheckedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await resolve(host, lookupAll);
  for (const { address } of addresses) {
    const refusal = allowPrivate ? null : refusalOf(address);
    if (refusal) {
      const where = host === address ? 'it' : `it resolves to ${address}, which`;
      throw new UnsafeUrl(`Webhooks may not reach ${host}: ${where} ${refusal}.`);
    }
  }
  const [first] = addresses;
  if (!first) throw new UnsafeUrl(`${host} has no address.`);
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

const systemLookup: LookupAll = (host) => lookup(host, { all: true, order: 'verbatim' });

async function resolve(host: string, lookupAll: LookupAll) {
  try {
    return await lookupAll(host);
  } catch {
    throw new UnsafeUrl(`${host} could not be found.`);
  }
}

/** Ranges of IPv6 addresses that are judged by the IPv4 addresses they carry. */
const CARRYING = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052', '6to4', 'teredo', 'unicast']);

/**
 * What makes an address one the server may not post to ('is a loopback address', 'carries
 * 10.0.0.1, a private address'), or null when it may.
 */
function refusalOf(address: string): string | null {
  const ip = ipaddr.parse(address);
  if (ip instanceof ipaddr.IPv4) return kindOf(ip.range(), 'is');
  if (ip.match(LOCAL_USE_NAT64)) {
    return 'is a local-use NAT64 address, whose IPv4 address only its network knows';
  }
  for (const carried of embeddedIPv4(ip)) {
    const refusal = kindOf(carried.range(), `carries ${carried.toString()},`);
    if (refusal) return refusal;
  }
  return CARRYING.has(ip.range()) ? null : kindOf(ip.range(), 'is');
}

/** ipaddr.js's range name in words after `verb`; null for an ordinary public address. */
function kindOf(range: string, verb: string): string | null {
  if (range === 'unicast') return null;
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
  return `${verb} ${words[range] ?? 'a reserved'} address`;
}
