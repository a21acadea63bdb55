// Encrypts small secrets at rest (the TOTP seed) with AES-256-GCM under a key derived from JWT_SECRET, and signs
// short-lived links (the export download). Each use gets its own derived key, so one cannot stand in for another.
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

const keys = new Map<string, Buffer>();
function derivedKey(secret: string, purpose: string): Buffer {
  const id = `${purpose}\0${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'mixdesk', purpose, 32));
    keys.set(id, key);
  }
  return key;
}

const VERSION = 'v1';

export function sealSecret(jwtSecret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(jwtSecret, 'totp-secret'), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plaintext, or null when the box was tampered with or sealed under another key. */
export function openSecret(jwtSecret: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      derivedKey(jwtSecret, 'totp-secret'),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** `payload.signature`, both base64url; the payload is JSON. */
export function signPayload(jwtSecret: string, purpose: string, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', derivedKey(jwtSecret, purpose)).update(body).digest('base64url');
  return `${body}.${mac}`;
}

export function verifyPayload<T>(jwtSecret: string, purpose: string, token: string): T | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', derivedKey(jwtSecret, purpose)).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}
