// Test helpers of the api-tokens area: making a token through the real route (as a signed-in browser session
// does, with the session's access token) and calling the API with a personal token.
import type { CreateApiTokenInput } from '@mixdesk/contract/api-tokens';
import { CreatedApiTokenResponseSchema } from '@mixdesk/contract/api-tokens';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, type SignedIn } from '../../../test/helper.ts';

export const TOKENS_URL = '/api/account/tokens';

/** POST /api/account/tokens with the session's access token; the raw answer. */
export function postToken(
  app: FastifyInstance,
  who: SignedIn,
  body: Partial<CreateApiTokenInput> | Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: TOKENS_URL, headers: bearer(who.token), payload: body });
}

/** Makes a token (read and write unless said) and answers the secret and the token as listed. */
export async function makeToken(
  app: FastifyInstance,
  who: SignedIn,
  body: Partial<CreateApiTokenInput> = {},
) {
  const res = await postToken(app, who, { name: 'Script', scopes: ['read', 'write'], ...body });
  expect(res.statusCode, res.body).toBe(201);
  return CreatedApiTokenResponseSchema.parse(res.json()).data;
}

/** A request authenticated by a personal token (or any bearer value). */
export function withToken(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
