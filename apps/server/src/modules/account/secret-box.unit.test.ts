// The sealed TOTP seed and the signed download links: each opens only under its own key and purpose, and a
// changed byte anywhere makes it unreadable (null), never an exception.
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, signPayload, verifyPayload } from './secret-box.ts';

const SECRET = 'jwt-secret-for-the-secret-box-tests';

/** `s` with the character at `index` changed to another base64url character. */
const flip = (s: string, index: number) =>
  s.slice(0, index) + (s[index] === 'A' ? 'B' : 'A') + s.slice(index + 1);

describe('sealSecret / openSecret', () => {
  it('opens what it sealed, including an empty or non-ASCII text, with a fresh IV each time', () => {
    for (const text of ['JBSWY3DPEHPK3PXP', '', 'clé – ключ 🎵']) {
      const sealed = sealSecret(SECRET, text);
      expect(sealed.split('.')).toHaveLength(4);
      expect(sealed.startsWith('v1.')).toBe(true);
      expect(sealed).not.toContain(Buffer.from(text).toString('base64url') || '\u0000');
      expect(openSecret(SECRET, sealed)).toBe(text);
    }
    expect(sealSecret(SECRET, 'same')).not.toBe(sealSecret(SECRET, 'same'));
  });

  it('answers null under another secret', () => {
    expect(openSecret(`${SECRET}-2`, sealSecret(SECRET, 'seed'))).toBeNull();
  });

  it('answers null when any part was changed', () => {
    const sealed = sealSecret(SECRET, 'a seed of some length');
    const [version, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    expect(openSecret(SECRET, [version, flip(iv, 0), tag, data].join('.'))).toBeNull();
    expect(openSecret(SECRET, [version, iv, flip(tag, 0), data].join('.'))).toBeNull();
    expect(openSecret(SECRET, [version, iv, tag, flip(data, 0)].join('.'))).toBeNull();
    expect(openSecret(SECRET, [version, iv, tag, data.slice(0, -1)].join('.'))).toBeNull();
  });

  it.each([
    ['another version', (p: string[]) => ['v2', ...p.slice(1)].join('.')],
    ['no IV', (p: string[]) => [p[0], '', p[2], p[3]].join('.')],
    ['no tag', (p: string[]) => [p[0], p[1], '', p[3]].join('.')],
    ['no data part', (p: string[]) => p.slice(0, 3).join('.')],
    ['a short tag', (p: string[]) => [p[0], p[1], 'AAAA', p[3]].join('.')],
    ['nothing', () => ''],
  ])('answers null for %s', (_name, edit) => {
    const parts = sealSecret(SECRET, 'seed').split('.');
    expect(openSecret(SECRET, edit(parts))).toBeNull();
  });

  it('opens a box whose text was empty (its data part is empty, not missing)', () => {
    const sealed = sealSecret(SECRET, '');
    expect(sealed.endsWith('.')).toBe(true);
    expect(openSecret(SECRET, sealed)).toBe('');
  });
});

describe('signPayload / verifyPayload', () => {
  const payload = { userId: 'u1', exp: 123 };

  it('verifies its own signature for the same purpose and secret only', () => {
    const token = signPayload(SECRET, 'export', payload);
    expect(verifyPayload(SECRET, 'export', token)).toEqual(payload);
    expect(verifyPayload(SECRET, 'other-purpose', token)).toBeNull();
    expect(verifyPayload(`${SECRET}-2`, 'export', token)).toBeNull();
  });

  it('answers null for a changed payload or signature, or a malformed token', () => {
    const token = signPayload(SECRET, 'export', payload);
    const [body, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...payload, userId: 'u2' })).toString('base64url');
    expect(verifyPayload(SECRET, 'export', `${forged}.${mac}`)).toBeNull();
    expect(verifyPayload(SECRET, 'export', `${body}.${flip(mac, 3)}`)).toBeNull();
    expect(verifyPayload(SECRET, 'export', `${body}.${mac.slice(0, -2)}`)).toBeNull();
    expect(verifyPayload(SECRET, 'export', `${body}.`)).toBeNull();
    expect(verifyPayload(SECRET, 'export', `.${mac}`)).toBeNull();
    expect(verifyPayload(SECRET, 'export', body)).toBeNull();
  });

  it('answers null for a correctly signed body that is not JSON', async () => {
    const { createHmac, hkdfSync } = await import('node:crypto');
    const body = Buffer.from('not json').toString('base64url');
    const key = Buffer.from(hkdfSync('sha256', SECRET, 'mixdesk', 'export', 32));
    const mac = createHmac('sha256', key).update(body).digest('base64url');
    expect(verifyPayload(SECRET, 'export', `${body}.${mac}`)).toBeNull();
    // The same construction over a JSON body verifies, so the null above is about the JSON.
    const json = Buffer.from('{"a":1}').toString('base64url');
    const jsonMac = createHmac('sha256', key).update(json).digest('base64url');
    expect(verifyPayload(SECRET, 'export', `${json}.${jsonMac}`)).toEqual({ a: 1 });
  });
});
