// POST /api/auth/login/2fa, as the contract declares it: the code that answers a sign-in's two-factor challenge
// (login-challenge.ts) is traded for a session, set in cookies as the password's sign-in does (auth/routes.ts).
import { authRoutes as routes } from '@mixdesk/contract/routes/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdminEmail } from '../../platform/http/admin.ts';
import { serve } from '../../platform/http/contract-routes.ts';
import { isHttps, setAuthCookies } from '../../platform/security/cookies.ts';
import { completeLoginChallenge } from './login-challenge.ts';

export const loginChallengeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const secure = isHttps(ctx.config.appUrl);

  serve(app, routes.loginTwoFactor, {}, async (request, reply) => {
    const { user, session } = await completeLoginChallenge(ctx, request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    setAuthCookies(reply, secure, session.accessToken, session.refreshToken);
    return {
      success: true as const,
      message: 'Signed in',
      data: { user: { ...user, isAdmin: isAdminEmail(ctx.config, user.email) }, token: session.accessToken },
    };
  });
};
