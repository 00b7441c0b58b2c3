/**
 * IPv6 addresses that carry an IPv4 address, in every form the webhook guard reads, for the
 * guard's tests. No test may connect to any of them: they are checked, never posted to.
 */

/** IPv4 addresses a webhook may not reach, with the words its refusal gives them. */
const FORBIDDEN_IPV4 = [
  ['127.0.0.1', 'a loopback address'],
  ['10.0.0.1', 'a private address'],
  ['172.16.5.4', 'a private address'],
  ['192.168.1.1', 'a private address'],
  // The cloud metadata service.
  ['169.254.169.254', 'a link-local address'],
  ['0.0.0.0', 'an unspecified address'],
  ['100.64.0.1', 'a carrier-grade NAT address'],
  ['224.0.0.1', 'a multicast address'],
  ['255.255.255.255', 'a broadcast address'],
  ['198.18.0.1', 'a reserved address'],
] as const;

/** A public address, where a form needs a second IPv4 address beside the one tested. */
export const PUBLIC_IPV4 = '93.184.215.14';

/** The address as two hexadecimal words, each XORed with `mask` (as Teredo hides its client). */
function hex(ipv4: string, mask = 0): string {
  const [a = 0, b = 0, c = 0, d = 0] = ipv4.split('.').map(Number);
  return [(a << 8) | b, (c << 8) | d].map((word) => (word ^ mask).toString(16)).join(':');
}

/** Each form as a function from the IPv4 address it carries to the IPv6 address. */
const FORMS: [string, (ipv4: string) => string][] = [
  ['IPv4-compatible', (ipv4) => `::${ipv4}`],
  ['IPv4-mapped, dotted', (ipv4) => `::ffff:${ipv4}`],
  ['IPv4-mapped, hex', (ipv4) => `::ffff:${hex(ipv4)}`],
  ['IPv4-translated', (ipv4) => `::ffff:0:${ipv4}`],
  ['NAT64', (ipv4) => `64:ff9b::${hex(ipv4)}`],
  ['6to4', (ipv4) => `2002:${hex(ipv4)}::1`],
  ['Teredo client', (ipv4) => `2001:0:${hex(PUBLIC_IPV4)}:0:fbff:${hex(ipv4, 0xffff)}`],
  ['Teredo server', (ipv4) => `2001:0:${hex(ipv4)}:0:fbff:${hex(PUBLIC_IPV4, 0xffff)}`],
  ['ISATAP', (ipv4) => `2606:4700:10::5efe:${ipv4}`],
  ['ISATAP, universal', (ipv4) => `2606:4700:10::200:5efe:${ipv4}`],
];

export interface ForbiddenHost {
  /** What the case is, for the test's name. */
  name: string;
  /** The IPv6 address, as written in a URL between brackets. */
  address: string;
  /** What the refusal says of the address after 'it'. */
  reason: string;
}

/** Every form carrying every forbidden IPv4 address, and local-use NAT64 whatever it carries. */
export const FORBIDDEN_HOSTS: ForbiddenHost[] = [
  ...FORMS.flatMap(
    ([form, address]) =>
      FORBIDDEN_IPV4.map(([ipv4, kind]) => ({
        name: `${form} ${ipv4}`,
        address: address(ipv4),
        reason: `carries ${ipv4}, ${kind}`,
      })),
    // `::0.0.0.0` is `::`, the IPv6 unspecified address, refused as such.
  ).filter(({ address }) => address !== '::0.0.0.0'),
  ...[PUBLIC_IPV4, '127.0.0.1'].map((ipv4) => ({
    name: `local-use NAT64 ${ipv4}`,
    address: `64:ff9b:1::${hex(ipv4)}`,
    reason: 'is a local-use NAT64 address, whose IPv4 address only its network knows',
  })),
];

/** Every form carrying a public address: an ordinary receiver, reached another way. */
export const PUBLIC_HOSTS = FORMS.map(([form, address]) => ({
  name: `${form} ${PUBLIC_IPV4}`,
  address: address(PUBLIC_IPV4),
}));
