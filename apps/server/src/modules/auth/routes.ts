// HTTP routes of the auth area (SPEC §7 Auth): validate, call the service, shape the envelope.

import { LoginResultSchema, LoginSecondFactorSchema } from '@mixdesk/contract/account';
import {
  ForgotPasswordSchema,
  LoginSchema,
  MeDataSchema,
  SessionDataSchema,
  type User,
  UserSchema,
  VerifyEmailSchema,
} from '@mixdesk/contract/auth';
import { envelope, OkSchema } from '@mixdesk/contract/envelope';
import { RegisterBodySchema, ResetPasswordBodySchema } from '@mixdesk/contract/password-policy';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdminEmail } from '../../platform/admin.ts';
import { authOf } from '../../platform/auth.ts';
import { clearAuthCookies, cookieNames, isHttps, setAuthCookies } from '../../platform/cookies.ts';
import { ANONYMOUS, assertCsrf } from '../../platform/csrf.ts';
import { completeLoginChallenge } from '../account/public.ts';
import * as auth from './service.ts';
import { endSession, type IssuedSession, rotateSession, sessionOfRefreshToken } from './sessions.ts';

const MeResponseSchema = envelope(MeDataSchema).extend({ user: UserSchema });
type MeResponse = z.output<typeof MeResponseSchema>;
/** The type Fastify gives the JSON it serializes. */
const JSON_TYPE = 'application/json; charset=utf-8';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const secure = isHttps(ctx.config.appUrl);
  const names = cookieNames(secure);
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

  app.post(
    '/register',
    { schema: { body: RegisterBodySchema, response: { 201: envelope(SessionDataSchema) } } },
    async (request, reply) => {
      const { user, session } = await auth.register(ctx, request.body, client(request));
      signIn(reply, session);
      return reply.status(201).send({
        success: true,
        message: 'Account created. Check your inbox to verify your email address.',
        data: { user: flagged(user), token: session.accessToken },
      });
    },
  );

  app.post(
    '/login',
    { schema: { body: LoginSchema, response: { 200: envelope(LoginResultSchema) } } },
    async (request, reply) => {
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
    },
  );

  app.post(
    '/login/two-factor',
    { schema: { body: LoginSecondFactorSchema, response: { 200: envelope(SessionDataSchema) } } },
    async (request, reply) => {
      const { user, session } = await completeLoginChallenge(ctx, request.body, client(request));
      signIn(reply, session);
      return {
        success: true as const,
        message: 'Signed in',
        data: { user: flagged(user), token: session.accessToken },
      };
    },
  );

  app.post(
    '/refresh',
    { schema: { response: { 200: envelope(SessionDataSchema) } } },
    async (request, reply) => {
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
    },
  );

  /**
   * GET /me's JSON by the signed-in user's object. That object is frozen and shared by the requests of one
   * session lookup (platform/auth.ts), so its answer is checked against the schema and serialized once, not
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

  app.get(
    '/me',
    { preHandler: app.requireAuth, schema: { response: { 200: MeResponseSchema } } },
    // A string with its JSON type is sent as it is: the serializer's work is done above. (The type provider
    // types send() by the schema; the string is that schema's JSON.)
    async (request, reply) =>
      reply.type(JSON_TYPE).send(meBody(authOf(request).user) as unknown as MeResponse),
  );

  app.post('/logout', { schema: { response: { 200: OkSchema } } }, async (request, reply) => {
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

  app.post(
    '/resend-verification',
    { preHandler: app.requireAuth, schema: { response: { 200: OkSchema } } },
    async (request) => {
      await auth.resendVerification(ctx, authOf(request).user._id);
      return { success: true as const, message: 'Verification email sent' };
    },
  );

  app.post(
    '/verify-email',
    { schema: { body: VerifyEmailSchema, response: { 200: envelope(z.object({ user: UserSchema })) } } },
    async (request) => {
      const user = await auth.verifyEmail(ctx, request.body.token);
      return { success: true as const, message: 'Email verified', data: { user: flagged(user) } };
    },
  );

  app.post(
    '/forgot-password',
    { schema: { body: ForgotPasswordSchema, response: { 200: OkSchema } } },
    async (request) => {
      await auth.requestPasswordReset(ctx, request.body.email);
      return {
        success: true as const,
        message: 'If an account exists for that email, a link to reset the password is on its way.',
      };
    },
  );

  app.post(
    '/reset-password',
    { schema: { body: ResetPasswordBodySchema, response: { 200: OkSchema } } },
    async (request, reply) => {
      await auth.resetPassword(ctx, request.body.token, request.body.password);
      clearAuthCookies(reply, secure);
      return {
        success: true as const,
        message: 'Your password has been reset. Sign in with your new password.',
      };
    },
  );
};
