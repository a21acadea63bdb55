// Rounds of agreement as rows and as the API shows them: the snapshot a round keeps of the splits it asked
// about, the subject's splits status (works and recordings rows), and the presented round and parties.
import type { AgreementParty, AgreementRound, SplitsStatus } from '@mixdesk/contract/catalog';
import { fillPath } from '@mixdesk/contract/routes';
import { recordingRoutes, workRoutes } from '@mixdesk/contract/routes/catalog';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AgreementPartiesTable, AgreementRoundsTable } from './tables.ts';

export type SubjectKind = 'work' | 'recording';
export type RoundRow = Selectable<AgreementRoundsTable>;
export type PartyRow = Selectable<AgreementPartiesTable>;
export type PartyKind = AgreementParty['kind'];

/** One party as the round asked them: what the split sheet prints besides name and share. */
export interface SnapshotParty {
  kind: PartyKind;
  name: string;
  email: string;
  shareBasisPoints: number;
  /** A writer's role (composer, lyricist, ...); '' for publishers and master owners. */
  role: string;
  pro: string;
  ipi: string | null;
}

/** What a round keeps of the splits as sent (agreement_rounds.snapshot): every party saw exactly this. */
export interface RoundSnapshot {
  subject: { kind: SubjectKind; title: string; iswc: string | null; isrc: string | null };
  requestedBy: { name: string; email: string };
  parties: SnapshotParty[];
}

export const snapshotOf = (row: Pick<RoundRow, 'snapshot'>): RoundSnapshot => JSON.parse(row.snapshot);

/** The subject's splits status, or undefined when it is gone (locked for update on PostgreSQL when `lock`). */
export async function subjectStatus(
  db: Kysely<DB>,
  kind: SubjectKind,
  id: string,
  lock = false,
): Promise<SplitsStatus | undefined> {
  const row =
    kind === 'work'
      ? await db
          .selectFrom('works')
          .select('splits_status')
          .where('id', '=', id)
          .$if(lock, (q) => q.forUpdate())
          .executeTakeFirst()
      : await db
          .selectFrom('recordings')
          .select('splits_status')
          .where('id', '=', id)
          .$if(lock, (q) => q.forUpdate())
          .executeTakeFirst();
  return row?.splits_status as SplitsStatus | undefined;
}

export async function setSubjectStatus(
  db: Kysely<DB>,
  kind: SubjectKind,
  id: string,
  status: SplitsStatus,
): Promise<void> {
  if (kind === 'work')
    await db.updateTable('works').set({ splits_status: status }).where('id', '=', id).execute();
  else await db.updateTable('recordings').set({ splits_status: status }).where('id', '=', id).execute();
}

export function partiesOfRound(db: Kysely<DB>, roundId: string): Promise<PartyRow[]> {
  return db
    .selectFrom('agreement_parties')
    .selectAll()
    .where('round_id', '=', roundId)
    .orderBy('position')
    .execute();
}

/** The newest round on a subject, or undefined. */
export function newestRoundRow(db: Kysely<DB>, kind: SubjectKind, subjectId: string) {
  return db
    .selectFrom('agreement_rounds')
    .selectAll()
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export const presentParty = (row: PartyRow): AgreementParty => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  kind: row.kind as PartyKind,
  shareBasisPoints: row.share_basis_points,
  status: row.status as AgreementParty['status'],
  reason: row.reason,
  respondedAt: row.responded_at,
});

/** Where the subject's sealed split sheet is downloaded (the owner's route). */
async function splitSheetUrl(db: Kysely<DB>, round: RoundRow): Promise<string | null> {
  if (round.status !== 'agreed') return null;
  if (round.subject_kind === 'work') return fillPath(workRoutes.splitSheet.path, { id: round.subject_id });
  const recording = await db
    .selectFrom('recordings')
    .select(['project_id', 'track_id'])
    .where('id', '=', round.subject_id)
    .executeTakeFirst();
  return recording
    ? fillPath(recordingRoutes.splitSheet.path, { id: recording.project_id, trackId: recording.track_id })
    : null;
}

export async function presentRound(db: Kysely<DB>, round: RoundRow): Promise<AgreementRound> {
  return {
    _id: round.id,
    status: round.status as AgreementRound['status'],
    sentAt: round.sent_at,
    agreedAt: round.agreed_at,
    parties: (await partiesOfRound(db, round.id)).map(presentParty),
    splitSheetUrl: await splitSheetUrl(db, round),
  };
}
