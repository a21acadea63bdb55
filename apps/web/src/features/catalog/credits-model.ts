// The Credits tab's forms as plain values (typed text, rows with a stable key) and the request bodies made from
// them: a work (writers and publishers) and a recording (artists, credits, master owners, BPM, key, P-line).
// A party or credit may be one of my clients (`clientId`), kept through loading and saving.
import type {
  ArtistRole,
  CreditRole,
  Recording,
  RecordingInput,
  Work,
  WorkInput,
  WriterRole,
} from '@mixdesk/contract/catalog';
import type { MusicalKey } from '@mixdesk/contract/musical-keys';
import type { ClientChoice } from './api';
import { basisPointsOf, percentText } from './shares';

let nextKey = 0;
/** A key for a new row, so React keeps each row's inputs with it when rows are removed. */
export const rowKey = () => `row-${++nextKey}`;

/** A writer, publisher or master owner as typed; `role`, `pro` and `ipi` are used where the kind has them. */
export interface PartyRow {
  key: string;
  name: string;
  email: string;
  role: WriterRole;
  pro: string;
  ipi: string;
  /** The share as a percentage, as typed ("33.33"). */
  share: string;
  /** One of my clients this party is (the name may then be edited by hand and the link kept). */
  clientId: string | null;
}

export const emptyParty = (): PartyRow => ({
  key: rowKey(),
  name: '',
  email: '',
  role: 'composer',
  pro: '',
  ipi: '',
  share: '',
  clientId: null,
});

/** A row linked to a client as picked: its id, and its name and email filled in (an email already typed stays
 * when the client has none). */
export const linkedTo = (client: ClientChoice, email: string) => ({
  clientId: client._id,
  name: client.name,
  email: client.email === '' ? email : client.email,
});

export interface WorkValues {
  title: string;
  iswc: string;
  writers: PartyRow[];
  publishers: PartyRow[];
}

const partyRow = (p: {
  name: string;
  email: string | null;
  role?: WriterRole;
  pro?: string;
  ipi?: string | null;
  shareBasisPoints: number;
  clientId: string | null;
}): PartyRow => ({
  key: rowKey(),
  name: p.name,
  email: p.email ?? '',
  role: p.role ?? 'composer',
  pro: p.pro ?? '',
  ipi: p.ipi ?? '',
  share: percentText(p.shareBasisPoints),
  clientId: p.clientId,
});

export const workValuesOf = (work: Work): WorkValues => ({
  title: work.title,
  iswc: work.iswc ?? '',
  writers: work.writers.map(partyRow),
  publishers: work.publishers.map(partyRow),
});

/** A share as sent: its basis points, or -1 when it does not read (the form holds Save back before that). */
const shareOf = (typed: string) => basisPointsOf(typed) ?? -1;
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

export const workInputOf = (v: WorkValues): WorkInput => ({
  title: v.title,
  iswc: orNull(v.iswc),
  writers: v.writers.map((w) => ({
    name: w.name,
    email: orNull(w.email),
    clientId: w.clientId,
    role: w.role,
    pro: w.pro,
    ipi: orNull(w.ipi),
    shareBasisPoints: shareOf(w.share),
  })),
  publishers: v.publishers.map((p) => ({
    name: p.name,
    email: orNull(p.email),
    clientId: p.clientId,
    pro: p.pro,
    ipi: orNull(p.ipi),
    shareBasisPoints: shareOf(p.share),
  })),
});

export interface ArtistRow {
  key: string;
  name: string;
  role: ArtistRole;
}

export interface CreditRow {
  key: string;
  name: string;
  role: CreditRole;
  instrument: string;
  roleText: string;
  email: string;
  clientId: string | null;
}

export const emptyCredit = (): CreditRow => ({
  key: rowKey(),
  name: '',
  role: 'producer',
  instrument: '',
  roleText: '',
  email: '',
  clientId: null,
});

export interface RecordingValues {
  isrc: string;
  artists: ArtistRow[];
  credits: CreditRow[];
  masterOwners: PartyRow[];
  bpm: string;
  key: MusicalKey | '';
  studio: string;
  recordedOn: string;
  pLineYear: string;
  pLineOwner: string;
}

export const recordingValuesOf = (r: Recording): RecordingValues => ({
  isrc: r.isrc ?? '',
  artists: r.artists.map((a) => ({ key: rowKey(), ...a })),
  credits: r.credits.map((c) => ({
    key: rowKey(),
    name: c.name,
    role: c.role,
    instrument: c.instrument,
    roleText: c.roleText,
    email: c.email ?? '',
    clientId: c.clientId,
  })),
  masterOwners: r.masterOwners.map(partyRow),
  bpm: r.bpm === null ? '' : String(r.bpm),
  key: r.key ?? '',
  studio: r.studio,
  recordedOn: r.recordedOn ?? '',
  pLineYear: r.pLineYear === null ? '' : String(r.pLineYear),
  pLineOwner: r.pLineOwner,
});

/** A typed number as sent: null when empty (recordingErrorsOf refuses words before anything is sent). */
const numberOrNull = (typed: string): number | null => {
  const text = typed.trim().replace(',', '.');
  return text === '' ? null : Number(text);
};

export const recordingInputOf = (v: RecordingValues, workId: string | null): RecordingInput => ({
  isrc: orNull(v.isrc),
  workId,
  artists: v.artists.map(({ name, role }) => ({ name, role })),
  credits: v.credits.map((c) => ({
    name: c.name,
    role: c.role,
    instrument: c.role === 'musician' ? c.instrument : '',
    roleText: c.role === 'other' ? c.roleText : '',
    email: orNull(c.email),
    clientId: c.clientId,
  })),
  masterOwners: v.masterOwners.map((o) => ({
    name: o.name,
    email: orNull(o.email),
    clientId: o.clientId,
    shareBasisPoints: shareOf(o.share),
  })),
  bpm: numberOrNull(v.bpm),
  key: v.key === '' ? null : v.key,
  studio: v.studio,
  recordedOn: orNull(v.recordedOn),
  pLineYear: numberOrNull(v.pLineYear),
  pLineOwner: v.pLineOwner,
});

/** What the form refuses before sending: numbers that are not numbers (JSON would turn them into null). */
export function recordingErrorsOf(v: RecordingValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const bpm = numberOrNull(v.bpm);
  if (bpm !== null && !Number.isFinite(bpm)) errors.bpm = 'BPM must be a number';
  const year = numberOrNull(v.pLineYear);
  if (year !== null && !Number.isInteger(year)) errors.pLineYear = 'P-line year must be a year, e.g. 2026';
  return errors;
}
