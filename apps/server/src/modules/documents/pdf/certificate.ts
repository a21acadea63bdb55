// The certificate of completion: the last page(s) of a completed document. It names the document, gives
// the SHA-256 of the file that was sent for signing and lists everything the audit trail recorded, so a
// printed or forwarded copy carries its own evidence of who signed, when and from where.
import { heading } from './blocks.ts';
import { formatUtcTime } from './format.ts';
import { header } from './header.ts';
import { contentBox, type Doc, gap, measure, STYLE, type TextStyle, write } from './layout.ts';
import type { RenderExtras } from './render-extras.ts';
import { type Column, table } from './table.ts';

export type Certificate = NonNullable<RenderExtras['certificate']>;

export interface CertifiedDocument {
  documentId: string;
  /** The template's label, e.g. "Producer Contract". */
  label: string;
  title: string;
}

const COLUMNS: Column[] = [
  // Wide enough for "Downloaded", a day, an e-mail address and an IPv4 address each on one line.
  { header: 'Event', width: 0.13 },
  { header: 'Time (UTC)', width: 0.15 },
  { header: 'Actor', width: 0.27 },
  { header: 'IP address', width: 0.17 },
  { header: 'User agent', width: 0.28 },
];

/** Smaller than the body text: the table has five columns and user agents are long. */
const ROW_STYLE: TextStyle = { ...STYLE.body, size: 8, lineGap: 1.5 };

/**
 * Longest text a cell shows. A table row never breaks across pages, so one value may not be taller than
 * a page; the server keeps user agents to 400 characters, and this only guards against other callers.
 */
const CELL_LIMIT = 600;

const NONE = '—';

function cell(value: string | null): string {
  if (value === null || value.trim() === '') return NONE;
  return value.length > CELL_LIMIT ? `${value.slice(0, CELL_LIMIT - 1)}…` : value;
}

/** "Name <email>" as the name over the address, so the address is not broken across lines. */
function actorCell(actor: string | null): string {
  const match = actor?.match(/^\s*(.*?)\s*<([^<>\s]+)>\s*$/);
  if (!match) return cell(actor);
  const [, name, email] = match;
  return cell(name ? `${name}\n${email}` : email!);
}

const eventName = (type: string) => type.charAt(0).toUpperCase() + type.slice(1).replaceAll('_', ' ');

const HASH_NOTE =
  'The fingerprint of the file that was sent for signing, before any signature was added to it. ' +
  'Any copy of that file gives the same value.';

const SEAL_NOTE =
  'This file carries a digital signature, applied by Mixdesk when the last signer signed. Any change to ' +
  'the file after that, however small, breaks the signature, and PDF readers then report it as invalid.';

export function certificatePages(doc: Doc, document: CertifiedDocument, certificate: Certificate): void {
  doc.addPage();
  const box = contentBox(doc);
  header(doc, {
    label: document.label,
    title: 'Certificate of Completion',
    facts: [
      ['Document', document.documentId],
      ['Title', document.title],
      ['Completed', formatUtcTime(certificate.completedAt)],
    ],
  });
  gap(doc, 10);
  write(doc, 'SHA-256 OF THE UNSIGNED DOCUMENT', STYLE.label, box);
  // 64 hex digits fit on one line of the full width: the value can be copied or compared in one piece.
  write(doc, certificate.unsignedSha256, STYLE.body, box);
  write(doc, HASH_NOTE, STYLE.muted, box);

  heading(doc, 'Audit trail');
  const rows = certificate.events.map((event) => [
    eventName(event.type),
    // The column header says UTC; the column is as wide as the day, so the time wraps under it.
    formatUtcTime(event.at, { zone: false, separator: ' ' }),
    actorCell(event.actor),
    cell(event.ip),
    cell(event.userAgent),
  ]);
  const closingGap = 14;
  table(doc, COLUMNS, rows, box, {
    style: ROW_STYLE,
    keepWithLast: closingGap + measure(doc, SEAL_NOTE, STYLE.body, box),
  });
  gap(doc, closingGap);
  write(doc, SEAL_NOTE, STYLE.body, box);
}
