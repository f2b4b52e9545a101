/**
 * Which IP addresses are public: the rule that keeps webhooks (a URL the customer chooses and
 * the service then calls) away from the service's own machine, its private network and the
 * cloud metadata endpoint (169.254.169.254). Pure: no DNS here; the caller classifies each
 * address a name resolved to (at connect time, so a name cannot resolve to something else
 * after the check).
 */
import { BlockList, isIP } from 'node:net';

export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'multicast' | 'reserved';

/** Ranges by class, checked in this order (RFC 6890 and the IANA special-purpose registries). */
const RANGES: readonly [Exclude<AddressClass, 'public'>, string, number, 'ipv4' | 'ipv6'][] = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  // Carrier-grade NAT (shared address space): not reachable from the internet either.
  ['private', '100.64.0.0', 10, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '192.0.2.0', 24, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '198.51.100.0', 24, 'ipv4'],
  ['reserved', '203.0.113.0', 24, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  // 240.0.0.0/4 holds the broadcast address 255.255.255.255 too.
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['private', 'fc00::', 7, 'ipv6'],
  // Site-local (deprecated, but still routed inside some networks).
  ['private', 'fec0::', 10, 'ipv6'],
  ['private', '64:ff9b:1::', 48, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['multicast', 'ff00::', 8, 'ipv6'],
  ['reserved', '100::', 64, 'ipv6'],
  ['reserved', '2001:db8::', 32, 'ipv6'],
  // Teredo hides an IPv4 address (obfuscated) behind a relay: not a webhook destination.
  ['reserved', '2001::', 32, 'ipv6'],
];

const LISTS = (() => {
  const lists = new Map<Exclude<AddressClass, 'public'>, BlockList>();
  for (const [kind, network, prefix, family] of RANGES) {
    if (!lists.has(kind)) lists.set(kind, new BlockList());
    lists.get(kind)!.addSubnet(network, prefix, family);
  }
  return lists;
})();

/** The 16 bytes of an IPv6 address (a valid one: the caller checked it with isIP). */
function ipv6Bytes(address: string): number[] {
  // A trailing dotted quad (::ffff:127.0.0.1) is the last two groups.
  const text = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a: string, b: string, c: string, d: string) =>
    `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
  );
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const groups = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

const startsWith = (bytes: readonly number[], prefix: readonly number[]) => prefix.every((value, index) => bytes[index] === value);

/**
 * The IPv4 address an IPv6 address carries and leads to, if any: IPv4-mapped (::ffff:a.b.c.d,
 * what a dual-stack socket shows), IPv4-compatible (::a.b.c.d, deprecated), NAT64
 * (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
 */
function embeddedIpv4(bytes: readonly number[]): string | undefined {
  const quad = (at: number) => bytes.slice(at, at + 4).join('.');
  const zeros = (count: number) => new Array<number>(count).fill(0);
  if (startsWith(bytes, [...zeros(10), 0xff, 0xff])) return quad(12);
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, ...zeros(8)])) return quad(12);
  if (startsWith(bytes, [0x20, 0x02])) return quad(2);
  // ::a.b.c.d, but not :: and ::1 themselves (their own classes).
  if (startsWith(bytes, zeros(12)) && !(bytes[12] === 0 && bytes[13] === 0 && bytes[14] === 0 && (bytes[15] ?? 0) <= 1)) return quad(12);
  return undefined;
}

/** The class of an IP address literal (IPv4 or IPv6, a zone index ignored); undefined when it is not one. */
export function classifyAddress(address: string): AddressClass | undefined {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const unzoned = bare.replace(/%.*$/, '');
  const family = isIP(unzoned);
  if (family === 0) return undefined;
  if (family === 6) {
    const embedded = embeddedIpv4(ipv6Bytes(unzoned.toLowerCase()));
    if (embedded !== undefined) return classifyAddress(embedded);
  }
  for (const [kind, list] of LISTS) {
    if (list.check(unzoned, family === 4 ? 'ipv4' : 'ipv6')) return kind;
  }
  return 'public';
}

/**
 * Why a URL host (as WHATWG URL gives it: IPv4 normalised, IPv6 in brackets) is not a public
 * destination, or undefined when it may be one. A name is judged by its form only
 * (`localhost` and `*.localhost` are loopback by definition, RFC 6761); what it resolves to
 * must be checked when connecting.
 */
export function nonPublicHost(hostname: string): Exclude<AddressClass, 'public'> | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const kind = classifyAddress(host);
  if (kind !== undefined) return kind === 'public' ? undefined : kind;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  return undefined;
}

/** Words for a class in a message: "a loopback address". */
export function describeClass(kind: Exclude<AddressClass, 'public'>): string {
  switch (kind) {
    case 'loopback':
      return 'a loopback address';
    case 'private':
      return 'a private network address';
    case 'link-local':
      return 'a link-local address (such as the cloud metadata service)';
    case 'unspecified':
      return 'an unspecified address';
    case 'multicast':
      return 'a multicast address';
    case 'reserved':
      return 'a reserved address';
  }
}
