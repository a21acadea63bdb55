// A single sign-on between its start and the provider's answer, kept in the database so that any instance can
// finish it: the state (only its hash), the nonce and the PKCE verifier, the browser it began in, where to go
// after. The answer is taken once: a replayed callback (the same state, or the same code) is refused.
import type { AppContext } from '../../platform/context.ts';
import { isoIn, nowIso, randomToken, sha256 } from '../../platform/ids.ts';
import { refused } from './oidc-errors.ts';

/** How long a started sign-in waits for the provider's answer (people type passwords and codes there). */
export const SIGN_IN_TTL_MS = 10 * 60 * 1000;

export interface StartedSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The value of the browser's sign-in cookie: the answer must come back to the browser that started. */
  browserSecret: string;
}

export async function startSignIn(ctx: AppContext, redirectTo: string, codeVerifier: string) {
  const started: StartedSignIn = {
    state: randomToken(),
    nonce: randomToken(),
    codeVerifier,
    browserSecret: randomToken(),
  };
  const now = nowIso();
  // Sign-ins nobody finished are of no use: cleared as new ones start.
  await ctx.db.deleteFrom('oidc_sign_ins').where('expires_at', '<', now).execute();
  await ctx.db
    .insertInto('oidc_sign_ins')
    .values({
      state_hash: sha256(started.state),
      browser_hash: sha256(started.browserSecret),
      nonce: started.nonce,
      code_verifier: codeVerifier,
      redirect_to: redirectTo,
      created_at: now,
      expires_at: isoIn(SIGN_IN_TTL_MS),
      used_at: null,
    })
    .execute();
  return started;
}

/**
 * The sign-in a callback's `state` belongs to, marked used: refused (400) when the state is unknown (made up
 * or tampered with), expired, already used, or arrives in a browser other than the one that started it.
 */
export async function takeSignIn(
  ctx: AppContext,
  state: string | undefined,
  browserSecret: string | undefined,
) {
  if (!state || !browserSecret) throw refused('state');
  const stateHash = sha256(state);
  const row = await ctx.db
    .selectFrom('oidc_sign_ins')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
  if (!row || row.used_at || row.expires_at < nowIso()) throw refused('state');
  if (row.browser_hash !== sha256(browserSecret)) throw refused('state');
  // Used only if still unused, so two callbacks racing with one state cannot both go on.
  const marked = await ctx.db
    .updateTable('oidc_sign_ins')
    .set({ used_at: nowIso() })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) throw refused('state');
  return { state, nonce: row.nonce, codeVerifier: row.code_verifier, redirectTo: row.redirect_to };
}
