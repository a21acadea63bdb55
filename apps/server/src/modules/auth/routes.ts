// HTTP routes of the auth area (SPEC §7 Auth), as the contract declares them: validate, call the service, shape
// the envelope.
import type { User } from '@mixdesk/contract/auth';
import { RegisterBodySchema, ResetPasswordBodySchema } from '@mixdesk/contract/password-policy';
import { authRoutes as routes } from '@mixdesk/contract/routes/auth';
import { sessionRoutes } from '@mixdesk/contract/routes/session';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdminEmail } from '../../platform/http/admin.ts';
import { serve } from '../../platform/http/contract-routes.ts';
import { authOf } from '../../platform/security/auth.ts';
import { clearAuthCookies, cookieNames, isHttps, setAuthCookies } from '../../platform/security/cookies.ts';
import { ANONYMOUS, assertCsrf } from '../../platform/security/csrf.ts';
import { passwordRoutesGuard } from './oidc-password-off.ts';
import * as auth from './service.ts';
import { endSession, type IssuedSession, rotateSession, sessionOfRefreshToken } from './sessions.ts';

const MeResponseSchema = sessionRoutes.me.response;
/** The type Fastify gives the JSON it serializes. */
const JSON_TYPE = 'application/json; charset=utf-8';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const secure = isHttps(ctx.config.appUrl);
  const names = cookieNames(secure);
  // PASSWORD_LOGIN=0: sign-in, registration and resets with a password answer 403 (single sign-on only).
  const passwordRoutes = [routes.register, routes.login, routes.forgotPassword, routes.resetPassword];
  app.addHook('onRequest', passwordRoutesGuard(ctx.config, passwordRoutes));
  /** Every answer that carries the signed-in user says whether it runs the server (the Diagnostics link). */
  const flagged = (user: User): User => ({ ...user, isAdmin: isAdminEmail(ctx.config, user.email) });
  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
  const signIn = (reply: FastifyReply, session: IssuedSession) =>
    setAuthCookies(reply, secure, session.accessToken, session.refreshToken);
  /**
   * Refresh and logout are authenticated by the refresh cookie, so they need the CSRF token: one made for the
   * refresh token's session, or an anonymous one, since the refresh cookie (path /api/auth) never reaches
   * GET /api/csrf-token and a page whose access cookie has run out asks for its token without a session.
   * The refresh cookie is SameSite=Strict besides: no other site's request carries it.
   */
  const csrfIfCookie = async (request: FastifyRequest) => {
    const refresh = request.cookies[names.refresh];
    if (!refresh) return;
    const sessionId = await sessionOfRefreshToken(ctx, refresh);
    try {
      assertCsrf(request, ctx.config.jwtSecret, ANONYMOUS, names.csrf);
    } catch (err) {
      if (!sessionId) throw err;
      assertCsrf(request, ctx.config.jwtSecret, sessionId, names.csrf);
    }
  };

  // The new password is checked against contract/password-policy too, as before: the declaration's schema
  // is the one the web loads up front, without the guessability dictionary.
  serve(app, routes.register, { strictBody: RegisterBodySchema }, async (request, reply) => {
    const { user, session } = await auth.register(ctx, request.body, client(request));
    signIn(reply, session);
    return reply.status(201).send({
      success: true,
      message: 'Account created. Check your inbox to verify your email address.',
      data: { user: flagged(user), token: session.accessToken },
    });
  });

  serve(app, routes.login, {}, async (request, reply) => {
    const result = await auth.login(ctx, request.body, client(request));
    if ('challenge' in result)
      return {
        success: true as const,
        message: 'Enter the code from your authenticator app',
        data: result,
      };
    signIn(reply, result.session);
    return {
      success: true as const,
      message: 'Signed in',
      data: { user: flagged(result.user), token: result.session.accessToken },
    };
  });

  // POST /api/auth/login/2fa, the challenge's answer, is the account area's (account/login-challenge-routes.ts).

  serve(app, sessionRoutes.refresh, {}, async (request, reply) => {
    await csrfIfCookie(request);
    try {
      const { user, session } = await rotateSession(ctx, request.cookies[names.refresh]);
      signIn(reply, session);
      return {
        success: true as const,
        message: 'Session refreshed',
        data: { user: flagged(user), token: session.accessToken },
      };
    } catch (err) {
      clearAuthCookies(reply, secure);
      throw err;
    }
  });

  /**
   * GET /me's JSON by the signed-in user's object. That object is frozen and shared by the requests of one
   * session lookup (platform/security/auth.ts), so its answer is checked against the schema and serialized once, not
   * on every request (the zod pass and JSON.stringify were the route's largest cost of its own).
   */
  const meBodies = new WeakMap<User, string>();
  const meBody = (signedIn: User): string => {
    let body = meBodies.get(signedIn);
    if (body === undefined) {
      const user = flagged(signedIn);
      const answer = { success: true as const, message: 'Current user', data: { user }, user };
      body = JSON.stringify(MeResponseSchema.parse(answer));
      if (Object.isFrozen(signedIn)) meBodies.set(signedIn, body);
    }
    return body;
  };

  // A string with its JSON type is sent as it is: the serializer's work is done above.
  serve(app, sessionRoutes.me, { preHandler: app.requireAuth }, async (request, reply) =>
    reply.type(JSON_TYPE).send(meBody(authOf(request).user)),
  );

  serve(app, sessionRoutes.logout, {}, async (request, reply) => {
    await csrfIfCookie(request);
    const sessionId = await sessionOfRefreshToken(ctx, request.cookies[names.refresh]);
    if (sessionId) await endSession(ctx, sessionId);
    else {
      // Without a refresh cookie (a bearer-only client, or a browser that lost it), the session of the
      // access token, when it proves one (a cookie's needs the CSRF token, as any cookie-signed write does).
      await app.requireAuth(request, reply).catch(() => undefined);
      if (request.auth) await endSession(ctx, request.auth.sessionId);
    }
    clearAuthCookies(reply, secure);
    return { success: true as const, message: 'Signed out' };
  });

  serve(app, routes.resendVerification, { preHandler: app.requireAuth }, async (request) => {
    await auth.resendVerification(ctx, authOf(request).user._id);
    return { success: true as const, message: 'Verification email sent' };
  });

  serve(app, routes.verifyEmail, {}, async (request) => {
    const user = await auth.verifyEmail(ctx, request.body.token);
    return { success: true as const, message: 'Email verified', data: { user: flagged(user) } };
  });

  serve(app, routes.forgotPassword, {}, async (request) => {
    await auth.requestPasswordReset(ctx, request.body.email);
    return {
      success: true as const,
      message: 'If an account exists for that email, a link to reset the password is on its way.',
    };
  });

  serve(app, routes.resetPassword, { strictBody: ResetPasswordBodySchema }, async (request, reply) => {
    await auth.resetPassword(ctx, request.body.token, request.body.password);
    clearAuthCookies(reply, secure);
    return {
      success: true as const,
      message: 'Your password has been reset. Sign in with your new password.',
    };
  });
};
