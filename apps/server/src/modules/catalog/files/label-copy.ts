// The label copy of a release: everything a label, a distributor or a pressing plant asks for, on one document.
// The release's facts on top (type, UPC/EAN, catalogue number, label, date, C-line), the track list, then each
// track: its recording (artists, ISRC, BPM and key, studio and date, P-line), its credits, its master owners
// and the work it records with its writers and publishers and their shares. Set with the documents' type and
// layout (so every script the documents print prints here too); the same bundle gives the same bytes.
import {
  CREDIT_ROLE_LABELS,
  type Credit,
  formatBasisPoints,
  RELEASE_TYPE_LABELS,
  WRITER_ROLE_LABELS,
} from '@mixdesk/contract/catalog';
import { formatIsrc } from '@mixdesk/contract/catalog-codes';
import PDFDocument from 'pdfkit';
import {
  type Column,
  contentBox,
  type Doc,
  formatLongDate,
  gap,
  header,
  heading,
  keyValues,
  MARGINS,
  PAGE_SIZE,
  registerFonts,
  STYLE,
  stampPages,
  table,
  write,
} from '../../documents/public.ts';
import type { BundleTrack, ReleaseBundle } from '../bundle.ts';

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || String(value).trim() === '' ? '—' : String(value);

/** "1-3": disc and number, as a track list reads. */
const position = (t: BundleTrack) => `${t.line.disc}-${t.line.number}`;

const artistsOf = (t: BundleTrack) => {
  const main = t.recording.artists.filter((a) => a.role === 'main').map((a) => a.name);
  const featured = t.recording.artists.filter((a) => a.role === 'featured').map((a) => a.name);
  return [main.join(', '), featured.length ? `feat. ${featured.join(', ')}` : ''].filter(Boolean).join(' ');
};

const creditRole = (c: Credit) =>
  c.role === 'other'
    ? c.roleText
    : c.role === 'musician'
      ? `${CREDIT_ROLE_LABELS.musician} (${c.instrument})`
      : CREDIT_ROLE_LABELS[c.role];

const TRACK_LIST: Column[] = [
  { header: '#', width: 0.08, nowrap: true },
  { header: 'Title', width: 0.34 },
  { header: 'Artists', width: 0.28 },
  { header: 'ISRC', width: 0.3, nowrap: true },
];

const PEOPLE: Column[] = [
  { header: 'Name', width: 0.3 },
  { header: 'Role', width: 0.2 },
  { header: 'PRO', width: 0.14 },
  { header: 'IPI', width: 0.2, nowrap: true },
  { header: 'Share', width: 0.16, align: 'right', nowrap: true },
];

function trackSection(doc: Doc, t: BundleTrack): void {
  const box = contentBox(doc);
  const r = t.recording;
  heading(doc, `${position(t)}  ${t.line.title}`);
  const pLine = [r.pLineYear, r.pLineOwner].filter(Boolean).join(' ');
  keyValues(
    doc,
    [
      ['Artists', dash(artistsOf(t))],
      ['ISRC', r.isrc ? formatIsrc(r.isrc) : '—'],
      ['Project', t.line.projectName],
      ['BPM / key', `${dash(r.bpm)} / ${dash(r.key)}`],
      ['Studio', dash(r.studio)],
      ['Recorded', r.recordedOn ? formatLongDate(r.recordedOn) : '—'],
      ['P-line', pLine ? `℗ ${pLine}` : '—'],
    ],
    box,
  );
  if (r.credits.length > 0) {
    gap(doc, 6);
    write(doc, 'CREDITS', STYLE.label, box);
    gap(doc, 2);
    table(
      doc,
      [
        { header: 'Name', width: 0.45 },
        { header: 'Role', width: 0.55 },
      ],
      r.credits.map((c) => [c.name, creditRole(c)]),
      box,
    );
  }
  if (r.masterOwners.length > 0) {
    gap(doc, 6);
    write(doc, 'MASTER OWNERS', STYLE.label, box);
    gap(doc, 2);
    table(
      doc,
      [
        { header: 'Name', width: 0.7 },
        { header: 'Share', width: 0.3, align: 'right', nowrap: true },
      ],
      r.masterOwners.map((o) => [o.name, formatBasisPoints(o.shareBasisPoints)]),
      box,
    );
  }
  const w = t.work;
  if (!w) return;
  gap(doc, 6);
  write(doc, `WORK: ${w.title}${w.iswc ? ` · ISWC ${w.iswc}` : ''}`, STYLE.label, box);
  gap(doc, 2);
  const people = [
    ...w.writers.map((p) => [
      p.name,
      WRITER_ROLE_LABELS[p.role],
      dash(p.pro),
      dash(p.ipi),
      formatBasisPoints(p.shareBasisPoints),
    ]),
    ...w.publishers.map((p) => [
      p.name,
      'Publisher',
      dash(p.pro),
      dash(p.ipi),
      formatBasisPoints(p.shareBasisPoints),
    ]),
  ];
  if (people.length > 0) table(doc, PEOPLE, people, box);
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

export async function labelCopyPdf(bundle: ReleaseBundle): Promise<Buffer> {
  const { release: r } = bundle;
  const changed = new Date(r.updatedAt);
  const date = Number.isNaN(changed.getTime()) ? new Date(0) : changed;
  const pdf = new PDFDocument({
    size: PAGE_SIZE,
    margins: MARGINS,
    bufferPages: true,
    info: {
      Title: `Label copy: ${r.title}`,
      Subject: 'Label copy',
      Creator: 'Mixdesk',
      CreationDate: date,
      ModDate: date,
    },
  });
  const bytes = bytesOf(pdf);
  registerFonts(pdf);
  header(pdf, {
    label: 'Label copy',
    title: r.title,
    facts: [
      ['Type', RELEASE_TYPE_LABELS[r.type]],
      ['UPC/EAN', dash(r.upc)],
      ['Catalogue number', dash(r.catalogueNumber)],
      ['Label', dash(r.label)],
      ['Release date', r.releaseDate ? formatLongDate(r.releaseDate) : '—'],
      ['C-line', r.cLine ? `© ${r.cLine.replace(/^©\s*/, '')}` : '—'],
    ],
  });
  heading(pdf, `Tracks (${bundle.tracks.length})`);
  table(
    pdf,
    TRACK_LIST,
    bundle.tracks.map((t) => [
      position(t),
      t.line.title,
      dash(artistsOf(t)),
      t.recording.isrc ? formatIsrc(t.recording.isrc) : '—',
    ]),
    contentBox(pdf),
  );
  for (const t of bundle.tracks) trackSection(pdf, t);
  stampPages(pdf, r.upc ? `UPC/EAN ${r.upc}` : r.title, `Label copy · ${r.title}`);
  pdf.end();
  return bytes;
}
