// The api-tokens area (issue #38): personal API tokens for scripts, made and revoked in Settings. It hands
// request authentication the lookup of a token by its hash (ctx.personalTokens); the demo account has none.
import type { Area } from '../../platform/area.ts';
import { personalTokenLookup } from './lookup.ts';
import { apiTokensRoutes } from './routes.ts';
import { apiTokensUserData } from './user-data.ts';

export const apiTokensArea: Area = {
  name: 'api-tokens',
  routes: [{ prefix: '/api/account', plugin: apiTokensRoutes }],
  userData: apiTokensUserData,
  personalTokens: personalTokenLookup,
};
