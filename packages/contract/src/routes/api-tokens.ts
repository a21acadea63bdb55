// The personal API tokens' routes (issue #38), under /api/account/tokens, declared once for the server and the
// web (../routes.ts). Managing tokens needs the web session: a personal token is refused on these (403).
import {
  ApiTokenListResponseSchema,
  ApiTokenParamsSchema,
  CreateApiTokenSchema,
  CreatedApiTokenResponseSchema,
} from '../api-tokens.ts';
import { OkSchema } from '../envelope.ts';
import { defineRoutes } from '../routes.ts';

export const apiTokenRoutes = defineRoutes('apiToken', {
  /** The only answer that holds the token itself: the server keeps its hash. */
  create: {
    method: 'POST',
    path: '/api/account/tokens',
    summary: 'Create a personal API token (the token is in this answer only)',
    body: CreateApiTokenSchema,
    status: 201,
    response: CreatedApiTokenResponseSchema,
    errors: [409],
  },
  list: {
    method: 'GET',
    path: '/api/account/tokens',
    summary: 'List your personal API tokens (never the tokens themselves)',
    response: ApiTokenListResponseSchema,
  },
  revoke: {
    method: 'DELETE',
    path: '/api/account/tokens/:id',
    summary: 'Revoke a personal API token: it stops working at once',
    params: ApiTokenParamsSchema,
    response: OkSchema,
  },
});
