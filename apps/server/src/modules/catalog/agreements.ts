// Rounds of agreement on splits (issue #37): what the works and recordings services call when splits change
// and when they show a subject. Sending a round is agreement-send.ts, the parties' answers agreement-answer.ts,
// the sealed split sheet split-sheet.ts.
import type { AgreementRound, SplitsStatus } from '@mixdesk/contract/catalog';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { sendSplitsChanged } from './agreement-emails.ts';
import {
  newestRoundRow,
  partiesOfRound,
  presentRound,
  type SubjectKind,
  snapshotOf,
} from './agreement-present.ts';

export type { SubjectKind } from './agreement-present.ts';

export interface SplitsSubject {
  kind: SubjectKind;
  /** The work's id or the recording's (recordings.id). */
  id: string;
  ownerId: string;
  /** The splits' status before the change. */
  status: SplitsStatus;
}

/**
 * Tells every party of the rounds a change voided, once the change's transaction has ended. The look-up waits
 * for it: on PostgreSQL by asking for the rows it updated (their locks are held until it commits or rolls
 * back), on SQLite by the one connection the transaction holds. Rounds still not void then were rolled back
 * with the change, and nobody is told.
 */
function tellPartiesAfterCommit(ctx: AppContext, roundIds: string[]): void {
  const run = async () => {
    // On PostgreSQL the row lock waits for the changing transaction to end, and the rows read are then its
    // committed versions. The status is checked after that read, not in the query: PostgreSQL filters by the
    // snapshot taken before the wait, in which the rounds were not void yet.
    const rounds = (
      await ctx.db
        .selectFrom('agreement_rounds')
        .selectAll()
        .where('id', 'in', roundIds)
        .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
        .execute()
    ).filter((round) => round.status === 'void');
    const told = new Set<string>();
    for (const round of rounds) {
      const snapshot = snapshotOf(round);
      for (const party of await partiesOfRound(ctx.db, round.id)) {
        if (told.has(party.email)) continue;
        told.add(party.email);
        await sendSplitsChanged(ctx, party, snapshot);
      }
    }
  };
  run().catch((error: unknown) =>
    ctx.log.warn(
      { service: 'catalog', roundIds, err: error },
      'Could not tell the parties that the splits changed',
    ),
  );
}

/**
 * Called inside the transaction that changed a subject's parties or shares (not its other fields). Splits
 * that were pending or agreed go (back) to pending: any open, declined or agreed round is void, and its
 * parties are told (after the commit). Returns the status to store.
 */
export async function splitsChanged(
  ctx: AppContext,
  trx: Kysely<DB>,
  subject: SplitsSubject,
): Promise<SplitsStatus> {
  if (subject.status === 'draft') return 'draft';
  const rounds = await trx
    .selectFrom('agreement_rounds')
    .select('id')
    .where('subject_kind', '=', subject.kind)
    .where('subject_id', '=', subject.id)
    .where('status', 'in', ['open', 'agreed', 'declined'])
    .execute();
  if (rounds.length > 0) {
    const ids = rounds.map((r) => r.id);
    await trx.updateTable('agreement_rounds').set({ status: 'void' }).where('id', 'in', ids).execute();
    tellPartiesAfterCommit(ctx, ids);
  }
  return 'pending';
}

/** The latest round on a subject, or null when none was ever sent. */
export async function latestRound(
  db: Kysely<DB>,
  kind: SubjectKind,
  subjectId: string,
): Promise<AgreementRound | null> {
  const round = await newestRoundRow(db, kind, subjectId);
  return round ? presentRound(db, round) : null;
}
