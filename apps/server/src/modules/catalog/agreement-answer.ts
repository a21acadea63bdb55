// A party's link (/agree/<token>): what they see, and their accept or decline. The token is the credential
// (its SHA-256 finds the party); unknown tokens answer 404. Answers are taken in one transaction that locks the
// subject's row and then the round's (the order a change of the splits takes them too), so of any number of
// answers at once each party answers once and exactly one acceptance makes the round agreed; that one makes
// the sealed split sheet and tells everyone.
import { buffer } from 'node:stream/consumers';
import type { AgreeView } from '@mixdesk/contract/catalog';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { nowIso, sha256 } from '../../platform/ids.ts';
import { userContact } from '../auth/public.ts';
import { sendAgreed, sendDeclinedToOwner } from './agreement-emails.ts';
import {
  type PartyRow,
  partiesOfRound,
  presentParty,
  type RoundRow,
  type SubjectKind,
  setSubjectStatus,
  snapshotOf,
  subjectStatus,
} from './agreement-present.ts';
import { ensureSplitSheet } from './split-sheet.ts';

export const LINK_UNKNOWN = 'This agreement link is not valid: check that it was copied whole from the email';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface Origin {
  ip: string | null;
  userAgent: string | null;
}

type VoidReason = NonNullable<AgreeView['voidReason']>;

const VOID_MESSAGES: Record<VoidReason, string> = {
  replaced: 'This request was replaced by a newer one: use the link in the latest email about these splits',
  changed:
    'The splits changed after this request was sent, so it no longer counts: a new request will follow',
  deleted: 'The owner deleted what this request was about, so there is nothing left to agree to',
};

async function findLink(db: Kysely<DB>, token: string): Promise<{ party: PartyRow; round: RoundRow }> {
  const party = TOKEN_SHAPE.test(token)
    ? await db
        .selectFrom('agreement_parties')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst()
    : undefined;
  const round = party
    ? await db.selectFrom('agreement_rounds').selectAll().where('id', '=', party.round_id).executeTakeFirst()
    : undefined;
  if (!party || !round) throw new AppError('NOT_FOUND', LINK_UNKNOWN);
  return { party, round };
}

/** Why the round no longer counts, or null while it does. */
async function voidReasonOf(db: Kysely<DB>, round: RoundRow): Promise<VoidReason | null> {
  if ((await subjectStatus(db, round.subject_kind as SubjectKind, round.subject_id)) === undefined)
    return 'deleted';
  if (round.status !== 'void') return null;
  const newer = await db
    .selectFrom('agreement_rounds')
    .select('id')
    .where('subject_kind', '=', round.subject_kind)
    .where('subject_id', '=', round.subject_id)
    .where('sent_at', '>', round.sent_at)
    .executeTakeFirst();
  return newer ? 'replaced' : 'changed';
}

export async function viewLink(ctx: AppContext, token: string): Promise<AgreeView> {
  const { party, round } = await findLink(ctx.db, token);
  const snapshot = snapshotOf(round);
  const voidReason = await voidReasonOf(ctx.db, round);
  return {
    subject: snapshot.subject,
    requestedBy: snapshot.requestedBy.name,
    you: presentParty(party),
    // Whoever holds a link sees every party's name, share and answer, but only their own email address.
    parties: (await partiesOfRound(ctx.db, round.id)).map((p) =>
      p.id === party.id ? presentParty(p) : { ...presentParty(p), email: '' },
    ),
    roundStatus: voidReason ? 'void' : (round.status as AgreeView['roundStatus']),
    voidReason,
  };
}

/** Refuses an answer the round or the party's own answer no longer allows. */
async function refuseClosed(db: Kysely<DB>, round: RoundRow, party: PartyRow, parties: PartyRow[]) {
  const voidReason = await voidReasonOf(db, round);
  if (voidReason) throw new AppError('GONE', VOID_MESSAGES[voidReason]);
  if (party.status === 'accepted') throw conflict('You already accepted this split');
  if (party.status === 'declined') throw conflict('You already declined this split');
  if (round.status === 'declined') {
    const by = parties.find((p) => p.status === 'declined');
    throw conflict(
      `${by?.name ?? 'Another party'} declined this split, so it can no longer be answered: the owner will change it or send it again`,
    );
  }
  if (round.status !== 'open') throw conflict('This split is already agreed by every party');
}

type Answer = { kind: 'accept' } | { kind: 'decline'; reason: string };

/** Records one answer; tells whether it made the round agreed. */
async function record(ctx: AppContext, token: string, answer: Answer, origin: Origin) {
  const found = await findLink(ctx.db, token);
  const lock = ctx.dialect === 'postgres';
  return ctx.db.transaction().execute(async (trx) => {
    await subjectStatus(trx, found.round.subject_kind as SubjectKind, found.round.subject_id, lock);
    const round = await trx
      .selectFrom('agreement_rounds')
      .selectAll()
      .where('id', '=', found.round.id)
      .$if(lock, (q) => q.forUpdate())
      .executeTakeFirstOrThrow();
    const parties = await partiesOfRound(trx, round.id);
    const party = parties.find((p) => p.id === found.party.id)!;
    await refuseClosed(trx, round, party, parties);
    const now = nowIso();
    await trx
      .updateTable('agreement_parties')
      .set({
        status: answer.kind === 'accept' ? 'accepted' : 'declined',
        reason: answer.kind === 'decline' ? answer.reason : null,
        responded_at: now,
        ip: origin.ip,
        user_agent: origin.userAgent,
      })
      .where('id', '=', party.id)
      .execute();
    if (answer.kind === 'decline') {
      await trx
        .updateTable('agreement_rounds')
        .set({ status: 'declined' })
        .where('id', '=', round.id)
        .execute();
      return { round, party, roundStatus: 'declined' as const };
    }
    if (parties.some((p) => p.id !== party.id && p.status !== 'accepted'))
      return { round, party, roundStatus: 'open' as const };
    await trx
      .updateTable('agreement_rounds')
      .set({ status: 'agreed', agreed_at: now })
      .where('id', '=', round.id)
      .execute();
    await setSubjectStatus(trx, round.subject_kind as SubjectKind, round.subject_id, 'agreed');
    return { round, party, roundStatus: 'agreed' as const };
  });
}

/** Makes the sealed split sheet of a round just agreed and mails it to every party and the owner. */
async function finishAgreed(ctx: AppContext, round: RoundRow): Promise<void> {
  const snapshot = snapshotOf(round);
  let sheet: { filename: string; pdf: Buffer } | null = null;
  try {
    const made = await ensureSplitSheet(ctx, round.id);
    // The owner's download may have made it a moment earlier: then it is read back.
    const pdf = made.pdf ?? (await buffer(await ctx.storage.get(made.sheet.key)));
    sheet = { filename: `split-sheet-${round.id}.pdf`, pdf };
  } catch (error) {
    // The agreement stands; the owner's download makes the sheet when it is asked for.
    ctx.log.error({ service: 'catalog', roundId: round.id, err: error }, 'Could not make the split sheet');
  }
  const owner = await userContact(ctx.db, round.owner_id).executeTakeFirst();
  const recipients = new Map<string, { name: string; email: string; userId: string | null }>();
  for (const p of snapshot.parties) recipients.set(p.email, { name: p.name, email: p.email, userId: null });
  if (owner && !recipients.has(owner.email))
    recipients.set(owner.email, { name: owner.name, email: owner.email, userId: owner.id });
  for (const to of recipients.values()) await sendAgreed(ctx, to, snapshot, sheet);
}

export async function acceptLink(ctx: AppContext, token: string, origin: Origin) {
  const done = await record(ctx, token, { kind: 'accept' }, origin);
  if (done.roundStatus === 'agreed') await finishAgreed(ctx, done.round);
  return { status: 'accepted' as const, roundStatus: done.roundStatus };
}

export async function declineLink(ctx: AppContext, token: string, reason: string, origin: Origin) {
  const done = await record(ctx, token, { kind: 'decline', reason }, origin);
  const owner = await userContact(ctx.db, done.round.owner_id).executeTakeFirst();
  if (owner) await sendDeclinedToOwner(ctx, owner, done.party, snapshotOf(done.round), reason);
  return { status: 'declined' as const, roundStatus: done.roundStatus };
}
