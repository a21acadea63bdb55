// Mail: every message is written to the outbox table first; with SMTP_URL it is then sent at once, and a
// failed send waits in the outbox for the sweep to try it again (mail-queue.ts, decision 030). Without it the
// log prints the message's links so a local user can still follow them.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB } from '../../db/schema.ts';
import { newId, nowIso } from '../ids.ts';
import { type MailOutboxTable, MailQueue, type MailRow, type MailSweep } from './mail-queue.ts';

export { SENT_BODY } from './mail-queue.ts';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  kind: string;
  userId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Kept in the outbox with the mail until it is sent, so a retry sends them too (decision 030). */
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Writes the mail to the outbox and, with SMTP, tries it at once; a failed try never throws. */
  send(message: MailMessage): Promise<void>;
  /** Tries the queued mails that are due (their retries); nothing without SMTP. */
  sweep(): Promise<MailSweep>;
  /** 'smtp' with SMTP_URL, else 'outbox' (messages stay in the outbox table). */
  readonly transport: 'smtp' | 'outbox';
  /** Connects to the SMTP server and authenticates (nodemailer's verify); resolves at once for the outbox. */
  verify(): Promise<void>;
  close(): void;
}

/**
 * A try gives up on a server that does not answer well within the queue's lease (MAIL_LEASE_MS), and within a
 * request's patience for the first try: nodemailer's own defaults wait 2 minutes to connect and 10 idle.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

const encodeAttachments = (list: MailAttachment[] | undefined) =>
  list?.length
    ? JSON.stringify(
        list.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content.toString('base64'),
        })),
      )
    : null;

const decodeAttachments = (json: string | null): MailAttachment[] | undefined =>
  json
    ? (JSON.parse(json) as Array<{ filename: string; contentType: string; content: string }>).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content, 'base64'),
      }))
    : undefined;

/** The sender's domain, for Message-IDs. */
const domainOf = (from: string) => from.match(/@([^\s>]+)>?\s*$/)?.[1] ?? 'mixdesk.local';

export function createMailer(opts: {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
}): Mailer {
  const transport: Transporter | undefined = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS })
    : undefined;
  const domain = domainOf(opts.from);
  const queue = new MailQueue(opts.db, opts.log, async (row: MailRow) => {
    await transport!.sendMail({
      from: opts.from,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      attachments: decodeAttachments(row.attachments),
      // One id for every try of a mail: a receiver may fold a copy sent twice (a try that outlived its
      // lease) into one.
      messageId: `<${row.id}@${domain}>`,
    });
  });
  const base = (m: MailMessage) => ({
    id: newId(),
    kind: m.kind,
    user_id: m.userId,
    to_address: m.to,
    subject: m.subject,
    html_body: m.html,
    created_at: nowIso(),
    sent_at: null,
    error: null,
  });
  return {
    transport: transport ? 'smtp' : 'outbox',
    async verify() {
      if (transport) await transport.verify();
    },
    async send(m) {
      if (!transport) {
        const names = m.attachments?.map((a) => `${a.filename} (${a.content.length} bytes)`).join(', ');
        const kept: MailOutboxTable = {
          ...base(m),
          text_body: names ? `${m.text}\n\nAttached: ${names}` : m.text,
          status: 'kept',
          attempts: 0,
          next_attempt_at: null,
          lease_id: null,
          lease_until: null,
          failed_at: null,
          attachments: null,
        };
        await opts.db.insertInto('mail_outbox').values(kept).execute();
        const links = m.text.match(/https?:\/\/\S+/g) ?? [];
        opts.log.info(
          { service: 'mail', mail: { to: m.to, subject: m.subject, links } },
          `Mail kept in the outbox (no SMTP_URL): ${m.subject}`,
        );
        return;
      }
      // Written already held by this try, so no sweep takes it while the request sends it.
      const row: MailRow = {
        ...base(m),
        text_body: m.text,
        ...MailQueue.fresh(),
        attachments: encodeAttachments(m.attachments),
      };
      await opts.db.insertInto('mail_outbox').values(row).execute();
      // The first try, at once; a failure leaves the mail queued and never fails the user's request.
      await queue.attempt(row).catch((err) => {
        opts.log.error({ service: 'mail', err, mailId: row.id }, 'Could not record how a mail try went');
      });
    },
    sweep: () => (transport ? queue.sweep() : Promise.resolve({ sent: 0, retrying: 0, failed: 0 })),
    close() {
      transport?.close();
    },
  };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The house email: a title, a sentence, one button and the link spelled out under it. */
export function actionEmailHtml(
  title: string,
  intro: string,
  action: string,
  link: string,
  outro: string,
): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0f1115;color:#e6e8ee;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#7c5cff;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#9aa0ad;font-size:13px">${escapeHtml(outro)}<br>${escapeHtml(link)}</p></body></html>`;
}
