// Password hashing as stored: argon2id with the configured cost, and checks that never throw.
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';

const cost = { memoryCost: 1024, timeCost: 1 };

describe('passwords', () => {
  it('hashes with argon2id at the configured cost, and verifies only the same password', async () => {
    const hash = await hashPassword('correct horse battery staple', cost);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=\d+\$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery stapl')).toBe(false);
  });

  it('answers false, not an exception, for a stored hash it cannot read', async () => {
    expect(await verifyPassword('not-a-hash', 'whatever')).toBe(false);
    expect(await verifyPassword('', 'whatever')).toBe(false);
  });

  it('answers false against the dummy hash, whatever the password', async () => {
    expect(await verifyAgainstDummy('not-a-real-password-for-timing', cost)).toBe(false);
    expect(await verifyAgainstDummy('anything', cost)).toBe(false);
  });
});
