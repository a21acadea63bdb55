// Reading a release CSV (the format is csv.ts's): parse, check the header, assemble each work, track and the
// release from their rows and validate them with the contract's schemas (the same that the API's bodies pass),
// so an import can hold nothing the editor would refuse. Every problem is reported with its spreadsheet row
// number (the header is row 1); with any problem at all nothing is imported. Pure: what is already in the
// account (a duplicate ISRC, the limits) is checked by the import itself (csv-store.ts).
import {
  type RecordingData,
  RecordingInputSchema,
  type ReleaseData,
  ReleaseInputSchema,
  type WorkData,
  WorkInputSchema,
} from '@mixdesk/contract/catalog';
import { TRACKS_PER_PROJECT_MAX, TrackTitleSchema } from '@mixdesk/contract/media';
import { ProjectTitleSchema } from '@mixdesk/contract/projects';
import type { z } from 'zod';
import { type CsvProblem, checkHeader, type Group, group, parseCsv, type Row, readRows } from './csv-rows.ts';

export type { CsvProblem } from './csv-rows.ts';

export interface ImportedTrack {
  row: number;
  title: string;
  project: string;
  /** Index into `works`, or null. */
  work: number | null;
  disc: number | undefined;
  number: number | undefined;
  recording: RecordingData;
}

export interface ImportPlan {
  release: Omit<ReleaseData, 'tracks'>;
  works: WorkData[];
  tracks: ImportedTrack[];
  /** The projects to make, by name, in the order the file first names them. */
  projects: string[];
}

export type ImportResult = { ok: true; plan: ImportPlan } | { ok: false; problems: CsvProblem[] };

const numeric = (cell: string): number | string | undefined =>
  cell === '' ? undefined : /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;
const nullableNumeric = (cell: string) => numeric(cell) ?? null;

function issuesAt(error: z.ZodError, rowOf: (path: PropertyKey[]) => number, problems: CsvProblem[]) {
  for (const issue of error.issues) problems.push({ row: rowOf(issue.path), message: issue.message });
}

/** The row of a list item (`['writers', 2, 'ipi']`), else the owner's row. */
const listRow = (own: number, lists: Record<string, readonly Row[]>) => (path: PropertyKey[]) => {
  const [list, index] = path;
  const item = typeof list === 'string' && typeof index === 'number' ? lists[list]?.[index] : undefined;
  return item?.row ?? own;
};

function readWork(g: Group, problems: CsvProblem[]): WorkData | null {
  const writers = g.children.get('writer') ?? [];
  const publishers = g.children.get('publisher') ?? [];
  const party = (r: Row) => ({
    name: r.cells.name,
    pro: r.cells.pro,
    ipi: r.cells.ipi,
    email: r.cells.email,
    shareBasisPoints: numeric(r.cells.share_basis_points),
  });
  const parsed = WorkInputSchema.safeParse({
    title: g.head.cells.title,
    iswc: g.head.cells.iswc,
    writers: writers.map((r) => ({ ...party(r), role: r.cells.role })),
    publishers: publishers.map(party),
  });
  if (parsed.success) return parsed.data;
  issuesAt(parsed.error, listRow(g.head.row, { writers, publishers }), problems);
  return null;
}

function readRecording(g: Group, problems: CsvProblem[]): RecordingData | null {
  const artists = g.children.get('artist') ?? [];
  const credits = g.children.get('credit') ?? [];
  const masterOwners = g.children.get('master_owner') ?? [];
  const c = g.head.cells;
  const parsed = RecordingInputSchema.safeParse({
    isrc: c.isrc,
    workId: null,
    artists: artists.map((r) => ({ name: r.cells.name, role: r.cells.role })),
    credits: credits.map((r) => ({
      name: r.cells.name,
      role: r.cells.role,
      instrument: r.cells.instrument,
      roleText: r.cells.role_text,
      email: r.cells.email,
    })),
    masterOwners: masterOwners.map((r) => ({
      name: r.cells.name,
      email: r.cells.email,
      shareBasisPoints: numeric(r.cells.share_basis_points),
    })),
    bpm: nullableNumeric(c.bpm),
    key: c.key === '' ? null : c.key,
    studio: c.studio,
    recordedOn: c.recorded_on,
    pLineYear: nullableNumeric(c.p_line_year),
    pLineOwner: c.p_line_owner,
  });
  if (parsed.success) return parsed.data;
  issuesAt(parsed.error, listRow(g.head.row, { artists, credits, masterOwners }), problems);
  return null;
}

/** A single field checked by its schema; the problem on `row`. */
function field<T>(schema: z.ZodType<T>, value: string, row: number, problems: CsvProblem[]): T | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) problems.push({ row, message: issue.message });
  return null;
}

export function readReleaseCsv(text: string): ImportResult {
  const parsed = parseCsv(text);
  if ('error' in parsed) return { ok: false, problems: [parsed.error] };
  const [header, ...raw] = parsed.rows;
  if (!header)
    return { ok: false, problems: [{ row: 1, message: 'The file is empty: it needs the header row' }] };
  const problems = checkHeader(header.map((h) => h.trim()));
  if (problems.length > 0) return { ok: false, problems };
  const rows = readRows(
    header.map((h) => h.trim()),
    raw,
    problems,
  );

  const releases = rows.filter((r) => r.record === 'release');
  if (releases.length !== 1)
    problems.push({
      row: releases[1]?.row ?? 2,
      message:
        releases.length === 0
          ? 'The file needs one release row'
          : 'The file holds one release: this is a second',
    });
  const { byRef, works, tracks } = group(rows, problems);

  const workData = works.map((g) => readWork(g, problems));
  const workIndex = new Map(works.map((g, i) => [g.head.cells.ref.trim(), i]));
  const projects: string[] = [];
  const perProject = new Map<string, number>();
  const imported: ImportedTrack[] = [];
  const isrcRows = new Map<string, number>();
  for (const g of tracks) {
    const c = g.head.cells;
    const row = g.head.row;
    const title = field(TrackTitleSchema, c.title, row, problems);
    const project = field(ProjectTitleSchema, c.project, row, problems);
    const workRef = c.work.trim();
    const work = workRef === '' ? null : (workIndex.get(workRef) ?? -1);
    if (work === -1 || (workRef !== '' && byRef.get(workRef)?.head.record !== 'work'))
      problems.push({ row, message: `Work "${workRef}" is not a work ref in this file` });
    const recording = readRecording(g, problems);
    if (recording?.isrc) {
      const first = isrcRows.get(recording.isrc);
      if (first !== undefined)
        problems.push({
          row,
          message: `ISRC ${recording.isrc} is also on row ${first}: each recording needs its own`,
        });
      else isrcRows.set(recording.isrc, row);
    }
    if (project !== null) {
      if (!perProject.has(project)) projects.push(project);
      const count = (perProject.get(project) ?? 0) + 1;
      perProject.set(project, count);
      if (count === TRACKS_PER_PROJECT_MAX + 1)
        problems.push({
          row,
          message: `Project "${project}" would hold more than ${TRACKS_PER_PROJECT_MAX} tracks`,
        });
    }
    if (title !== null && project !== null && recording && work !== -1)
      imported.push({
        row,
        title,
        project,
        work,
        disc: numeric(c.disc) as number | undefined,
        number: numeric(c.number) as number | undefined,
        recording,
      });
  }

  let release: ImportPlan['release'] | null = null;
  const head = releases[0];
  if (head) {
    const c = head.cells;
    // Tracks are named by their refs here; the import puts the tracks it made in their place.
    const parsedRelease = ReleaseInputSchema.safeParse({
      title: c.title,
      type: c.type,
      upc: c.upc,
      label: c.label,
      catalogueNumber: c.catalogue_number,
      releaseDate: c.release_date,
      cLine: c.c_line,
      tracks: tracks.map((g, i) => ({
        projectId: 'file',
        trackId: g.head.cells.ref.trim() || `row-${i}`,
        ...(g.head.cells.disc === '' ? {} : { disc: numeric(g.head.cells.disc) }),
        ...(g.head.cells.number === '' ? {} : { number: numeric(g.head.cells.number) }),
      })),
    });
    if (parsedRelease.success) {
      const { tracks: _refs, ...rest } = parsedRelease.data;
      release = rest;
    } else
      issuesAt(
        parsedRelease.error,
        (path) =>
          path[0] === 'tracks' && typeof path[1] === 'number' ? tracks[path[1]]!.head.row : head.row,
        problems,
      );
  }

  if (problems.length > 0 || !release || workData.some((w) => w === null))
    return { ok: false, problems: sortProblems(problems) };
  return { ok: true, plan: { release, works: workData as WorkData[], tracks: imported, projects } };
}

const sortProblems = (problems: CsvProblem[]) => [...problems].sort((a, b) => a.row - b.row);
