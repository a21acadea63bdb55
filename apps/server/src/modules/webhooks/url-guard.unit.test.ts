// Which addresses a webhook may not reach (each range at its edges, IPv4-mapped and NAT64 forms of them), and the
// signature and sealed secret every delivery depends on (the HMAC checked against openssl's, computed by hand).
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, signatureOf } from './signing.ts';
import { forbiddenAddressReason } from './url-guard.ts';

describe('forbidden addresses', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['10.0.0.1', 'a private address'],
    ['10.255.255.255', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.169.254', 'the cloud metadata address'],
    ['169.254.0.1', 'a link-local address'],
    ['100.64.0.1', 'a shared (CGNAT) address'],
    ['100.127.255.255', 'a shared (CGNAT) address'],
    ['0.0.0.0', 'an unspecified address'],
    ['224.0.0.1', 'a multicast address'],
    ['255.255.255.255', 'a reserved address'],
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['fc00::1', 'a private address'],
    ['fd12:3456::1', 'a private address'],
    ['fe80::1', 'a link-local address'],
    ['febf::1', 'a link-local address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:a9fe:a9fe', 'the cloud metadata address'],
    ['::ffff:10.1.2.3', 'a private address'],
    ['64:ff9b::a00:1', 'a private address'],
    ['::127.0.0.1', 'a loopback address'],
  ])('refuses %s as %s', (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.169.0.1',
    '169.253.255.255',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2a00:1450:4001:80b::200e',
  ])('lets %s through', (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });

  it('calls a host name no address', () => {
    expect(forbiddenAddressReason('localhost')).toBe('not an IP address');
  });
});

describe('signing', () => {
  it('signs "<t>.<body>" with HMAC-SHA256 of the secret, as openssl does', () => {
    const body = '{"id":"track_added:1","type":"track_added"}';
    // printf '%s' '1700000000.<body>' | openssl dgst -sha256 -hmac 'whsec_unit-test-secret'
    expect(signatureOf('whsec_unit-test-secret', body, 1_700_000_000_999)).toBe(
      't=1700000000,v1=8d060472720778cd872bd150e6d6a7ba0fd2ca108875420396338ecd68704eff',
    );
  });

  it('opens a sealed secret with the JWT secret it was sealed under, and nothing else', () => {
    const sealed = sealSecret('a'.repeat(32), 'whsec_abc');
    expect(sealed).not.toContain('whsec_abc');
    expect(openSecret('a'.repeat(32), sealed)).toBe('whsec_abc');
    expect(openSecret('b'.repeat(32), sealed)).toBeNull();
    expect(openSecret('a'.repeat(32), `${sealed.slice(0, -2)}AA`)).toBeNull();
    expect(openSecret('a'.repeat(32), 'not sealed')).toBeNull();
  });
});
