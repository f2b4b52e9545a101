import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAddress, nonPublicHost, type AddressClass } from '../../src/domain/network-address.js';

describe('classifyAddress', () => {
  it.each<[string, AddressClass]>([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['172.15.255.255', 'public'],
    ['192.169.0.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['1:2:3:4:5:6:7:8', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each<[string, AddressClass]>([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['::7f00:1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['2002:808:808::1', 'public'],
  ])('%s, an IPv6 address carrying an IPv4 one, is classed by that address: %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(['localhost', 'example.com', '', '999.1.1.1', '1.2.3', 'http://127.0.0.1'])('%j is not an address', (text) => {
    expect(classifyAddress(text)).toBeUndefined();
  });

  it('classes every address of a private or loopback IPv4 range as such, also IPv4-mapped', () => {
    const inRange = (first: number, prefix: number) =>
      fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((offset) => {
        const value = ((first >>> 0) + offset) >>> 0;
        return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
      });
    const ranges: [number, number, AddressClass][] = [
      [0x0a000000, 8, 'private'],
      [0xac100000, 12, 'private'],
      [0xc0a80000, 16, 'private'],
      [0x7f000000, 8, 'loopback'],
      [0xa9fe0000, 16, 'link-local'],
    ];
    for (const [first, prefix, kind] of ranges) {
      fc.assert(
        fc.property(inRange(first, prefix), (address) => {
          expect(classifyAddress(address)).toBe(kind);
          expect(classifyAddress(`::ffff:${address}`)).toBe(kind);
        }),
        { numRuns: 200 },
      );
    }
  });

  it('classes an IPv4-mapped IPv6 address as its IPv4 address, whatever the address', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(classifyAddress(`::ffff:${address}`)).toBe(classifyAddress(address));
      }),
      { numRuns: 500 },
    );
  });
});

describe('nonPublicHost (a WHATWG URL hostname)', () => {
  it.each<[string, AddressClass]>([
    ['http://127.0.0.1:8080/hooks', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://%31%32%37.0.0.1/', 'loopback'],
    ['http://[::1]:9000/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://localhost/', 'loopback'],
    ['http://LOCALHOST./', 'loopback'],
    ['http://hooks.localhost/', 'loopback'],
    ['http://0/', 'unspecified'],
    ['http://[::]/', 'unspecified'],
    ['http://10.1.2.3/', 'private'],
    ['https://192.168.0.10/', 'private'],
    ['http://[fd00::1]/', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://[fe80::1]/', 'link-local'],
  ])('%s is %s', (url, kind) => {
    expect(nonPublicHost(new URL(url).hostname)).toBe(kind);
  });

  it.each(['https://example.com/hooks', 'https://hooks.example.co.in:8443/x', 'http://8.8.8.8/', 'http://[2606:4700:4700::1111]/', 'https://localhost.example.com/'])(
    '%s may be a destination (a name is checked again on what it resolves to)',
    (url) => {
      expect(nonPublicHost(new URL(url).hostname)).toBeUndefined();
    },
  );
});
