// Where a webhook may not send (server-side request forgery): loopback, private, link-local, CGNAT, unspecified,
// multicast and reserved addresses, the cloud metadata address, and IPv4-mapped IPv6 forms of them. Checked when
// a webhook is made (its host name looked up) and at every delivery, where the connection goes to the address
// this check passed (`guardedLookup`), so a name that answers a public address to the check and a private one
// to the connection (DNS rebinding) cannot reach inside. WEBHOOK_ALLOW_PRIVATE=1 turns the check off.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/** IPv4 ranges refused, as [first address, prefix length, what it is]. */
const V4_RANGES: [string, number, string][] = [
  ['169.254.169.254', 32, 'the cloud metadata address'],
  ['0.0.0.0', 8, 'an unspecified address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a shared (CGNAT) address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a reserved address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
];

/** IPv6 ranges refused (IPv4-mapped ones are checked as IPv4). */
const V6_RANGES: [string, number, string][] = [
  ['::', 128, 'an unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['fc00::', 7, 'a private address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a site-local address'],
  ['ff00::', 8, 'a multicast address'],
  ['64:ff9b:1::', 48, 'a private address'],
];

const v4Bytes = (address: string): number[] => address.split('.').map(Number);

/** The 16 bytes of an IPv6 address (which isIP has accepted), its IPv4 tail included. */
function v6Bytes(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = v4Bytes(dotted[1]!);
    tail.push(a!, b!, c!, d!);
    text = `${text.slice(0, dotted.index)}0:0`;
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const fill = rest === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  const words = [...left, ...fill, ...right].map((g) => Number.parseInt(g || '0', 16));
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

const inRange = (bytes: number[], first: number[], prefix: number) => {
  for (let bit = 0; bit < prefix; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[i]! & mask) !== (first[i]! & mask)) return false;
  }
  return true;
};

function v4Reason(address: string): string | null {
  const bytes = v4Bytes(address);
  for (const [first, prefix, what] of V4_RANGES) if (inRange(bytes, v4Bytes(first), prefix)) return what;
  if (address === '255.255.255.255') return 'a broadcast address';
  return null;
}

/** The IPv4 address an IPv6 one stands for (::ffff:a.b.c.d, and the NAT64 well-known prefix), or null. */
function embeddedV4(bytes: number[]): string | null {
  const isMapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  const isNat64 = inRange(bytes, v6Bytes('64:ff9b::'), 96);
  const isCompatible = bytes.slice(0, 12).every((b) => b === 0) && bytes.slice(12).some((b) => b !== 0);
  return isMapped || isNat64 || isCompatible ? bytes.slice(12).join('.') : null;
}

/** Why `address` (an IP literal) may not be reached, in words, or null when it may. */
export function forbiddenAddressReason(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return v4Reason(address);
  if (family !== 6) return 'not an IP address';
  const bytes = v6Bytes(address);
  for (const [first, prefix, what] of V6_RANGES) if (inRange(bytes, v6Bytes(first), prefix)) return what;
  const v4 = embeddedV4(bytes);
  return v4 ? v4Reason(v4) : null;
}

/** A refusal of a URL, said to the person who typed it or written in the delivery log. */
export class ForbiddenAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(
      host === address
        ? `${address} is ${reason}: webhooks may not send there`
        : `${host} resolves to ${address}, ${reason}: webhooks may not send there`,
    );
    this.name = 'ForbiddenAddressError';
  }
}

/** The URL's host without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

const lookupAll = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );

/**
 * Throws ForbiddenAddressError when the URL's host is, or resolves to, an address webhooks may not reach
 * (every address a name has must pass); rejects with the resolver's error when the name does not resolve.
 */
export async function checkUrlTarget(url: URL): Promise<void> {
  const host = hostOf(url);
  const addresses = isIP(host) ? [host] : (await lookupAll(host)).map((a) => a.address);
  for (const address of addresses) {
    const reason = forbiddenAddressReason(address);
    if (reason) throw new ForbiddenAddressError(host, address, reason);
  }
}

/**
 * A `lookup` for http(s).request: the name is resolved once, every address checked, and the connection made
 * to the addresses that passed, never to a second answer of the resolver.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    for (const { address } of addresses) {
      const reason = forbiddenAddressReason(address);
      if (reason) return callback(new ForbiddenAddressError(hostname, address, reason), '', 4);
    }
    if (addresses.length === 0) return callback(new Error(`${hostname} has no address`), '', 4);
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};
