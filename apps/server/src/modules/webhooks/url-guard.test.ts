import { describe, expect, it } from 'vitest';
import { FORBIDDEN_HOSTS, PUBLIC_HOSTS, PUBLIC_IPV4 } from '../../../test/embedded-ipv4-forms.js';
import { checkedAddress, type LookupAll } from './url-guard.js';

/** A resolver that knows one name, so that no test asks a DNS server anything. */
const resolvingTo =
  (...addresses: string[]): LookupAll =>
  (host) =>
    host === 'hook.example'
      ? Promise.resolve(
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        )
      : Promise.reject(
          Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }),
        );

const check = (url: string, lookupAll = resolvingTo()) =>
  checkedAddress(new URL(url), false, lookupAll);

describe('the address check', () => {
  it('takes a public address, and a private one only when allowed', async () => {
    await expect(check('https://93.184.215.14/')).resolves.toEqual({
      address: '93.184.215.14',
      family: 4,
    });
    await expect(check('http://[2606:4700::1111]/')).resolves.toEqual({
      address: '2606:4700::1111',
      family: 6,
    });
    await expect(check('http://10.0.0.1/')).rejects.toThrow(
      'Webhooks may not reach 10.0.0.1: it is a private address.',
    );
    await expect(checkedAddress(new URL('http://10.0.0.1/'), true)).resolves.toMatchObject({
      address: '10.0.0.1',
    });
  });

  it.each(FORBIDDEN_HOSTS)('refuses $name in a URL', async ({ address, reason }) => {
    const url = new URL(`http://[${address}]:8080/hook`);
    const host = url.hostname.slice(1, -1);
    await expect(checkedAddress(url, false)).rejects.toThrow(
      `Webhooks may not reach ${host}: it ${reason}`,
    );
  });

  it.each(FORBIDDEN_HOSTS)('refuses $name that a name resolves to', async ({ address, reason }) => {
    await expect(check('https://hook.example/', resolvingTo(PUBLIC_IPV4, address))).rejects.toThrow(
      `Webhooks may not reach hook.example: it resolves to ${address}, which ${reason}`,
    );
  });

  it.each(PUBLIC_HOSTS)('takes $name, which reaches a public address', async ({ address }) => {
    await expect(check(`http://[${address}]/`)).resolves.toMatchObject({ family: 6 });
    await expect(check('https://hook.example/', resolvingTo(address))).resolves.toEqual({
      address,
      family: 6,
    });
  });

  it('takes any of them when private addresses are allowed', async () => {
    for (const { address } of FORBIDDEN_HOSTS) {
      await expect(checkedAddress(new URL(`http://[${address}]/`), true)).resolves.toMatchObject({
        family: 6,
      });
    }
  });

  it('refuses a name with no address', async () => {
    await expect(check('http://nothing.invalid/')).rejects.toThrow(
      'nothing.invalid could not be found.',
    );
  });
});
