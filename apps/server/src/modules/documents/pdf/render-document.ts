// A document as the PDF a producer sends: header, parties, the template's body, signatures, and a footer
// with the document number and page count on every page. Rendering is deterministic: the same document
// gives the same bytes, so the SHA-256 of the file identifies exactly what was issued.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { TEMPLATE_LABELS } from '@mixdesk/contract/documents';
import PDFDocument from 'pdfkit';
import { agreementBody } from './agreement-body.ts';
import { certificatePages } from './certificate.ts';
import { contractBody } from './contract-body.ts';
import { registerFonts } from './fonts.ts';
import { formatLongDate } from './format.ts';
import { header, partiesBlock } from './header.ts';
import { invoiceBody, invoiceFacts } from './invoice-body.ts';
import { type Doc, MARGINS, PAGE_SIZE } from './layout.ts';
import { stampPages } from './page-frame.ts';
import type { RenderExtras } from './render-extras.ts';
import { signatureSection } from './signatures.ts';
import { splitSheetBody } from './split-sheet-body.ts';

export type { RenderExtras } from './render-extras.ts';

export type RenderableDocument = Pick<
  DocumentView,
  | 'documentId'
  | 'title'
  | 'documentType'
  | 'templateName'
  | 'parties'
  | 'project'
  | 'signers'
  | 'contractDetails'
  | 'invoiceDetails'
  | 'agreementDetails'
  | 'splitSheetDetails'
  | 'createdAt'
>;

/** The details object the document's type calls for; the server never stores a document without it. */
function details<T>(value: T | null, view: RenderableDocument): T {
  if (value === null)
    throw new Error(`Document ${view.documentId} is a ${view.documentType} without its details`);
  return value;
}

function body(pdf: Doc, view: RenderableDocument, extras: RenderExtras): void {
  switch (view.documentType) {
    case 'contract':
      contractBody(pdf, view, details(view.contractDetails, view));
      return;
    case 'invoice':
      invoiceBody(pdf, details(view.invoiceDetails, view));
      return;
    case 'agreement':
      agreementBody(pdf, view, details(view.agreementDetails, view));
      return;
    case 'split_sheet':
      splitSheetBody(pdf, details(view.splitSheetDetails, view), extras.writersAs?.heading);
      return;
  }
}

function facts(view: RenderableDocument): Array<[string, string]> {
  return [
    ['Document', view.documentId],
    ['Date', formatLongDate(view.createdAt)],
    ...(view.project ? [['Project', view.project.name] as [string, string]] : []),
    ...(view.documentType === 'invoice' ? invoiceFacts(details(view.invoiceDetails, view)) : []),
  ];
}

/** Collects the PDF stream into one buffer. */
function bytesOf(pdf: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

/**
 * The PDF bytes. Same input → byte-identical output: the info dates come from createdAt and the file ID
 * is derived from the info, so nothing depends on the clock. With `extras`, the signed copy: each made
 * signature above its signer's line and, when given, the certificate of completion as the last page(s).
 * Without them the bytes are those of the document as sent for signing.
 */
export async function renderDocumentPdf(
  view: RenderableDocument,
  extras: RenderExtras = {},
): Promise<Buffer> {
  const label = TEMPLATE_LABELS[view.templateName];
  const title = view.title.trim() || label;
  const created = new Date(view.createdAt);
  const date = Number.isNaN(created.getTime()) ? new Date(0) : created;
  const pdf = new PDFDocument({
    size: PAGE_SIZE,
    margins: MARGINS,
    bufferPages: true,
    info: {
      Title: title,
      Subject: `${label} ${view.documentId}`,
      Creator: 'Mixdesk',
      CreationDate: date,
      ModDate: date,
    },
  });
  const bytes = bytesOf(pdf);
  registerFonts(pdf);
  header(pdf, { label, title, facts: facts(view) });
  partiesBlock(pdf, view.parties);
  body(pdf, view, extras);
  signatureSection(pdf, view.signers, extras.signatures, extras.writersAs?.role);
  if (extras.certificate)
    certificatePages(pdf, { documentId: view.documentId, label, title }, extras.certificate);
  stampPages(pdf, view.documentId, `${label} · ${title}`);
  pdf.end();
  return bytes;
}
