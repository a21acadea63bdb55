// The mails of a round of agreement: each party's request with their own link, the owner told of a decline,
// everyone told the splits are agreed (with the sealed split sheet), and every party told the splits changed.
import { formatBasisPoints as share } from '@mixdesk/contract/catalog';
import type { AppContext } from '../../platform/context.ts';
import { actionEmailHtml, escapeHtml } from '../../platform/mail/mail.ts';
import type { RoundSnapshot } from './agreement-present.ts';

interface Person {
  name: string;
  email: string;
}

const subjectLabel = (s: RoundSnapshot['subject']) =>
  s.kind === 'work' ? `the song "${s.title}"` : `the master recording "${s.title}"`;

const plainHtml = (title: string, paragraphs: string[]) =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0f1115;color:#e6e8ee;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}</body></html>`;

export const agreeUrl = (ctx: AppContext, token: string) => `${ctx.config.appUrl}/agree/${token}`;

export async function sendAgreementRequest(
  ctx: AppContext,
  to: Person & { shareBasisPoints: number },
  snapshot: RoundSnapshot,
  link: string,
): Promise<void> {
  const from = snapshot.requestedBy;
  const what = subjectLabel(snapshot.subject);
  const intro = `Hi ${to.name}, ${from.name} (${from.email}) asks every party to agree to the split of ${what}. Your share is ${share(to.shareBasisPoints)}.`;
  await ctx.mailer.send({
    kind: 'splits_request',
    userId: null,
    to: to.email,
    subject: `${from.name} asks you to agree to the split of "${snapshot.subject.title}"`,
    text: `${intro}\n\nSee the whole split and accept or decline it:\n${link}\n\nThe link is yours alone. The split counts as agreed only when every party has accepted it.`,
    html: actionEmailHtml(
      `Agree to the split: ${snapshot.subject.title}`,
      intro,
      'See the split',
      link,
      'The link is yours alone. The split counts as agreed only when every party has accepted it.',
    ),
  });
}

export async function sendDeclinedToOwner(
  ctx: AppContext,
  owner: Person & { id: string },
  by: Person,
  snapshot: RoundSnapshot,
  reason: string,
): Promise<void> {
  const title = snapshot.subject.title;
  const lines = [
    `${by.name} (${by.email}) declined the split of ${subjectLabel(snapshot.subject)}.`,
    `Their reason: ${reason}`,
    'The splits stay pending: change them, or send the request again.',
  ];
  await ctx.mailer.send({
    kind: 'splits_declined',
    userId: owner.id,
    to: owner.email,
    subject: `${by.name} declined the split of "${title}"`,
    text: `Hi ${owner.name},\n\n${lines.join('\n\n')}`,
    html: plainHtml(`Declined: ${title}`, lines),
  });
}

export async function sendAgreed(
  ctx: AppContext,
  to: Person & { userId: string | null },
  snapshot: RoundSnapshot,
  sheet: { filename: string; pdf: Buffer } | null,
): Promise<void> {
  const title = snapshot.subject.title;
  const lines = [
    `Every party accepted the split of ${subjectLabel(snapshot.subject)}:`,
    snapshot.parties.map((p) => `${p.name}: ${share(p.shareBasisPoints)}`).join('; '),
    sheet
      ? 'The attached split sheet lists every acceptance and carries a digital seal.'
      : 'The sealed split sheet will be available from the owner.',
  ];
  await ctx.mailer.send({
    kind: 'splits_agreed',
    userId: to.userId,
    to: to.email,
    subject: `Agreed by everyone: the split of "${title}"`,
    text: `Hi ${to.name},\n\n${lines.join('\n\n')}`,
    html: plainHtml(`Agreed: ${title}`, lines),
    ...(sheet
      ? { attachments: [{ filename: sheet.filename, content: sheet.pdf, contentType: 'application/pdf' }] }
      : {}),
  });
}

export async function sendSplitsChanged(ctx: AppContext, to: Person, snapshot: RoundSnapshot): Promise<void> {
  const title = snapshot.subject.title;
  const lines = [
    `${snapshot.requestedBy.name} changed the split of ${subjectLabel(snapshot.subject)} after asking you to agree to it.`,
    'The earlier request no longer counts, and neither does any answer given to it. A new request will follow.',
  ];
  await ctx.mailer.send({
    kind: 'splits_changed',
    userId: null,
    to: to.email,
    subject: `The split of "${title}" changed`,
    text: `Hi ${to.name},\n\n${lines.join('\n\n')}`,
    html: plainHtml(`Changed: ${title}`, lines),
  });
}
