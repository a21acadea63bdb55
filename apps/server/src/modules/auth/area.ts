// The auth area: registration, sign-in (with a password or single sign-on), sessions and the one-time links of
// email verification and resets.
import type { Area } from '../../platform/area.ts';
import { oidcRoutes } from './oidc-routes.ts';
import { authUserData } from './oidc-user-data.ts';
import { authRoutes } from './routes.ts';

export const authArea: Area = {
  name: 'auth',
  routes: [
    { prefix: '/api/auth', plugin: authRoutes },
    { prefix: '/api/auth', plugin: oidcRoutes },
  ],
  userData: authUserData,
};
