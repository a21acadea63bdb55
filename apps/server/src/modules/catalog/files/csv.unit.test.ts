// The CSV format judged by csv-parse (RFC 4180), read back by the import's reader without loss, and refused
// whole, row by row, when anything in it is wrong.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { sampleBundle } from './bundle-testing.ts';
import { CSV_COLUMNS, csvCell, releaseCsv, uncsvCell } from './csv.ts';
import { type ImportPlan, readReleaseCsv } from './csv-import.ts';

const rowsOf = (csv: string) => parse(csv, { bom: true }) as string[][];

function plan(csv: string): ImportPlan {
  const result = readReleaseCsv(csv);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.plan;
}

/** The export with one cell of the first row of `record` (after `skip` of them) set to `value`. */
function edit(record: string, column: string, value: string, skip = 0): string {
  const rows = rowsOf(releaseCsv(sampleBundle()));
  const c = rows[0]!.indexOf(column);
  const row = rows.filter((r) => r[0] === record)[skip]!;
  row[c] = value;
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n');
}

const problemsOf = (csv: string) => {
  const result = readReleaseCsv(csv);
  return result.ok ? [] : result.problems;
};

describe('release CSV', () => {
  it('is RFC 4180 that csv-parse reads: a header, one row per thing, every row as wide as the header', () => {
    const csv = releaseCsv(sampleBundle());
    expect(csv.startsWith('\ufeffrecord,ref,of,')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = rowsOf(csv);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    for (const row of rows) expect(row).toHaveLength(CSV_COLUMNS.length);
    const records = rows.slice(1).map((r) => r[0]);
    expect(records).toEqual([
      'release',
      'work',
      'writer',
      'writer',
      'publisher',
      'track',
      'artist',
      'artist',
      'credit',
      'credit',
      'credit',
      'credit',
      'master_owner',
      'master_owner',
      'track',
      'track',
      'artist',
      'credit',
      'master_owner',
    ]);
    // Quotes and commas survive as csv-parse reads them.
    const label = rows[1]![CSV_COLUMNS.indexOf('label')];
    expect(label).toBe('Harbour "Lights" Records');
  });

  it('carries no internal id', () => {
    const csv = releaseCsv(sampleBundle());
    for (const id of ['release-1', 'work-1', 'track-1', 'project-1', 'user-1']) expect(csv).not.toContain(id);
  });

  it('guards cells a spreadsheet would run as formulas, and the import takes the guard off', () => {
    const rows = rowsOf(releaseCsv(sampleBundle()));
    const names = rows.map((r) => r[CSV_COLUMNS.indexOf('name')]);
    expect(names).toContain(`'=HYPERLINK("x") Publishing`);
    for (const value of ['=1+1', '+1', '-Intro-', '@SUM(A1)', '\tx', "'=x", "''+x", "'plain", 'plain'])
      expect(uncsvCell((parse(csvCell(value)) as string[][])[0]![0]!)).toBe(value);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('reads back every field it wrote', () => {
    const bundle = sampleBundle();
    const p = plan(releaseCsv(bundle));
    const r = bundle.release;
    expect(p.release).toEqual({
      title: r.title,
      type: r.type,
      upc: r.upc,
      label: r.label,
      catalogueNumber: r.catalogueNumber,
      releaseDate: r.releaseDate,
      cLine: r.cLine,
    });
    expect(p.projects).toEqual(['Night & Day sessions', 'B-sides']);
    expect(p.works).toHaveLength(1);
    const w = bundle.tracks[0]!.work!;
    expect(p.works[0]).toEqual({
      title: w.title,
      iswc: w.iswc,
      writers: w.writers.map((x) => ({ ...x, clientId: null })),
      publishers: w.publishers.map((x) => ({ ...x, clientId: null })),
    });
    expect(p.tracks.map((t) => [t.title, t.project, t.work, t.disc, t.number])).toEqual([
      ['Intro, Part 1', 'Night & Day sessions', 0, 1, 1],
      ['-Interlude-', 'Night & Day sessions', null, 1, 2],
      ['Intro (Reprise)', 'B-sides', 0, 2, 1],
    ]);
    const rec = bundle.tracks[0]!.recording;
    expect(p.tracks[0]!.recording).toEqual({
      isrc: rec.isrc,
      workId: null,
      artists: rec.artists,
      credits: rec.credits,
      masterOwners: rec.masterOwners,
      bpm: rec.bpm,
      key: rec.key,
      studio: rec.studio,
      recordedOn: rec.recordedOn,
      pLineYear: rec.pLineYear,
      pLineOwner: rec.pLineOwner,
    });
  });

  it('refuses a missing column, an unknown one, and says which', () => {
    const csv = releaseCsv(sampleBundle());
    const noIsrc = rowsOf(csv).map((r) => r.filter((_, i) => i !== CSV_COLUMNS.indexOf('isrc')));
    expect(problemsOf(noIsrc.map((r) => r.map(csvCell).join(',')).join('\n'))).toEqual([
      { row: 1, message: 'Missing column: isrc' },
    ]);
    const extra = csv.replace('record,', 'record,genre,').replace(/\r\n(?=.)/g, '\r\n,');
    expect(problemsOf(extra)[0]).toEqual({ row: 1, message: 'Unknown column "genre"' });
  });

  it('names each bad row with the schema’s message, all of them at once', () => {
    // Rows: 2 release, 3 work, 4-5 writers, 6 publisher, 7 track, 8-9 artists, 10-13 credits, 14-15 owners, 16-17 tracks.
    const rows = rowsOf(releaseCsv(sampleBundle()));
    const col = (name: string) => CSV_COLUMNS.indexOf(name as (typeof CSV_COLUMNS)[number]);
    rows[2]![col('iswc')] = 'T-123.456.789-5';
    rows[3]![col('ipi')] = '00014107339';
    rows[6]![col('isrc')] = 'US-RC1-76-0783';
    rows[1]![col('upc')] = '036000291453';
    rows[13]![col('share_basis_points')] = 'seventy';
    const problems = problemsOf(rows.map((r) => r.map(csvCell).join(',')).join('\r\n'));
    expect(problems.map((p) => p.row)).toEqual([2, 3, 4, 7, 14]);
    const text = problems.map((p) => `${p.row}: ${p.message}`).join('\n');
    expect(text).toContain('2: UPC/EAN check digit is wrong: the last digit should be 2');
    expect(text).toContain('3: ISWC check digit is wrong');
    expect(text).toContain('4: IPI check digits are wrong');
    expect(text).toContain('7: ISRC must be 12 characters');
    expect(text).toContain('14: Share must be a number of basis points');
  });

  it('refuses shares that do not total 10,000, on the work’s row (zod checks the total once each party is valid)', () => {
    expect(problemsOf(edit('publisher', 'share_basis_points', '2499'))).toEqual([
      {
        row: 3,
        message:
          'Writer and publisher shares must total exactly 10,000 basis points (100 %); they total 9,999 (99.99 %)',
      },
    ]);
    expect(problemsOf(edit('master_owner', 'share_basis_points', '3001', 1))[0]).toMatchObject({
      row: 7,
      message: expect.stringContaining('they total 10,001'),
    });
  });

  it('refuses an ISRC twice in the file, an unknown record type, a stray cell and a dangling ref', () => {
    expect(problemsOf(edit('track', 'isrc', 'USRC17607839', 1))).toEqual([
      { row: 16, message: 'ISRC USRC17607839 is also on row 7: each recording needs its own' },
    ]);
    expect(problemsOf(edit('artist', 'record', 'singer'))[0]).toMatchObject({
      row: 8,
      message: expect.stringContaining('Unknown record type "singer"'),
    });
    expect(problemsOf(edit('artist', 'isrc', 'USRC17607839'))).toEqual([
      { row: 8, message: 'A artist row does not use isrc: leave it empty' },
    ]);
    expect(problemsOf(edit('credit', 'of', 'T9'))[0]).toMatchObject({ row: 10 });
    expect(problemsOf(edit('track', 'work', 'W7'))[0]).toEqual({
      row: 7,
      message: 'Work "W7" is not a work ref in this file',
    });
    expect(problemsOf(edit('release', 'type', 'mixtape'))[0]).toMatchObject({
      row: 2,
      message: expect.stringContaining('Release type must be one of'),
    });
  });

  it('refuses rows of the wrong width, an empty file and text that is not CSV', () => {
    const csv = releaseCsv(sampleBundle());
    const lines = csv.split('\r\n');
    lines[3] = `${lines[3]},extra`;
    expect(problemsOf(lines.join('\r\n'))).toContainEqual({
      row: 4,
      message: 'Has 31 cells; the header has 30',
    });
    expect(problemsOf('')[0]!.message).toContain('empty');
    expect(problemsOf('record,"unclosed\n')[0]!.message).toContain('not readable CSV');
  });
});
