// A release with its recordings and works as one CSV file, readable in a spreadsheet and read back by the import
// (csv-import.ts) without loss: export, import into another account, export again gives the same bytes.
//
// The format. RFC 4180: UTF-8 with a byte-order mark (so spreadsheets read the accents), CRLF line ends, a cell
// in double quotes when it holds a comma, a quote, a line break or edge spaces, a quote inside doubled. Row 1
// is the header, the columns below in this order (the import takes them in any order, but all of them and no
// other). Each row is one thing, named by its `record` column, and fills only the columns its record uses:
//
//   release       title, type (single|ep|album|compilation), upc, label, catalogue_number, release_date
//                 (YYYY-MM-DD), c_line. Exactly one, first.
//   work          ref (W1, W2, …: the work's name in this file), title, iswc
//   writer        of (the work's ref), name, role (composer|lyricist|composer_lyricist|arranger), pro, ipi,
//                 email, share_basis_points
//   publisher     of, name, pro, ipi, email, share_basis_points
//   track         ref (T1, T2, …), title (the track's), project (the project it is in; the import makes one
//                 project per name), disc, number, isrc, work (a work's ref, or empty), bpm, key, studio,
//                 recorded_on, p_line_year, p_line_owner
//   artist        of (the track's ref), name, role (main|featured)
//   credit        of, name, role (producer, co_producer, …, other), instrument, role_text, email
//   master_owner  of, name, email, share_basis_points
//
// Lists keep their order as rows under their work or track. Shares are integer basis points (10,000 = 100 %).
// No internal id is written: works and tracks are named by their refs, the release by its row, and a link to
// one of my clients (a party's clientId) is not carried (the other account has other clients). The artwork is
// not in the file. A cell that starts with = + - @, a tab or a carriage return (which a spreadsheet would run as
// a formula) is written after a single quote, and the import takes that quote off again; a cell that already
// starts with quotes before such a character gets one more, so every value comes back as it was.
import type { CreditRole, WriterRole } from '@mixdesk/contract/catalog';
import type { BundleTrack, ReleaseBundle } from '../bundle.ts';

export const CSV_COLUMNS = [
  'record',
  'ref',
  'of',
  'title',
  'type',
  'upc',
  'label',
  'catalogue_number',
  'release_date',
  'c_line',
  'iswc',
  'project',
  'disc',
  'number',
  'isrc',
  'work',
  'bpm',
  'key',
  'studio',
  'recorded_on',
  'p_line_year',
  'p_line_owner',
  'name',
  'role',
  'instrument',
  'role_text',
  'pro',
  'ipi',
  'email',
  'share_basis_points',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export const CSV_RECORDS = [
  'release',
  'work',
  'writer',
  'publisher',
  'track',
  'artist',
  'credit',
  'master_owner',
] as const;
export type CsvRecord = (typeof CSV_RECORDS)[number];

/** The columns each record fills, besides `record`. */
export const RECORD_COLUMNS: Record<CsvRecord, readonly CsvColumn[]> = {
  release: ['title', 'type', 'upc', 'label', 'catalogue_number', 'release_date', 'c_line'],
  work: ['ref', 'title', 'iswc'],
  writer: ['of', 'name', 'role', 'pro', 'ipi', 'email', 'share_basis_points'],
  publisher: ['of', 'name', 'pro', 'ipi', 'email', 'share_basis_points'],
  track: [
    'ref',
    'title',
    'project',
    'disc',
    'number',
    'isrc',
    'work',
    'bpm',
    'key',
    'studio',
    'recorded_on',
    'p_line_year',
    'p_line_owner',
  ],
  artist: ['of', 'name', 'role'],
  credit: ['of', 'name', 'role', 'instrument', 'role_text', 'email'],
  master_owner: ['of', 'name', 'email', 'share_basis_points'],
};

export const CSV_BOM = '\ufeff';
const CRLF = '\r\n';

/** Cells a spreadsheet would run as a formula, after any quotes already there. */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;

/** A value as written: guarded against formulas, quoted when RFC 4180 needs it. */
export function csvCell(value: string): string {
  const guarded = FORMULA_LIKE.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** A cell as read back: the formula guard taken off. */
export const uncsvCell = (cell: string) =>
  FORMULA_LIKE.test(cell) && cell.startsWith("'") ? cell.slice(1) : cell;

type Row = Partial<Record<CsvColumn, string | number | null>>;

const line = (record: CsvRecord, row: Row) =>
  CSV_COLUMNS.map((c) => (c === 'record' ? record : csvCell(String(row[c] ?? '')))).join(',');

/** The works of the tracks, each once, in the order the tracks first name them, with their refs. */
function worksOf(tracks: readonly BundleTrack[]) {
  const refs = new Map<string, string>();
  const works = [];
  for (const t of tracks)
    if (t.work && !refs.has(t.work._id)) {
      refs.set(t.work._id, `W${refs.size + 1}`);
      works.push(t.work);
    }
  return { works, refs };
}

export function releaseCsv(bundle: ReleaseBundle): string {
  const { release: r } = bundle;
  const lines = [CSV_COLUMNS.join(',')];
  lines.push(
    line('release', {
      title: r.title,
      type: r.type,
      upc: r.upc,
      label: r.label,
      catalogue_number: r.catalogueNumber,
      release_date: r.releaseDate,
      c_line: r.cLine,
    }),
  );
  const { works, refs } = worksOf(bundle.tracks);
  for (const w of works) {
    const of = refs.get(w._id)!;
    lines.push(line('work', { ref: of, title: w.title, iswc: w.iswc }));
    for (const p of w.writers)
      lines.push(
        line('writer', {
          of,
          name: p.name,
          role: p.role satisfies WriterRole,
          pro: p.pro,
          ipi: p.ipi,
          email: p.email,
          share_basis_points: p.shareBasisPoints,
        }),
      );
    for (const p of w.publishers)
      lines.push(
        line('publisher', {
          of,
          name: p.name,
          pro: p.pro,
          ipi: p.ipi,
          email: p.email,
          share_basis_points: p.shareBasisPoints,
        }),
      );
  }
  bundle.tracks.forEach((t, i) => {
    const of = `T${i + 1}`;
    const rec = t.recording;
    lines.push(
      line('track', {
        ref: of,
        title: t.line.title,
        project: t.line.projectName,
        disc: t.line.disc,
        number: t.line.number,
        isrc: rec.isrc,
        work: t.work ? refs.get(t.work._id) : '',
        bpm: rec.bpm,
        key: rec.key,
        studio: rec.studio,
        recorded_on: rec.recordedOn,
        p_line_year: rec.pLineYear,
        p_line_owner: rec.pLineOwner,
      }),
    );
    for (const a of rec.artists) lines.push(line('artist', { of, name: a.name, role: a.role }));
    for (const c of rec.credits)
      lines.push(
        line('credit', {
          of,
          name: c.name,
          role: c.role satisfies CreditRole,
          instrument: c.instrument,
          role_text: c.roleText,
          email: c.email,
        }),
      );
    for (const o of rec.masterOwners)
      lines.push(
        line('master_owner', { of, name: o.name, email: o.email, share_basis_points: o.shareBasisPoints }),
      );
  });
  return `${CSV_BOM}${lines.join(CRLF)}${CRLF}`;
}
