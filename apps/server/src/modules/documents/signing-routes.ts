// /api/sign/:token — signing by whoever holds a link, with or without an account (no session needed: the
// link is the credential). Unknown, used and expired links all answer the same 404, and are throttled.
import { envelope, OkSchema } from '@mixdesk/contract/envelope';
import {
  DRAWN_SIGNATURE_MAX_BYTES,
  RejectWithLinkSchema,
  SigningTokenParamsSchema,
  SigningViewDataSchema,
  SignWithLinkSchema,
} from '@mixdesk/contract/signing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BinarySchema } from '../../platform/openapi.ts';
import { contentDisposition } from '../media/public.ts';
import { originOf } from './events.ts';
import { openSigning, rejectWithLink, signingPdf, signWithLink } from './signing-service.ts';

/**
 * A drawn signature travels as base64 inside JSON: twice the largest one allowed, so a drawing somewhat over
 * the limit gets the schema's own message ('at most 512 KB') and only a far larger body a plain 413.
 */
const SIGN_BODY_LIMIT = 2 * Math.ceil((DRAWN_SIGNATURE_MAX_BYTES * 4) / 3);

export const signingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Each answer is about one person's link: never kept by a cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/:token',
    {
      schema: { params: SigningTokenParamsSchema, response: { 200: envelope(SigningViewDataSchema) } },
    },
    async (request) => ({
      success: true as const,
      message: 'Signing',
      data: { signing: await openSigning(ctx, request.params.token, originOf(request)) },
    }),
  );

  app.get(
    '/:token/pdf',
    {
      schema: {
        params: SigningTokenParamsSchema,
        produces: ['application/pdf'],
        response: { 200: BinarySchema },
      },
    },
    async (request, reply) => {
      const document = await signingPdf(ctx, request.params.token, originOf(request).ip ?? '');
      const stream = await ctx.storage.get(document.pdf_key);
      reply.header('content-security-policy', "frame-ancestors 'self'");
      reply.header('x-frame-options', 'SAMEORIGIN');
      return reply
        .type('application/pdf')
        .header('content-length', document.pdf_size)
        .header('content-disposition', contentDisposition('inline', `document-${document.id}.pdf`))
        .send(stream);
    },
  );

  app.post(
    '/:token',
    {
      bodyLimit: SIGN_BODY_LIMIT,
      schema: {
        params: SigningTokenParamsSchema,
        body: SignWithLinkSchema,
        response: { 200: envelope(z.object({ status: z.string() })) },
      },
    },
    async (request) => {
      const result = await signWithLink(ctx, request.params.token, request.body, originOf(request));
      return {
        success: true as const,
        message:
          result.status === 'completed'
            ? 'Signed. Everyone has signed: the final copy is on its way.'
            : 'Signed. Thank you.',
        data: result,
      };
    },
  );

  app.post(
    '/:token/reject',
    {
      schema: { params: SigningTokenParamsSchema, body: RejectWithLinkSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      await rejectWithLink(ctx, request.params.token, request.body.reason, originOf(request));
      return { success: true as const, message: 'You declined to sign. The sender has been told.' };
    },
  );
};
