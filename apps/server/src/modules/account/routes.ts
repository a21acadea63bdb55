// HTTP routes of the account area, under /api/account (password, sessions, two-factor, export, delete
// account), as the contract declares them.
import { ExportTokenQuerySchema } from '@mixdesk/contract/account';
import { ChangePasswordBodySchema } from '@mixdesk/contract/password-policy';
import { accountRoutes as routes } from '@mixdesk/contract/routes/account';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/contract-routes.ts';
import { BinarySchema } from '../../platform/http/openapi.ts';
import { authOf } from '../../platform/security/auth.ts';
import { clearAuthCookies, isHttps } from '../../platform/security/cookies.ts';
import { deleteAccount } from './delete-account.ts';
import { buildExport, createExportLink, requestOfExportLink } from './export.ts';
import * as account from './service.ts';
import { confirmSetup, twoFactorStatus } from './two-factor.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const secure = isHttps(ctx.config.appUrl);
  const caller = (request: FastifyRequest): account.Caller => {
    const auth = authOf(request);
    return { userId: auth.user._id, sessionId: auth.sessionId, ip: request.ip };
  };
  // Every route here is the web session's own (a personal API token gets 403): password, sessions, two-factor,
  // the export (its link is bound to the session) and account deletion.
  const guarded = { preHandler: app.requireSession };

  // The new password is checked against contract/password-policy too, as before: the declaration's schema
  // is the one the web loads up front, without the guessability dictionary.
  serve(app, routes.changePassword, { ...guarded, strictBody: ChangePasswordBodySchema }, async (request) => {
    const revoked = await account.changePassword(ctx, caller(request), request.body);
    return {
      success: true as const,
      message:
        revoked > 0
          ? `Password changed. ${revoked} other ${revoked === 1 ? 'session was' : 'sessions were'} signed out.`
          : 'Password changed.',
      data: { revoked },
    };
  });

  serve(app, routes.sessions, guarded, async (request) => ({
    success: true as const,
    message: 'Active sessions',
    data: { sessions: await account.listSessions(ctx, caller(request)) },
  }));

  serve(app, routes.signOutSession, guarded, async (request, reply) => {
    const who = caller(request);
    await account.signOutSession(ctx, who, request.params.id);
    if (request.params.id === who.sessionId) clearAuthCookies(reply, secure);
    return { success: true as const, message: 'Session signed out' };
  });

  serve(app, routes.signOutOtherSessions, guarded, async (request) => {
    const revoked = await account.signOutOtherSessions(ctx, caller(request));
    return {
      success: true as const,
      message: `Signed out of ${revoked} other ${revoked === 1 ? 'session' : 'sessions'}`,
      data: { revoked },
    };
  });

  serve(app, routes.twoFactor, guarded, async (request) => ({
    success: true as const,
    message: 'Two-factor authentication',
    data: await twoFactorStatus(ctx.db, caller(request).userId),
  }));

  serve(app, routes.twoFactorSetup, guarded, async (request) => ({
    success: true as const,
    message: 'Scan the QR code with your authenticator app, then enter the code it shows',
    data: await account.startTwoFactorSetup(ctx, caller(request)),
  }));

  serve(app, routes.twoFactorEnable, guarded, async (request) => ({
    success: true as const,
    message: 'Two-factor authentication is on. Save your recovery codes: they are shown only once.',
    data: { recoveryCodes: await confirmSetup(ctx, caller(request).userId, request.body.code) },
  }));

  serve(app, routes.twoFactorDisable, guarded, async (request) => {
    await account.disableTwoFactor(ctx, caller(request), request.body);
    return { success: true as const, message: 'Two-factor authentication is off' };
  });

  serve(app, routes.recoveryCodes, guarded, async (request) => ({
    success: true as const,
    message: 'New recovery codes. The old ones no longer work.',
    data: { recoveryCodes: await account.newRecoveryCodes(ctx, caller(request), request.body) },
  }));

  serve(app, routes.export, guarded, async (request) => ({
    success: true as const,
    message: 'Your export is ready to download',
    data: createExportLink(ctx, caller(request), request.body?.includeFiles ?? true),
  }));

  // Fetched by a plain navigation (a download), so the signed link itself is the credential. Registered by
  // hand, and not declared in the contract: it streams a ZIP back, not a JSON envelope, and the web never
  // calls it (it follows the link the export answers with).
  app.get(
    '/export/download',
    {
      schema: {
        querystring: ExportTokenQuerySchema,
        produces: ['application/zip'],
        response: { 200: BinarySchema },
      },
    },
    async (request, reply) => {
      const exportRequest = await requestOfExportLink(ctx, request.query.token, request.ip);
      const { stream, filename } = await buildExport(ctx, exportRequest);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  serve(app, routes.deleteAccount, guarded, async (request, reply) => {
    await deleteAccount(ctx, caller(request), request.body);
    clearAuthCookies(reply, secure);
    return { success: true as const, message: 'Your account and everything in it have been deleted' };
  });
};
