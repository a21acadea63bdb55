// The stored formats of the secret box, checked from outside: a secret sealed today must open after an upgrade,
// so the key derivation (HKDF-SHA256, salt "mixdesk", the purpose as info) and the layout are fixed.
// Each test uses a JWT secret of its own: derived keys are remembered per secret, and a fresh one is derived here.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, signPayload } from './secret-box.ts';

const freshSecret = () => randomBytes(24).toString('base64url');
const keyFor = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'mixdesk', purpose, 32));

describe('sealed secrets', () => {
  it('are "v1.<iv>.<tag>.<data>" in base64url: AES-256-GCM under the key derived for "totp-secret"', () => {
    const secret = freshSecret();
    const plaintext = 'JBSWY3DPEHPK3PXP';
    const sealed = sealSecret(secret, plaintext);
    const [version, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    expect(version).toBe('v1');
    for (const part of [iv, tag, data]) expect(part).toMatch(/^[\w-]+$/);
    expect(Buffer.from(iv, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag, 'base64url')).toHaveLength(16);
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyFor(secret, 'totp-secret'),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const opened = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
    expect(opened.toString('utf8')).toBe(plaintext);
  });

  it('open when sealed the same way by hand', () => {
    const secret = freshSecret();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', keyFor(secret, 'totp-secret'), iv);
    const data = Buffer.concat([cipher.update('clé 🎵', 'utf8'), cipher.final()]);
    const sealed = ['v1', ...[iv, cipher.getAuthTag(), data].map((p) => p.toString('base64url'))].join('.');
    expect(openSecret(secret, sealed)).toBe('clé 🎵');
  });
});

describe('signed payloads', () => {
  it('are "<body>.<HMAC-SHA256 of the body>" under the key derived for their purpose', () => {
    const secret = freshSecret();
    const token = signPayload(secret, 'export', { u: 'user-1' });
    const [body, mac] = token.split('.') as [string, string];
    expect(JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))).toEqual({ u: 'user-1' });
    expect(mac).toBe(createHmac('sha256', keyFor(secret, 'export')).update(body).digest('base64url'));
  });
});
