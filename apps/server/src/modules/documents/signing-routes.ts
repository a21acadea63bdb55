// /api/sign/:token — signing by whoever holds a link, with or without an account (no session needed: the
// link is the credential), as the contract declares it. Unknown, used and expired links all answer the same
// 404, and are throttled.
import { signingRoutes as routes } from '@mixdesk/contract/routes/documents';
import { DRAWN_SIGNATURE_MAX_BYTES } from '@mixdesk/contract/signing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredUrl, serve } from '../../platform/http/contract-routes.ts';
import { BinarySchema } from '../../platform/http/openapi.ts';
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

  serve(app, routes.view, {}, async (request) => ({
    success: true as const,
    message: 'Signing',
    data: { signing: await openSigning(ctx, request.params.token, originOf(request)) },
  }));

  // By hand: the answer is the PDF's bytes, streamed, not a JSON envelope. Its path and params are still the
  // declaration's.
  app.get(
    declaredUrl(app, routes.pdf),
    {
      schema: {
        params: routes.pdf.params,
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

  serve(app, routes.sign, { bodyLimit: SIGN_BODY_LIMIT }, async (request) => {
    const result = await signWithLink(ctx, request.params.token, request.body, originOf(request));
    return {
      success: true as const,
      message:
        result.status === 'completed'
          ? 'Signed. Everyone has signed: the final copy is on its way.'
          : 'Signed. Thank you.',
      // The service answers 'signed' or 'completed' (typed as a string there); the declared answer's schema
      // checks it on the way out.
      data: result as { status: 'signed' | 'completed' },
    };
  });

  serve(app, routes.reject, {}, async (request) => {
    await rejectWithLink(ctx, request.params.token, request.body.reason, originOf(request));
    return { success: true as const, message: 'You declined to sign. The sender has been told.' };
  });
};
