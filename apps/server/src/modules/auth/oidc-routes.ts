// GET /api/auth/options, and single sign-on's GET /api/auth/oidc/start and /api/auth/oidc/callback
// (@mixdesk/contract/routes/oidc, decision 045). Start and callback are registered by hand: each answers a
// browser's navigation with a redirect. A refused callback answers a browser (Accept: text/html) with a redirect
// to /auth?error=<reason>, whose message the web shows; any other client gets the refusal's status and envelope.
import { RedirectSchema, safeAppPath } from '@mixdesk/contract/oidc';
import { oidcRoutes as routes } from '@mixdesk/contract/routes/oidc';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredUrl, serve } from '../../platform/http/contract-routes.ts';
import { isHttps, setAuthCookies } from '../../platform/security/cookies.ts';
import { oidcProvider } from './oidc-client.ts';
import { refused, SsoRefusal } from './oidc-errors.ts';
import { beginSsoSignIn, finishSsoSignIn } from './oidc-service.ts';
import { SIGN_IN_TTL_MS } from './oidc-sign-ins.ts';

/** The browser's half of a started sign-in; it only travels to single sign-on's own routes. */
const SIGN_IN_COOKIE = 'mixdesk_oidc';
const COOKIE_PATH = '/api/auth/oidc';

const redirectAnswers = { response: { 302: RedirectSchema } };

export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const settings = ctx.config.oidc;
  const provider = settings ? oidcProvider(settings) : undefined;
  const secure = isHttps(ctx.config.appUrl);
  // Over https with the `__Secure-` prefix (a `__Host-` cookie must have the path /).
  const cookieName = secure ? `__Secure-${SIGN_IN_COOKIE}` : SIGN_IN_COOKIE;
  // What the provider has registered for this app: the address it sends the browser back to.
  const redirectUri = `${ctx.config.appUrl}${routes.callback.path}`;

  /** A browser (navigating: it asks for a page) goes to /auth with the reason; anything else gets the error. */
  const refuse = (request: FastifyRequest, reply: FastifyReply, err: unknown) => {
    if (!(err instanceof SsoRefusal)) throw err;
    ctx.log.warn({ service: 'auth', reason: err.reason, detail: err.detail }, 'Single sign-on refused');
    if (!request.headers.accept?.includes('text/html')) throw err;
    return reply.header('cache-control', 'no-store').redirect(`/auth?error=${err.reason}`, 302);
  };

  serve(app, routes.options, {}, async () => ({
    success: true as const,
    message: 'Sign-in options',
    data: {
      passwordLogin: ctx.config.passwordLogin !== false,
      sso: settings ? { name: settings.name } : null,
    },
  }));

  app.get(
    declaredUrl(app, routes.start),
    { schema: { querystring: routes.start.query, ...redirectAnswers } },
    async (request, reply) => {
      try {
        if (!provider) throw refused('off');
        const redirectTo = safeAppPath(request.query.redirect);
        const { url, browserSecret } = await beginSsoSignIn(ctx, provider, redirectUri, redirectTo);
        // Lax: the provider's redirect back is a top-level navigation from another site, which must carry it.
        reply.setCookie(cookieName, browserSecret, {
          httpOnly: true,
          secure,
          sameSite: 'lax',
          path: COOKIE_PATH,
          maxAge: SIGN_IN_TTL_MS / 1000,
        });
        return reply.header('cache-control', 'no-store').redirect(url.href, 302);
      } catch (err) {
        return refuse(request, reply, err);
      }
    },
  );

  app.get(
    declaredUrl(app, routes.callback),
    { schema: { querystring: routes.callback.query, ...redirectAnswers } },
    async (request, reply) => {
      try {
        if (!provider) throw refused('off');
        // The answer as the provider sent it: its parameters on the registered address.
        const callbackUrl = new URL(redirectUri);
        callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
        const answer = {
          callbackUrl,
          state: request.query.state,
          browserSecret: request.cookies[cookieName],
        };
        const client = { ip: request.ip, userAgent: request.headers['user-agent'] };
        const { session, redirectTo } = await finishSsoSignIn(ctx, provider, answer, client);
        reply.clearCookie(cookieName, { httpOnly: true, secure, sameSite: 'lax', path: COOKIE_PATH });
        setAuthCookies(reply, secure, session.accessToken, session.refreshToken);
        return reply.header('cache-control', 'no-store').redirect(redirectTo, 302);
      } catch (err) {
        return refuse(request, reply, err);
      }
    },
  );
};
