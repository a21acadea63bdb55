// argon2id password hashing.
import { hash, verify } from '@node-rs/argon2';
import type { Config } from '../../config.ts';

/** Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

export function hashPassword(password: string, cost: Config['argon2']): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown email cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string, cost: Config['argon2']): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing', cost);
  await verifyPassword(await dummyHash, password);
  return false;
}
