// Sending a document for signature and signing it through an emailed link, by people with or without an
// account (issue #14): the request bodies and what the signing page is shown.
import { z } from 'zod';
import { DocumentSchema } from './document-responses.ts';
import { SIGNING_ORDERS } from './documents.ts';
import { EmailAnswerSchema, TimestampSchema } from './envelope.ts';
import { isCalendarDate } from './projects.ts';

export { SIGNING_ORDERS, type SigningOrder } from './documents.ts';

/** A drawn signature: a PNG data URL of at most this many bytes once decoded. */
export const DRAWN_SIGNATURE_MAX_BYTES = 512 * 1024;
export const TYPED_SIGNATURE_MAX = 100;
export const REJECT_REASON_MAX = 1000;

/** POST /api/documents/:id/send. */
export const SendDocumentSchema = z
  .strictObject({
    /** 'sequential': the secondary party (and each next signer) gets a link after the one before signed. */
    signingOrder: z
      .enum(SIGNING_ORDERS, { error: `Signing order must be one of: ${SIGNING_ORDERS.join(', ')}` })
      .default('parallel'),
  })
  .default({ signingOrder: 'parallel' });

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** The bytes of a PNG data URL, or null when it is not one. */
export function decodePngDataUrl(value: string): Uint8Array | null {
  const match = PNG_DATA_URL.exec(value);
  if (!match) return null;
  const bin = atob(match[1]!);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return signature.every((b, i) => bytes[i] === b) ? bytes : null;
}

export const SignatureSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('typed'),
      value: z
        .string({ error: 'Type your name to sign' })
        .trim()
        .min(1, 'Type your name to sign')
        .max(TYPED_SIGNATURE_MAX, `A typed signature must be at most ${TYPED_SIGNATURE_MAX} characters`),
    }),
    z.strictObject({
      kind: z.literal('drawn'),
      value: z
        .string({ error: 'Draw your signature to sign' })
        // A data URL of more than 4/3 × the limit cannot decode to less than the limit: refuse it unread.
        .max(Math.ceil((DRAWN_SIGNATURE_MAX_BYTES * 4) / 3) + 40, 'A drawn signature must be at most 512 KB')
        .superRefine((value, ctx) => {
          const bytes = decodePngDataUrl(value);
          if (!bytes)
            ctx.addIssue({
              code: 'custom',
              message: 'A drawn signature must be a PNG image (data:image/png;base64,…)',
            });
          else if (bytes.length > DRAWN_SIGNATURE_MAX_BYTES)
            ctx.addIssue({ code: 'custom', message: 'A drawn signature must be at most 512 KB' });
        }),
    }),
  ],
  { error: "Signature must be { kind: 'typed' | 'drawn', value }" },
);

/** POST /api/sign/:token. */
export const SignWithLinkSchema = z.strictObject({
  signature: SignatureSchema,
  consent: z.literal(true, { error: 'You must agree to sign electronically' }),
});
export type SignWithLinkInput = z.input<typeof SignWithLinkSchema>;

/** POST /api/sign/:token/reject. */
export const RejectWithLinkSchema = z.strictObject({
  reason: z
    .string({ error: 'Say why you decline to sign' })
    .trim()
    .min(1, 'Say why you decline to sign')
    .max(REJECT_REASON_MAX, `The reason must be at most ${REJECT_REASON_MAX} characters`),
});

/** POST /api/documents/:id/mark-paid. */
export const MarkPaidSchema = z.strictObject({
  paidAt: z
    .string({ error: 'Payment date is required' })
    .trim()
    .refine(isCalendarDate, 'Payment date must be a date (YYYY-MM-DD)')
    .meta({ format: 'date' }),
});

/** Links are 32 random bytes in base64url (43 characters); anything else is not one of ours. */
export const SigningTokenParamsSchema = z.object({ token: z.string().max(200) });

/** What the signing page shows the person holding the link. */
export const SigningViewSchema = z.object({
  document: DocumentSchema.omit({
    pdf: true,
    signatures: true,
    projectId: true,
    project: true,
    completionError: true,
  }),
  signer: z.object({ _id: z.string(), name: z.string(), email: EmailAnswerSchema, role: z.string() }),
  /** Who sent it. */
  from: z.object({ name: z.string(), email: EmailAnswerSchema }),
  expiresAt: TimestampSchema,
});
export type SigningView = z.infer<typeof SigningViewSchema>;
export const SigningViewDataSchema = z.object({ signing: SigningViewSchema });

export const SignLinkDataSchema = z.object({ url: z.string() });
