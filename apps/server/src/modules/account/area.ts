// The account area: settings, two-factor, devices, export and deletion of the signed-in user's account. It
// hands sign-in its second step (ctx.signInChallenge) and answers that step's route under /api/auth.
import type { Area } from '../../platform/area.ts';
import { challengeAtSignIn } from './login-challenge.ts';
import { loginChallengeRoutes } from './login-challenge-routes.ts';
import { accountRoutes } from './routes.ts';

export const accountArea: Area = {
  name: 'account',
  routes: [
    { prefix: '/api/account', plugin: accountRoutes },
    { prefix: '/api/auth', plugin: loginChallengeRoutes },
  ],
  signInChallenge: challengeAtSignIn,
};
