// Factories for the documents area's API tests: every record is made through the real endpoints, and PDFs
// are read back with poppler's pdftotext, the way any reader would see them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DocumentView } from '@mixdesk/contract/document-responses';
import type { FastifyInstance } from 'fastify';
import { bearer, type SignedIn, uniqueEmail } from '../../../test/helper.ts';

const parties = () => ({
  primary: {
    name: 'Maya Beats',
    email: uniqueEmail('maya'),
    address: '12 Groove St\nBrooklyn, NY',
    phone: '+1 555 0101',
  },
  secondary: { name: 'Jon Vocal', email: uniqueEmail('jon'), address: '', phone: '' },
});

export const payloads = {
  contract: (overrides: Record<string, unknown> = {}) => ({
    templateName: 'producer-contract',
    documentType: 'contract',
    parties: parties(),
    contractDetails: {
      projectTitle: 'Midnight Drive EP',
      deliverables: ['Four mixed stereo masters', 'Stems for every track'],
      timeline: 'Eight weeks from signing',
      budget: 12500.5,
      paymentTerms: 'Half on signing, half on delivery',
      revisions: 3,
      rights: 'The artist owns the masters; the producer keeps a 3% royalty.',
      cancellationTerms: 'Either party may cancel with 14 days written notice.',
    },
    ...overrides,
  }),
  invoice: (overrides: Record<string, unknown> = {}) => ({
    templateName: 'studio-session-invoice',
    documentType: 'invoice',
    parties: parties(),
    invoiceDetails: {
      invoiceNumber: `INV-${Math.random().toString(36).slice(2, 8)}`,
      items: [
        { description: 'Tracking, Studio A (hours)', quantity: 7.5, rate: 85.25 },
        { description: 'Mix revision', quantity: 3, rate: 120 },
      ],
      taxRate: 8.875,
      dueDate: '2030-01-31',
      notes: 'Thank you for the session.',
    },
    ...overrides,
  }),
  agreement: (overrides: Record<string, unknown> = {}) => ({
    templateName: 'collaboration-agreement',
    documentType: 'agreement',
    parties: parties(),
    agreementDetails: {
      collaborationType: 'Co-production',
      revenueShare: { primaryPercentage: 62.5 },
      responsibilities: { primary: ['Beat production', 'Mixing'], secondary: ['Topline and lyrics'] },
      exclusivity: true,
      duration: 'Twelve months',
      terminationClause: 'Ends early by mutual written agreement.',
    },
    ...overrides,
  }),
  splitSheet: (overrides: Record<string, unknown> = {}) => ({
    templateName: 'split-sheet',
    splitSheetDetails: {
      songTitle: 'Neon Rain',
      writers: [
        {
          name: 'Maya Beats',
          email: uniqueEmail('w1'),
          role: 'Composer',
          pro: 'ASCAP',
          ipi: '00123456789',
          share: 33.34,
        },
        {
          name: 'Jon Vocal',
          email: uniqueEmail('w2'),
          role: 'Lyricist',
          pro: 'BMI',
          ipi: '123456789',
          share: 33.33,
        },
        { name: 'Ana Keys', email: uniqueEmail('w3'), role: 'Composer', pro: 'PRS', ipi: '', share: 33.33 },
      ],
      publishers: [
        {
          name: 'Night Owl Publishing',
          email: uniqueEmail('pub'),
          pro: 'ASCAP',
          ipi: '987654321',
          share: 100,
        },
      ],
    },
    ...overrides,
  }),
};

export function request(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who?: SignedIn,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export async function generateVia(app: FastifyInstance, who: SignedIn, payload: Record<string, unknown>) {
  const res = await request(app, 'POST', '/api/documents/generate', who, payload);
  if (res.statusCode !== 201) throw new Error(`generate failed: ${res.statusCode} ${res.body}`);
  return res.json().data.document as DocumentView;
}

export async function downloadVia(app: FastifyInstance, who: SignedIn, id: string): Promise<Buffer> {
  const res = await request(app, 'GET', `/api/documents/${id}/download`, who);
  if (res.statusCode !== 200) throw new Error(`download failed: ${res.statusCode} ${res.body}`);
  return res.rawPayload;
}

/** The PDF's text as pdftotext reads it, and its page count from pdfinfo. */
export function readPdf(bytes: Buffer): { text: string; pages: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return { text, pages: Number(info.match(/^Pages:\s+(\d+)/m)?.[1] ?? 0) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pdftotext lays text out in columns: compare with runs of whitespace collapsed. */
export const squash = (s: string) => s.replace(/\s+/g, ' ');

/** Every row of the documents tables, for "nothing changed" checks. */
export async function documentsSnapshot(app: FastifyInstance) {
  const db = app.ctx.db;
  return {
    documents: await db.selectFrom('documents').selectAll().orderBy('id').execute(),
    signers: await db.selectFrom('document_signers').selectAll().orderBy('id').execute(),
    files: await db.selectFrom('document_files').selectAll().orderBy('sha256').execute(),
  };
}

/** The keys of every object stored under a document (its PDFs), sorted. */
export async function storedPdfKeys(app: FastifyInstance, documentId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of app.ctx.storage.list(`documents/${documentId}/`)) keys.push(o.key);
  return keys.sort();
}

/** The key of the PDF a document shows now. */
export async function currentPdfKey(app: FastifyInstance, documentId: string): Promise<string> {
  const row = await app.ctx.db
    .selectFrom('documents')
    .select('pdf_key')
    .where('id', '=', documentId)
    .executeTakeFirstOrThrow();
  return row.pdf_key;
}

/** The newest signing link mailed to an address (from the outbox), as the token in it. */
export async function mailedSigningToken(app: FastifyInstance, to: string): Promise<string> {
  const row = await app.ctx.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', to)
    .where('kind', '=', 'document_signing')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const token = row?.text_body.match(/\/sign\/([\w-]{43})/)?.[1];
  if (!token) throw new Error(`no signing link mailed to ${to}`);
  return token;
}

export function mailsTo(app: FastifyInstance, to: string, kind: string) {
  return app.ctx.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', to)
    .where('kind', '=', kind)
    .execute();
}

/** A small real PNG (a 2×2 image), as a data URL. */
export const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEElEQVR4nGNgYGD4D8UQBgAd9AP9yOH2qAAAAABJRU5ErkJggg==';

/** pdfsig's report on a PDF's digital signature. */
export function pdfsig(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-sig-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    try {
      return execFileSync('pdfsig', [file], { encoding: 'utf8' });
    } catch (err) {
      // pdfsig exits non-zero when a signature does not verify; its report is what the caller reads.
      const e = err as { stdout?: string; stderr?: string };
      return `${e.stdout ?? ''}${e.stderr ?? ''}`;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** POST /api/sign/:token as the holder of the link (no session). */
export function signVia(
  app: FastifyInstance,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/sign/${token}`,
    headers,
    payload: body as Record<string, unknown>,
  });
}

/** A typed signature with consent: the smallest body that signs. */
export const typed = (value: string) => ({ signature: { kind: 'typed', value }, consent: true });

/** POST /api/documents/:id/send by the owner; the sent document. */
export async function sendVia(
  app: FastifyInstance,
  who: SignedIn,
  id: string,
  body: Record<string, unknown> = {},
) {
  const res = await request(app, 'POST', `/api/documents/${id}/send`, who, body);
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
  return res.json().data.document as DocumentView;
}
