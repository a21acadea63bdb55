// A webhook's signing secret and the signature every delivery carries. The secret is shown once and kept
// sealed (AES-256-GCM under a key derived from JWT_SECRET for this use alone), so a copy of the database alone
// cannot sign as us; the signature is Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
// keyed with the whole secret's text, so a receiver can refuse a replayed delivery by its age.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { randomToken } from '../../platform/ids.ts';

export const SECRET_PREFIX = 'whsec_';

export const newWebhookSecret = () => `${SECRET_PREFIX}${randomToken(32)}`;

/** The `Mixdesk-Signature` header's value for `body` sent at `atMs`. */
export function signatureOf(secret: string, body: string, atMs = Date.now()): string {
  const t = Math.floor(atMs / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

const keys = new Map<string, Buffer>();
function sealingKey(jwtSecret: string): Buffer {
  let key = keys.get(jwtSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', jwtSecret, 'mixdesk', 'webhook-secret', 32));
    keys.set(jwtSecret, key);
  }
  return key;
}

const VERSION = 'v1';

export function sealSecret(jwtSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(jwtSecret), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when it was sealed under another JWT_SECRET (or tampered with). */
export function openSecret(jwtSecret: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(jwtSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
