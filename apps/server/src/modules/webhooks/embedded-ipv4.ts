import ipaddr from 'ipaddr.js';

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
/**
 * NAT64's local-use prefix (RFC 8215). Its network picks a prefix length from /48 to /96, and
 * the IPv4 address sits in different bits for each, so no part of such an address can be read
 * as the IPv4 address it reaches.
 */
export const LOCAL_USE_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');

/**
 * The IPv4 addresses that packets to an IPv6 address end up at, for every form that carries
 * one: IPv4-compatible (`::a.b.c.d`, which kernels with automatic tunnels send over IPv4),
 * IPv4-mapped and IPv4-translated (`::ffff:a.b.c.d`, `::ffff:0:a.b.c.d`: the socket speaks IPv4),
 * NAT64's well-known prefix (`64:ff9b::/96`: a gateway translates), 6to4 (`2002:AABB:CCDD::/16`:
 * a relay tunnels), Teredo (`2001:0::/32`: its server, and its client inverted in the last 32
 * bits) and ISATAP (`…:0:5efe:a.b.c.d` under any prefix: a router tunnels). Empty for any
 * other address. ipaddr.js names these ranges but unpacks only the mapped form (and reads the
 * text `::a.b.c.d` as mapped: the same IPv4 address either way).
 */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const word = (at: number) => address.parts[at] ?? 0;
  const ipv4 = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const last32 = ipv4(word(6), word(7));
  const range = address.range();
  const found: ipaddr.IPv4[] = [];
  if (
    range === 'ipv4Mapped' ||
    range === 'rfc6145' ||
    (range === 'rfc6052' && !address.match(LOCAL_USE_NAT64)) ||
    (range === 'unicast' && address.match(IPV4_COMPATIBLE))
  ) {
    found.push(last32);
  }
  if (range === '6to4') found.push(ipv4(word(1), word(2)));
  if (range === 'teredo') {
    found.push(ipv4(word(2), word(3)), ipv4(word(6) ^ 0xffff, word(7) ^ 0xffff));
  }
  // ISATAP's interface identifier, with or without its universal and group bits.
  if ((word(4) & 0xfcff) === 0 && word(5) === 0x5efe) found.push(last32);
  return found;
}
