// Helpers for tests of two-factor sign-in: the codes an authenticator app would show, and an account with it on.
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { bearer, type SignedIn } from '../../../test/helper.ts';

/** The code an authenticator app shows `steps` 30-second steps from now. */
export const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/** Turns two-factor sign-in on through the API; the secret, the code that confirmed it and the recovery codes. */
export async function enableTwoFactor(app: FastifyInstance, who: SignedIn) {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/account/two-factor/setup',
    headers: bearer(who.token),
  });
  const secret: string = setup.json().data.secret;
  const used = codeAt(secret);
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/two-factor/enable',
    headers: bearer(who.token),
    payload: { code: used },
  });
  if (res.statusCode !== 200) throw new Error(`enabling two-factor failed: ${res.statusCode} ${res.body}`);
  return { secret, used, recoveryCodes: res.json().data.recoveryCodes as string[], response: res };
}
