// The sealed split sheet of an agreed round: the documents area's split-sheet template filled from the round's
// snapshot (never typed again), each party's acceptance as their mark, a certificate page with every
// acceptance (time, address, browser), and a digital seal over the whole file with the instance's signing key
// (as completed documents are sealed). Stored once per round: two makers racing keep the first, and the
// loser removes its own object.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { WRITER_ROLE_LABELS, type WriterRole } from '@mixdesk/contract/catalog';
import type { AppContext } from '../../platform/context.ts';
import { randomToken } from '../../platform/ids.ts';
import { loadSigningKey, type RenderableDocument, renderDocumentPdf, sealPdf } from '../documents/public.ts';
import {
  type PartyRow,
  partiesOfRound,
  type RoundRow,
  type RoundSnapshot,
  type SnapshotParty,
  snapshotOf,
} from './agreement-present.ts';

const SHEET_MAX_BYTES = 32 * 1024 * 1024;

export interface StoredSheet {
  key: string;
  sha256: string;
  size: number;
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The number the sheet is quoted by: SPLIT-<day agreed>-<the round's first six hex digits>. */
export const sheetNumber = (round: Pick<RoundRow, 'id' | 'agreed_at'>) =>
  `SPLIT-${(round.agreed_at ?? '').slice(0, 10).replaceAll('-', '')}-${round.id.replaceAll('-', '').slice(0, 6).toUpperCase()}`;

const roleOf = (p: SnapshotParty) =>
  p.kind === 'writer'
    ? (WRITER_ROLE_LABELS[p.role as WriterRole] ?? p.role)
    : p.kind === 'publisher'
      ? 'Publisher'
      : 'Master owner';

const person = (p: SnapshotParty) => ({
  name: p.name,
  email: p.email,
  role: roleOf(p),
  pro: p.pro,
  ipi: p.ipi ?? '',
  share: p.shareBasisPoints / 100,
});

/** The title the sheet prints: the song or the master, with its code. */
function songTitle(s: RoundSnapshot['subject']): string {
  if (s.kind === 'work') return s.iswc ? `${s.title} (ISWC ${s.iswc})` : s.title;
  return `${s.title}, master recording${s.isrc ? ` (ISRC ${s.isrc})` : ''}`;
}

/** The split sheet as the documents renderer takes it, from the snapshot alone. */
export function sheetDocument(round: RoundRow, parties: PartyRow[]): RenderableDocument {
  const snapshot = snapshotOf(round);
  const people = snapshot.parties;
  const contact = (p: { name: string; email: string }) => ({
    name: p.name,
    email: p.email,
    address: '',
    phone: '',
  });
  const distinct = people.filter((p, i) => people.findIndex((q) => q.email === p.email) === i);
  const primary = distinct[0] ?? snapshot.requestedBy;
  const secondary = distinct[1] ?? snapshot.requestedBy;
  const writers = people.filter((p) => p.kind !== 'publisher');
  return {
    documentId: sheetNumber(round),
    title: `${snapshot.subject.title}: ${snapshot.subject.kind === 'work' ? 'split sheet' : 'master split sheet'}`,
    documentType: 'split_sheet',
    templateName: 'split-sheet',
    parties: { primary: contact(primary), secondary: contact(secondary) },
    project: null,
    signers: parties.map((p) => ({
      _id: p.id,
      role: p.kind === 'publisher' ? 'publisher' : 'writer',
      name: p.name,
      email: p.email,
      status: 'signed',
      viewedAt: null,
      signedAt: p.responded_at,
      rejectedAt: null,
    })),
    contractDetails: null,
    invoiceDetails: null,
    agreementDetails: null,
    splitSheetDetails: {
      songTitle: songTitle(snapshot.subject),
      writers: writers.map(person),
      publishers: people.filter((p) => p.kind === 'publisher').map(person),
    },
    createdAt: round.agreed_at ?? round.sent_at,
  };
}

/** The sealed PDF of an agreed round. */
export async function renderSplitSheet(
  ctx: AppContext,
  round: RoundRow,
  parties: PartyRow[],
): Promise<Buffer> {
  const view = sheetDocument(round, parties);
  const agreedAt = round.agreed_at ?? round.sent_at;
  const snapshot = snapshotOf(round);
  // A master split's people are its owners: the sheet says so in its table and on their signature lines.
  const writersAs =
    snapshot.subject.kind === 'recording' ? { heading: 'Master owners', role: 'Master owner' } : undefined;
  const unsigned = await renderDocumentPdf(view, { writersAs });
  const events = [
    {
      type: 'sent',
      at: round.sent_at,
      actor: `${snapshot.requestedBy.name} <${snapshot.requestedBy.email}>`,
      ip: null,
      userAgent: null,
    },
    ...[...parties]
      .sort((a, b) => (a.responded_at ?? '').localeCompare(b.responded_at ?? ''))
      .map((p) => ({
        type: 'accepted',
        at: p.responded_at ?? agreedAt,
        actor: `${p.name} <${p.email}>`,
        ip: p.ip,
        userAgent: p.user_agent,
      })),
    { type: 'agreed', at: agreedAt, actor: null, ip: null, userAgent: null },
  ];
  const rendered = await renderDocumentPdf(view, {
    signatures: parties.map((p) => ({
      signerId: p.id,
      signedAt: p.responded_at ?? agreedAt,
      mark: { kind: 'typed', text: 'Accepted' },
    })),
    certificate: { unsignedSha256: sha256Of(unsigned), completedAt: agreedAt, events },
    writersAs,
  });
  const key = await loadSigningKey({
    secrets: ctx.secrets,
    p12Path: ctx.config.signingP12,
    p12Password: ctx.config.signingP12Password,
  });
  return sealPdf(rendered, key, {
    reason: 'Agreed by every party',
    name: 'Mixdesk',
    location: new URL(ctx.config.appUrl).host,
    contactInfo: ctx.config.mailFrom,
    signingTime: new Date(agreedAt),
  });
}

/**
 * Makes, seals and stores the split sheet of an agreed round unless it has one; the round's sheet either way,
 * with the PDF's bytes when this call made them.
 */
export async function ensureSplitSheet(
  ctx: AppContext,
  roundId: string,
): Promise<{ sheet: StoredSheet; pdf: Buffer | null }> {
  const round = await ctx.db
    .selectFrom('agreement_rounds')
    .selectAll()
    .where('id', '=', roundId)
    .executeTakeFirstOrThrow();
  if (round.sheet_key && round.sheet_sha256 && round.sheet_size !== null)
    return {
      sheet: { key: round.sheet_key, sha256: round.sheet_sha256, size: Number(round.sheet_size) },
      pdf: null,
    };
  const pdf = await renderSplitSheet(ctx, round, await partiesOfRound(ctx.db, roundId));
  const sheet = {
    key: `splits/${roundId}/${randomToken(8, 'hex')}`,
    sha256: sha256Of(pdf),
    size: pdf.length,
  };
  await ctx.storage.put(sheet.key, Readable.from([pdf]), { maxBytes: SHEET_MAX_BYTES, sha256: sheet.sha256 });
  const saved = await ctx.db
    .updateTable('agreement_rounds')
    .set({ sheet_key: sheet.key, sheet_sha256: sheet.sha256, sheet_size: sheet.size })
    .where('id', '=', roundId)
    .where('sheet_key', 'is', null)
    .executeTakeFirst();
  if (Number(saved.numUpdatedRows) === 1) return { sheet, pdf };
  // Another request stored one meanwhile: theirs stays, this copy goes.
  await ctx.storage.remove(sheet.key);
  return ensureSplitSheet(ctx, roundId);
}
