// Short-lived access tokens (JWT, HS256): sub = user id, sid = session id.
import { createSecretKey, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'mixdesk';
/** Verified tokens remembered per process; revocation is still checked against the session on every use. */
const CACHE_MAX = 10_000;

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export class AccessTokens {
  readonly #key: KeyObject;
  readonly #verified = new Map<string, AccessClaims & { expMs: number }>();

  constructor(secret: string) {
    this.#key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.#key);
  }

  /**
   * The claims of a token verified before (null once it has expired), or undefined when it was not: then
   * verify() decides. Synchronous, so the common case costs no promise.
   */
  known(token: string): AccessClaims | null | undefined {
    const known = this.#verified.get(token);
    if (!known) return undefined;
    if (known.expMs > Date.now()) return { userId: known.userId, sessionId: known.sessionId };
    this.#verified.delete(token);
    return null;
  }

  /** The claims of a valid token, or null for an expired, tampered or foreign one. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.known(token);
    if (known !== undefined) return known;
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'], issuer: ISSUER });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.exp !== 'number'
      ) {
        return null;
      }
      const claims = { userId: payload.sub, sessionId: payload.sid };
      if (this.#verified.size >= CACHE_MAX) this.#verified.clear();
      this.#verified.set(token, { ...claims, expMs: payload.exp * 1000 });
      return claims;
    } catch {
      return null;
    }
  }
}

const bySecret = new Map<string, AccessTokens>();
/** One signer/verifier per secret (tests run several apps with different secrets in one process). */
export function accessTokens(secret: string): AccessTokens {
  let tokens = bySecret.get(secret);
  if (!tokens) {
    tokens = new AccessTokens(secret);
    bySecret.set(secret, tokens);
  }
  return tokens;
}
