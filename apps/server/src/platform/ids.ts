// Opaque, time-ordered ids (UUIDv7) and random secrets.
import { createHash, randomBytes } from 'node:crypto';

export function newId(): string {
  const bytes = randomBytes(16);
  const ms = BigInt(Date.now());
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** base64url for secrets; hex where the token must fit a storage key (lower-case letters and digits only). */
export const randomToken = (bytes = 32, encoding: 'base64url' | 'hex' = 'base64url') =>
  randomBytes(bytes).toString(encoding);
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const nowIso = () => new Date().toISOString();
export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

/** Request ids: unique per process start and cheap (no randomness per request). */
export function requestIdGenerator(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let n = 0;
  return () => {
    n += 1;
    return `${prefix}-${n.toString(36)}`;
  };
}
