// Sending a round of agreement on a work's or a recording's splits, and the sealed split sheet once they are
// agreed. The owner's routes (routes.ts) check the subject is the caller's before calling these. A round
// keeps a snapshot of the splits as sent and one row per party with the SHA-256 of their link's token (the
// token itself is only in the party's mail); a new round voids an open or declined one, whose links then
// answer that they were replaced.
import { type AgreementRound, SHARE_TOTAL } from '@mixdesk/contract/catalog';
import type { AppContext } from '../../platform/context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { newId, nowIso, randomToken, sha256 } from '../../platform/ids.ts';
import { agreeUrl, sendAgreementRequest } from './agreement-emails.ts';
import {
  type PartyKind,
  presentRound,
  type RoundSnapshot,
  type SubjectKind,
  setSubjectStatus,
  subjectStatus,
} from './agreement-present.ts';
import { ensureSplitSheet, type StoredSheet } from './split-sheet.ts';

export interface RoundSubject {
  kind: SubjectKind;
  id: string;
  title: string;
  iswc: string | null;
  isrc: string | null;
  parties: Array<{
    kind: PartyKind;
    name: string;
    email: string | null;
    shareBasisPoints: number;
    role?: string;
    pro?: string;
    ipi?: string | null;
  }>;
}

/** Refuses a split no party could agree to as it stands. */
function checkParties(subject: RoundSubject): void {
  if (subject.parties.length === 0)
    throw conflict(
      subject.kind === 'work'
        ? 'This work has no writers or publishers yet: add them with their shares before asking them to agree'
        : 'This recording has no master owners yet: add them with their shares before asking them to agree',
    );
  const missing = subject.parties.find((p) => !p.email);
  if (missing) throw conflict(`Add an email for ${missing.name}: every party must accept`);
  const total = subject.parties.reduce((sum, p) => sum + p.shareBasisPoints, 0);
  if (total !== SHARE_TOTAL)
    throw conflict(
      `The shares total ${(total / 100).toFixed(2)} %: they must total exactly 100 % before agreement`,
    );
}

/**
 * Sends a new round to every party of the subject's splits: each gets their own link by mail. An open or
 * declined round is void from now on. Splits already agreed (and unchanged since) are refused.
 */
export async function sendRound(
  ctx: AppContext,
  owner: { id: string; name: string; email: string },
  subject: RoundSubject,
): Promise<AgreementRound> {
  checkParties(subject);
  const snapshot: RoundSnapshot = {
    subject: { kind: subject.kind, title: subject.title, iswc: subject.iswc, isrc: subject.isrc },
    requestedBy: { name: owner.name, email: owner.email },
    parties: subject.parties.map((p) => ({
      kind: p.kind,
      name: p.name,
      email: p.email!,
      shareBasisPoints: p.shareBasisPoints,
      role: p.role ?? '',
      pro: p.pro ?? '',
      ipi: p.ipi ?? null,
    })),
  };
  const links = snapshot.parties.map(() => randomToken(32));
  const roundId = newId();
  const sentAt = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const status = await subjectStatus(trx, subject.kind, subject.id, ctx.dialect === 'postgres');
    if (status === undefined) throw notFound(subject.kind === 'work' ? 'Work' : 'Recording');
    if (status === 'agreed')
      throw conflict(
        'These splits are already agreed by every party: a new request is needed only after they change',
      );
    await trx
      .updateTable('agreement_rounds')
      .set({ status: 'void' })
      .where('subject_kind', '=', subject.kind)
      .where('subject_id', '=', subject.id)
      .where('status', 'in', ['open', 'declined'])
      .execute();
    await trx
      .insertInto('agreement_rounds')
      .values({
        id: roundId,
        owner_id: owner.id,
        subject_kind: subject.kind,
        subject_id: subject.id,
        title: subject.title,
        snapshot: JSON.stringify(snapshot),
        status: 'open',
        sent_at: sentAt,
        agreed_at: null,
        sheet_key: null,
        sheet_sha256: null,
        sheet_size: null,
      })
      .execute();
    await trx
      .insertInto('agreement_parties')
      .values(
        snapshot.parties.map((p, position) => ({
          id: newId(),
          round_id: roundId,
          position,
          kind: p.kind,
          name: p.name,
          email: p.email,
          share_basis_points: p.shareBasisPoints,
          token_hash: sha256(links[position]!),
          status: 'pending',
          reason: null,
          responded_at: null,
          ip: null,
          user_agent: null,
        })),
      )
      .execute();
    await setSubjectStatus(trx, subject.kind, subject.id, 'pending');
  });
  for (const [i, party] of snapshot.parties.entries())
    await sendAgreementRequest(ctx, party, snapshot, agreeUrl(ctx, links[i]!));
  const round = await ctx.db
    .selectFrom('agreement_rounds')
    .selectAll()
    .where('id', '=', roundId)
    .executeTakeFirstOrThrow();
  return presentRound(ctx.db, round);
}

/** The sealed split sheet of a subject whose splits every party agreed to (made now if it was not yet). */
export async function splitSheetOf(
  ctx: AppContext,
  kind: SubjectKind,
  subjectId: string,
): Promise<StoredSheet> {
  const status = await subjectStatus(ctx.db, kind, subjectId);
  const round =
    status === 'agreed'
      ? await ctx.db
          .selectFrom('agreement_rounds')
          .select('id')
          .where('subject_kind', '=', kind)
          .where('subject_id', '=', subjectId)
          .where('status', '=', 'agreed')
          .orderBy('agreed_at', 'desc')
          .executeTakeFirst()
      : undefined;
  if (!round)
    throw conflict(
      status === 'pending'
        ? 'There is no split sheet yet: the splits are pending until every party accepts them'
        : 'There is no split sheet yet: request agreement on the splits, and it is made once every party accepts',
    );
  return (await ensureSplitSheet(ctx, round.id)).sheet;
}
