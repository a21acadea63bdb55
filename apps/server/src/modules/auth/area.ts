// The auth area: registration, sign-in, sessions and the one-time links of email verification and resets.
import type { Area } from '../../platform/area.ts';
import { authRoutes } from './routes.ts';

export const authArea: Area = {
  name: 'auth',
  routes: [{ prefix: '/api/auth', plugin: authRoutes }],
};
