// Completion of a document everyone signed, at its edges: each step that fails names itself to the owner, in
// exact words, with the advice that fits (a passing failure is tried again once after a pause and can be
// resent; a lasting one cannot); the log keeps the cause of every attempt. A completion that has nothing to
// do changes nothing, and the certificate, the seal and the mails carry exactly who did what.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { fromJson } from '../../db/schema.ts';
import { completeDocument } from './complete.ts';
import {
  documentsSnapshot,
  downloadVia,
  generateVia,
  mailedSigningToken,
  mailsTo,
  payloads,
  pdfsig,
  readPdf,
  request,
  sendVia,
  signVia,
  storedPdfKeys,
  typed,
} from './documents-testing.ts';
import { dataUrl, PNG_SIGNATURE } from './signature-png-testing.ts';

const UNSAVED_TITLE = 'Completion refused by the database';
const ADVICE_RETRY = 'Resend to try again; if it keeps failing, void the document.';
const ADVICE_VOID = 'Void the document and send a new one.';
const explained = (reason: string, advice: string) =>
  `Everyone has signed, but the final copy could not be made: ${reason}. ${advice}`;

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Edgy Owner' });
  // The 'completed' event of a document with this title is refused: the save of its completion fails.
  const refused = `new.type = 'completed' and (select title from documents where id = new.document_id) = '${UNSAVED_TITLE}'`;
  if (t.app.ctx.dialect === 'postgres')
    await sql
      .raw(`create function refuse_completion_in_test() returns trigger language plpgsql as $$
        begin
          if ${refused} then raise exception 'refused by a test trigger'; end if;
          return new;
        end $$;
        create trigger refuse_completion_in_test before insert on document_events
          for each row execute function refuse_completion_in_test()`)
      .execute(t.app.ctx.db);
  else
    await sql
      .raw(`create trigger refuse_completion_in_test before insert on document_events
        when ${refused} begin select raise(abort, 'refused by a test trigger'); end`)
      .execute(t.app.ctx.db);
});
afterAll(async () => {
  await t.close();
});

interface LogLine {
  time: number;
  msg: string;
  service?: string;
  documentId?: string;
  attempt?: number;
  key?: string;
  err?: { type: string; name?: string; message: string; reason?: string; lasting?: boolean };
}

const logLines = (): LogLine[] =>
  t
    .logs()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);

const attemptsLogged = (documentId: string) =>
  logLines().filter((l) => l.msg === 'Completing a signed document failed' && l.documentId === documentId);

/** A contract sent to both parties; the primary party has signed, the secondary holds the last link. */
async function halfSigned(overrides: Record<string, unknown> = {}) {
  const body = payloads.contract(overrides);
  const doc = await generateVia(t.app, owner, body);
  await sendVia(t.app, owner, doc._id);
  const { primary, secondary } = body.parties;
  const first = await signVia(t.app, await mailedSigningToken(t.app, primary.email), typed(primary.name));
  expect(first.statusCode).toBe(200);
  return { id: doc._id, body, lastToken: await mailedSigningToken(t.app, secondary.email) };
}

const signLast = async (doc: Awaited<ReturnType<typeof halfSigned>>) => {
  const res = await signVia(t.app, doc.lastToken, typed(doc.body.parties.secondary.name));
  expect(res.statusCode).toBe(200);
  return res.json().data.status as string;
};

const rowOf = (id: string) =>
  t.app.ctx.db
    .selectFrom('documents')
    .select(['status', 'pdf_revision', 'completion_error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const setSignature = (id: string, email: string, signature: string | null) =>
  t.app.ctx.db
    .updateTable('document_signers')
    .set({ signature })
    .where('document_id', '=', id)
    .where('email', '=', email)
    .execute();

/** The folder the document's PDFs are kept in, on the local disk. */
const pdfFolder = (id: string) => path.join(t.config.dataDir, 'files', 'documents', id);

describe('a completion that fails for a passing reason', () => {
  it('storing refused: tried twice, logged with its cause, explained; the resend completes', async () => {
    const doc = await halfSigned();
    // The storage cannot write under the document (a file stands where its folder was).
    rmSync(pdfFolder(doc.id), { recursive: true, force: true });
    writeFileSync(pdfFolder(doc.id), 'not a folder');

    expect(await signLast(doc)).toBe('signed');
    const reason = explained('storing the final PDF failed', ADVICE_RETRY);
    expect(await rowOf(doc.id)).toEqual({ status: 'signed', pdf_revision: 1, completion_error: reason });
    const tries = attemptsLogged(doc.id);
    expect(tries.map((l) => [l.attempt, l.service])).toEqual([
      [1, 'documents'],
      [2, 'documents'],
    ]);
    for (const l of tries)
      expect(l.err).toMatchObject({
        type: 'CompletionFailure',
        name: 'CompletionFailure',
        reason: 'storing the final PDF failed',
        lasting: false,
        // The storage's own error follows the step's words.
        message: expect.stringMatching(/^storing the final PDF failed: \S/),
      });

    const resent = await request(t.app, 'POST', `/api/documents/${doc.id}/send`, owner, {});
    expect(resent.statusCode).toBe(409);
    expect(resent.json()).toMatchObject({ success: false, message: reason });

    rmSync(pdfFolder(doc.id));
    mkdirSync(pdfFolder(doc.id));
    const finished = await sendVia(t.app, owner, doc.id);
    expect(finished).toMatchObject({ status: 'completed', completionError: null });
    expect(await rowOf(doc.id)).toEqual({ status: 'completed', pdf_revision: 2, completion_error: null });
  });

  it('saving refused: the step is named, and each attempt leaves its stored copy to the sweeper', async () => {
    const doc = await halfSigned({ title: UNSAVED_TITLE });
    expect(await signLast(doc)).toBe('signed');
    const reason = explained('saving the completed document failed', ADVICE_RETRY);
    expect(await rowOf(doc.id)).toEqual({ status: 'signed', pdf_revision: 1, completion_error: reason });
    expect(attemptsLogged(doc.id).map((l) => l.attempt)).toEqual([1, 2]);
    const keys = await storedPdfKeys(t.app, doc.id);
    expect(keys.filter((k) => /\/r2-[0-9a-f]{16}$/.test(k))).toHaveLength(2);
    expect(keys).toHaveLength(3);
  });

  it('the final PDF cannot be made from what is stored: the step is named', async () => {
    // Details kept before they were checked: a contract without its content.
    const undone = await halfSigned();
    await t.app.ctx.db
      .updateTable('documents')
      .set({ details: JSON.stringify({ kind: 'contract', budgetCents: 100 }) })
      .where('id', '=', undone.id)
      .execute();
    expect(await signLast(undone)).toBe('signed');
    expect((await rowOf(undone.id)).completion_error).toBe(
      explained('making the final PDF failed', ADVICE_RETRY),
    );
    expect(attemptsLogged(undone.id).map((l) => l.attempt)).toEqual([1, 2]);
  });

  it('an error that is no step of the completion (a signature kept as no text) is explained in general words, tried again after a pause', async () => {
    const doc = await halfSigned();
    await setSignature(doc.id, doc.body.parties.primary.email, JSON.stringify({ kind: 'drawn', value: 42 }));
    expect(await signLast(doc)).toBe('signed');
    const reason = explained('completing the document failed', ADVICE_RETRY);
    expect(await rowOf(doc.id)).toEqual({ status: 'signed', pdf_revision: 1, completion_error: reason });
    const tries = attemptsLogged(doc.id);
    expect(tries.map((l) => [l.attempt, l.err?.type])).toEqual([
      [1, 'TypeError'],
      [2, 'TypeError'],
    ]);
    // Each attempt fails within milliseconds; the second comes after the pause (timers may fire a few ms
    // early against the wall clock the log uses).
    expect(tries[1]!.time - tries[0]!.time).toBeGreaterThanOrEqual(240);
  });
});

describe('a completion that fails for a lasting reason', () => {
  it('an unreadable drawn signature: tried once, without a pause, and the owner is told to void', async () => {
    const doc = await halfSigned();
    const primary = doc.body.parties.primary;
    const legacy = Buffer.concat([PNG_SIGNATURE, Buffer.from('not image data')]);
    await setSignature(doc.id, primary.email, JSON.stringify({ kind: 'drawn', value: dataUrl(legacy) }));
    expect(await signLast(doc)).toBe('signed');
    const why = `the drawn signature of ${primary.name} cannot be read`;
    const reason = explained(why, ADVICE_VOID);
    expect(await rowOf(doc.id)).toEqual({ status: 'signed', pdf_revision: 1, completion_error: reason });
    const [only, ...more] = attemptsLogged(doc.id);
    expect(more).toEqual([]);
    expect(only).toMatchObject({ service: 'documents', documentId: doc.id, attempt: 1 });
    expect(only!.err).toMatchObject({
      type: 'CompletionFailure',
      name: 'CompletionFailure',
      lasting: true,
      message: `${why}: This drawn signature is damaged and cannot be read. Draw it again.`,
    });

    // Each resend tries once more, and answers with the same reason. (That it tries at once, with no pause
    // before the first attempt, is timing only: docs/testing.md names it rather than racing a clock here.)
    for (let i = 0; i < 3; i++) {
      const res = await request(t.app, 'POST', `/api/documents/${doc.id}/send`, owner, {});
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(reason);
      expect(attemptsLogged(doc.id)).toHaveLength(2 + i);
    }

    // Voided, it has nothing left to complete: a direct completion changes nothing and does not fail.
    expect((await request(t.app, 'POST', `/api/documents/${doc.id}/void`, owner)).statusCode).toBe(200);
    const before = await documentsSnapshot(t.app);
    const keys = await storedPdfKeys(t.app, doc.id);
    await expect(completeDocument(t.app.ctx, doc.id)).resolves.toBeUndefined();
    expect(await documentsSnapshot(t.app)).toEqual(before);
    expect(await storedPdfKeys(t.app, doc.id)).toEqual(keys);
  });

  it('the reason could not be kept (the database refuses it): logged, and the request still answers', async () => {
    const doc = await halfSigned();
    const primary = doc.body.parties.primary;
    const legacy = Buffer.concat([PNG_SIGNATURE, Buffer.from('not image data')]);
    await setSignature(doc.id, primary.email, JSON.stringify({ kind: 'drawn', value: dataUrl(legacy) }));
    const db = t.app.ctx.db;
    if (t.app.ctx.dialect === 'postgres')
      await sql
        .raw(`create function refuse_reason_in_test() returns trigger language plpgsql as $$
          begin raise exception 'refused by a test trigger'; end $$;
          create trigger refuse_reason_in_test before update of completion_error on documents
            for each row when (new.id = '${doc.id}') execute function refuse_reason_in_test()`)
        .execute(db);
    else
      await sql
        .raw(`create trigger refuse_reason_in_test before update of completion_error on documents
          when new.id = '${doc.id}' begin select raise(abort, 'refused by a test trigger'); end`)
        .execute(db);
    expect(await signLast(doc)).toBe('signed');
    expect(await rowOf(doc.id)).toEqual({ status: 'signed', pdf_revision: 1, completion_error: null });
    const kept = logLines().filter(
      (l) => l.msg === 'Recording why a document could not be completed failed' && l.documentId === doc.id,
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      service: 'documents',
      err: { message: expect.stringContaining('refused') },
    });
    const resent = await request(t.app, 'POST', `/api/documents/${doc.id}/send`, owner, {});
    expect(resent.statusCode).toBe(409);
    expect(resent.json().message).toBe(
      explained(`the drawn signature of ${primary.name} cannot be read`, ADVICE_VOID),
    );
  });
});

describe('a completion with nothing to do', () => {
  it('a document signed by one party of two is left as it is', async () => {
    const doc = await halfSigned();
    expect((await rowOf(doc.id)).status).toBe('signed');
    const before = await documentsSnapshot(t.app);
    const keys = await storedPdfKeys(t.app, doc.id);
    await completeDocument(t.app.ctx, doc.id);
    expect(await documentsSnapshot(t.app)).toEqual(before);
    expect(await storedPdfKeys(t.app, doc.id)).toEqual(keys);
  });
});

describe('a completed document', () => {
  it('its certificate names every actor, its seal says why and by whom, its event holds the sealed hash', async () => {
    const doc = await halfSigned();
    const { primary, secondary } = doc.body.parties;
    // A signature kept as nothing (rows from before signatures were kept): the signer's name is typed.
    await setSignature(doc.id, primary.email, null);
    // An event whose actor has an address but no name.
    await t.app.ctx.db
      .updateTable('document_events')
      .set({ actor_name: null })
      .where('document_id', '=', doc.id)
      .where('type', '=', 'sent')
      .execute();
    expect(await signLast(doc)).toBe('completed');

    const pdf = await downloadVia(t.app, owner, doc.id);
    expect(pdfsig(pdf)).toContain('Signature is Valid');
    const latin = pdf.toString('latin1');
    expect(latin).toContain('/Reason (Signed by every party)');
    expect(latin).toContain('/Name (Mixdesk)');
    const { text } = readPdf(pdf);
    const trail = text.slice(text.indexOf('Audit trail'));
    const rows = trail.split('\n');
    const rowOfEvent = (name: string) => rows.find((l) => l.trimStart().startsWith(`${name} `)) ?? '';
    // "Name <address>" is the name over the address (a long address wraps within its column); an address
    // alone stands on the event's line.
    const compact = trail.replace(/\s+/g, '');
    expect(rowOfEvent('Created')).toContain(owner.user.name);
    expect(rowOfEvent('Sent')).toContain(owner.user.email.split('@')[0]);
    expect(rowOfEvent('Sent')).not.toContain(owner.user.name);
    const signedRows = rows.filter((l) => l.trimStart().startsWith('Signed ')).join('\n');
    expect(signedRows).toContain(primary.name);
    expect(signedRows).toContain(secondary.name);
    for (const email of [owner.user.email, primary.email, secondary.email]) expect(compact).toContain(email);
    expect(rowOfEvent('Completed')).not.toBe('');

    const completed = await t.app.ctx.db
      .selectFrom('document_events')
      .select(['details', 'actor_email', 'ip', 'user_agent'])
      .where('document_id', '=', doc.id)
      .where('type', '=', 'completed')
      .execute();
    const shown = (await request(t.app, 'GET', `/api/documents/${doc.id}`, owner)).json().data.document;
    // The details column is text on SQLite and jsonb on PostgreSQL.
    expect(completed.map((e) => ({ ...e, details: fromJson(e.details, {}) }))).toEqual([
      {
        details: { sha256: shown.pdf.sha256 },
        actor_email: null,
        ip: null,
        user_agent: null,
      },
    ]);
  });

  it('an owner who is also a party gets one copy, addressed as the party', async () => {
    const body = payloads.contract();
    body.parties.primary.email = owner.user.email;
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id);
    for (const p of [body.parties.primary, body.parties.secondary])
      await signVia(t.app, await mailedSigningToken(t.app, p.email), typed(p.name));
    expect((await rowOf(doc._id)).status).toBe('completed');
    const copies = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select(['user_id', 'text_body'])
      .where('to_address', '=', owner.user.email)
      .where('kind', '=', 'document_completed')
      .where('text_body', 'like', `%${doc.documentId}%`)
      .execute();
    expect(copies).toHaveLength(1);
    expect(copies[0]!.user_id).toBeNull();
    expect(copies[0]!.text_body).toMatch(new RegExp(`^Hi ${body.parties.primary.name},`));
    expect(await mailsTo(t.app, body.parties.secondary.email, 'document_completed')).toHaveLength(1);
  });
});
