// The rows of a release CSV (the format is csv.ts's) before they mean anything: parsed by csv-parse, the header
// checked, each row's record type and the columns it fills checked, and works and tracks gathered with the rows
// that name them in `of`. Every problem is kept with its spreadsheet row number (the header is row 1).
import { parse } from 'csv-parse/sync';
import {
  CSV_COLUMNS,
  CSV_RECORDS,
  type CsvColumn,
  type CsvRecord,
  RECORD_COLUMNS,
  uncsvCell,
} from './csv.ts';

export interface CsvProblem {
  /** The spreadsheet row (1 = the header). */
  row: number;
  message: string;
}

export type Cells = Record<CsvColumn, string>;
export interface Row {
  row: number;
  record: CsvRecord;
  cells: Cells;
}

/** A number cell as the schema should see it: blank is absent, digits a number, anything else as typed. */
export function parseCsv(text: string): { rows: string[][] } | { error: CsvProblem } {
  try {
    return {
      rows: parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][],
    };
  } catch (err) {
    const info = err as { message?: string; lines?: number };
    return {
      error: { row: info.lines ?? 1, message: `This is not readable CSV: ${info.message ?? 'parse error'}` },
    };
  }
}

/** The header's problems: a column missing, one unknown, or one twice. */
export function checkHeader(header: string[]): CsvProblem[] {
  const problems: CsvProblem[] = [];
  const known = new Set<string>(CSV_COLUMNS);
  const seen = new Set<string>();
  for (const name of header) {
    if (!known.has(name)) problems.push({ row: 1, message: `Unknown column "${name}"` });
    else if (seen.has(name)) problems.push({ row: 1, message: `Column "${name}" appears twice` });
    seen.add(name);
  }
  const missing = CSV_COLUMNS.filter((c) => !seen.has(c));
  if (missing.length > 0)
    problems.push({
      row: 1,
      message: `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
    });
  return problems;
}

/** Each data row as named cells, its record checked and no cell filled that its record does not use. */
export function readRows(header: string[], raw: string[][], problems: CsvProblem[]): Row[] {
  const rows: Row[] = [];
  raw.forEach((values, i) => {
    const row = i + 2;
    // A row of empty cells (spreadsheets leave them at the end) is no row.
    if (values.every((v) => v.trim() === '')) return;
    if (values.length !== header.length) {
      problems.push({ row, message: `Has ${values.length} cells; the header has ${header.length}` });
      return;
    }
    const cells = Object.fromEntries(header.map((name, c) => [name, uncsvCell(values[c]!)])) as Cells;
    const record = cells.record.trim() as CsvRecord;
    if (!CSV_RECORDS.includes(record)) {
      problems.push({
        row,
        message: `Unknown record type "${cells.record}": use one of ${CSV_RECORDS.join(', ')}`,
      });
      return;
    }
    const used = new Set<CsvColumn>(['record', ...RECORD_COLUMNS[record]]);
    const stray = CSV_COLUMNS.filter((c) => !used.has(c) && cells[c].trim() !== '');
    if (stray.length > 0)
      problems.push({
        row,
        message: `A ${record} row does not use ${stray.join(', ')}: leave ${stray.length > 1 ? 'them' : 'it'} empty`,
      });
    rows.push({ row, record, cells });
  });
  return rows;
}

/** Zod's issues as problems, each on the row its path points into. */
export interface Group {
  head: Row;
  children: Map<CsvRecord, Row[]>;
}

/** Works and tracks with the rows that belong to them (by `of`), refs unique. */
export function group(rows: Row[], problems: CsvProblem[]) {
  const byRef = new Map<string, Group>();
  const works: Group[] = [];
  const tracks: Group[] = [];
  for (const r of rows) {
    if (r.record === 'work' || r.record === 'track') {
      const ref = r.cells.ref.trim();
      if (ref === '')
        problems.push({
          row: r.row,
          message: `A ${r.record} row needs its ref (e.g. ${r.record === 'work' ? 'W1' : 'T1'})`,
        });
      else if (byRef.has(ref))
        problems.push({
          row: r.row,
          message: `Ref "${ref}" is used by row ${byRef.get(ref)!.head.row} already`,
        });
      const g: Group = { head: r, children: new Map() };
      if (ref !== '' && !byRef.has(ref)) byRef.set(ref, g);
      (r.record === 'work' ? works : tracks).push(g);
    }
  }
  const parentOf: Partial<Record<CsvRecord, CsvRecord>> = {
    writer: 'work',
    publisher: 'work',
    artist: 'track',
    credit: 'track',
    master_owner: 'track',
  };
  for (const r of rows) {
    const parent = parentOf[r.record];
    if (!parent) continue;
    const of = r.cells.of.trim();
    const g = byRef.get(of);
    if (!g || g.head.record !== parent) {
      problems.push({
        row: r.row,
        message: `A ${r.record} row's "of" must be the ref of a ${parent} in this file (found "${of}")`,
      });
      continue;
    }
    const list = g.children.get(r.record) ?? [];
    list.push(r);
    g.children.set(r.record, list);
  }
  return { byRef, works, tracks };
}
