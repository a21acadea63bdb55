// The documents area's emails: a signing request, a signed copy for everyone, and a decline to the owner.
import type { AppContext } from '../../platform/context.ts';
import { actionEmailHtml, escapeHtml } from '../../platform/mail/mail.ts';

interface DocumentRef {
  title: string;
  number: string;
}

export async function sendSigningRequest(
  ctx: AppContext,
  to: { name: string; email: string },
  from: { name: string; email: string },
  doc: DocumentRef,
  link: string,
  expiresAt: string,
) {
  const until = new Date(expiresAt).toUTCString();
  await ctx.mailer.send({
    kind: 'document_signing',
    userId: null,
    to: to.email,
    subject: `${from.name} asks you to sign: ${doc.title}`,
    text: `Hi ${to.name},\n\n${from.name} (${from.email}) sent you "${doc.title}" (${doc.number}) to read and sign:\n${link}\n\nThe link is yours alone and works until ${until}.`,
    html: actionEmailHtml(
      `Please sign: ${doc.title}`,
      `Hi ${to.name}, ${from.name} (${from.email}) sent you "${doc.title}" (${doc.number}) to read and sign.`,
      'Review and sign',
      link,
      `The link is yours alone and works until ${until}.`,
    ),
  });
}

export async function sendCompletedCopy(
  ctx: AppContext,
  to: { name: string; email: string; userId: string | null },
  doc: DocumentRef & { id: string },
  pdf: Buffer,
) {
  const note = 'The attached PDF carries every signature, a certificate page and a digital seal.';
  await ctx.mailer.send({
    kind: 'document_completed',
    userId: to.userId,
    to: to.email,
    subject: `Signed by everyone: ${doc.title}`,
    text: `Hi ${to.name},\n\n"${doc.title}" (${doc.number}) has been signed by every party. ${note}`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0f1115;color:#e6e8ee;padding:24px"><h1 style="font-size:20px">Signed by everyone</h1><p>Hi ${escapeHtml(to.name)}, "${escapeHtml(doc.title)}" (${escapeHtml(doc.number)}) has been signed by every party.</p><p>${note}</p></body></html>`,
    attachments: [{ filename: `document-${doc.id}.pdf`, content: pdf, contentType: 'application/pdf' }],
  });
}

export async function sendDeclinedNotice(
  ctx: AppContext,
  owner: { id: string; name: string; email: string },
  by: { name: string; email: string },
  doc: DocumentRef,
  reason: string,
) {
  await ctx.mailer.send({
    kind: 'document_declined',
    userId: owner.id,
    to: owner.email,
    subject: `${by.name} declined to sign: ${doc.title}`,
    text: `Hi ${owner.name},\n\n${by.name} (${by.email}) declined to sign "${doc.title}" (${doc.number}).\n\nTheir reason: ${reason}\n\nYou can edit the document and send it again.`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0f1115;color:#e6e8ee;padding:24px"><h1 style="font-size:20px">Declined: ${escapeHtml(doc.title)}</h1><p>${escapeHtml(by.name)} (${escapeHtml(by.email)}) declined to sign "${escapeHtml(doc.title)}" (${escapeHtml(doc.number)}).</p><p>Their reason: ${escapeHtml(reason)}</p><p>You can edit the document and send it again.</p></body></html>`,
  });
}
