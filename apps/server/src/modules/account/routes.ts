// HTTP routes of the account area, under /api/account: password, sessions, two-factor, export, delete account.

import {
  DeleteAccountSchema,
  DisableTwoFactorSchema,
  EnableTwoFactorSchema,
  ExportLinkSchema,
  ExportRequestSchema,
  ExportTokenQuerySchema,
  RecoveryCodesSchema,
  RevokedCountSchema,
  SessionIdParamsSchema,
  SessionListSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@mixdesk/contract/account';
import { envelope, OkSchema } from '@mixdesk/contract/envelope';
import { ChangePasswordBodySchema } from '@mixdesk/contract/password-policy';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.ts';
import { clearAuthCookies, isHttps } from '../../platform/cookies.ts';
import { BinarySchema } from '../../platform/openapi.ts';
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
  const guarded = { preHandler: app.requireAuth };

  app.post(
    '/password',
    {
      ...guarded,
      schema: { body: ChangePasswordBodySchema, response: { 200: envelope(RevokedCountSchema) } },
    },
    async (request) => {
      const revoked = await account.changePassword(ctx, caller(request), request.body);
      return {
        success: true as const,
        message:
          revoked > 0
            ? `Password changed. ${revoked} other ${revoked === 1 ? 'session was' : 'sessions were'} signed out.`
            : 'Password changed.',
        data: { revoked },
      };
    },
  );

  app.get(
    '/sessions',
    { ...guarded, schema: { response: { 200: envelope(SessionListSchema) } } },
    async (request) => ({
      success: true as const,
      message: 'Active sessions',
      data: { sessions: await account.listSessions(ctx, caller(request)) },
    }),
  );

  app.delete(
    '/sessions/:id',
    { ...guarded, schema: { params: SessionIdParamsSchema, response: { 200: OkSchema } } },
    async (request, reply) => {
      const who = caller(request);
      await account.signOutSession(ctx, who, request.params.id);
      if (request.params.id === who.sessionId) clearAuthCookies(reply, secure);
      return { success: true as const, message: 'Session signed out' };
    },
  );

  app.post(
    '/sessions/sign-out-others',
    { ...guarded, schema: { response: { 200: envelope(RevokedCountSchema) } } },
    async (request) => {
      const revoked = await account.signOutOtherSessions(ctx, caller(request));
      return {
        success: true as const,
        message: `Signed out of ${revoked} other ${revoked === 1 ? 'session' : 'sessions'}`,
        data: { revoked },
      };
    },
  );

  app.get(
    '/two-factor',
    { ...guarded, schema: { response: { 200: envelope(TwoFactorStatusSchema) } } },
    async (request) => ({
      success: true as const,
      message: 'Two-factor authentication',
      data: await twoFactorStatus(ctx.db, caller(request).userId),
    }),
  );

  app.post(
    '/two-factor/setup',
    { ...guarded, schema: { response: { 200: envelope(TwoFactorSetupSchema) } } },
    async (request) => ({
      success: true as const,
      message: 'Scan the QR code with your authenticator app, then enter the code it shows',
      data: await account.startTwoFactorSetup(ctx, caller(request)),
    }),
  );

  app.post(
    '/two-factor/enable',
    { ...guarded, schema: { body: EnableTwoFactorSchema, response: { 200: envelope(RecoveryCodesSchema) } } },
    async (request) => ({
      success: true as const,
      message: 'Two-factor authentication is on. Save your recovery codes: they are shown only once.',
      data: { recoveryCodes: await confirmSetup(ctx, caller(request).userId, request.body.code) },
    }),
  );

  app.post(
    '/two-factor/disable',
    { ...guarded, schema: { body: DisableTwoFactorSchema, response: { 200: OkSchema } } },
    async (request) => {
      await account.disableTwoFactor(ctx, caller(request), request.body);
      return { success: true as const, message: 'Two-factor authentication is off' };
    },
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      ...guarded,
      schema: { body: DisableTwoFactorSchema, response: { 200: envelope(RecoveryCodesSchema) } },
    },
    async (request) => ({
      success: true as const,
      message: 'New recovery codes. The old ones no longer work.',
      data: { recoveryCodes: await account.newRecoveryCodes(ctx, caller(request), request.body) },
    }),
  );

  app.post(
    '/export',
    { ...guarded, schema: { body: ExportRequestSchema, response: { 200: envelope(ExportLinkSchema) } } },
    async (request) => ({
      success: true as const,
      message: 'Your export is ready to download',
      data: createExportLink(ctx, caller(request), request.body?.includeFiles ?? true),
    }),
  );

  // Fetched by a plain navigation (a download), so the signed link itself is the credential.
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

  app.post(
    '/delete',
    { ...guarded, schema: { body: DeleteAccountSchema, response: { 200: OkSchema } } },
    async (request, reply) => {
      await deleteAccount(ctx, caller(request), request.body);
      clearAuthCookies(reply, secure);
      return { success: true as const, message: 'Your account and everything in it have been deleted' };
    },
  );
};
