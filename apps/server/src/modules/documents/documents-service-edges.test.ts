// The documents service's edges, each through the API: the title a document gets when none is given, what
// its search finds, the exact refusals of an edit (void, type change, a declined document someone had
// signed, a taken invoice number), and a generate the database refuses. Expected titles, messages and
// search lines are written out by hand. documents-service-edges-2.test.ts has the rest.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  RAISED_RATE_LIMITS,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import {
  documentsSnapshot,
  generateVia,
  mailedSigningToken,
  payloads,
  request,
  sendVia,
  signVia,
  typed,
} from './documents-testing.ts';

const REFUSED_TITLE = 'Refused invoice row';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp(RAISED_RATE_LIMITS);
  owner = await registerUser(t.app, { name: 'Edge Owner' });
  // This test file's own database refuses a documents row with this title (no code of ours is mocked).
  if (t.app.ctx.dialect === 'postgres')
    await sql
      .raw(`create function refuse_document_in_edges() returns trigger language plpgsql as $$
        begin
          if new.title = '${REFUSED_TITLE}' then raise exception 'refused by a test trigger'; end if;
          return new;
        end $$;
        create trigger refuse_in_edges before insert on documents
          for each row execute function refuse_document_in_edges()`)
      .execute(t.app.ctx.db);
  else
    await sql
      .raw(`create trigger refuse_in_edges before insert on documents
        when new.title = '${REFUSED_TITLE}' begin select raise(abort, 'refused by a test trigger'); end`)
      .execute(t.app.ctx.db);
});
afterAll(async () => {
  await t.close();
});

const DUPLICATE = 'An invoice with this number already exists';
const put = (id: string, body: unknown) => request(t.app, 'PUT', `/api/documents/${id}`, owner, body);
const newProject = async (title: string) =>
  (await request(t.app, 'POST', '/api/projects', owner, { title })).json().data.project._id as string;
const found = async (search: string) =>
  (
    (await request(t.app, 'GET', `/api/documents?search=${encodeURIComponent(search)}`, owner)).json().data
      .documents as Array<{ _id: string }>
  ).map((d) => d._id);
const storedRow = (id: string) =>
  t.app.ctx.db
    .selectFrom('documents')
    .select(['search_text', 'signing_order'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the title a document gets when none is given', () => {
  it('names the invoice number, the project title, the song, or the two parties', async () => {
    const invoice = payloads.invoice();
    expect((await generateVia(t.app, owner, invoice)).title).toBe(
      `Invoice ${invoice.invoiceDetails.invoiceNumber}`,
    );
    expect((await generateVia(t.app, owner, payloads.contract())).title).toBe(
      'Producer Contract: Midnight Drive EP',
    );
    expect((await generateVia(t.app, owner, payloads.splitSheet())).title).toBe('Split Sheet: Neon Rain');
    expect((await generateVia(t.app, owner, payloads.agreement())).title).toBe(
      'Collaboration Agreement: Maya Beats & Jon Vocal',
    );
  });

  it('is cut to 200 characters', async () => {
    const body = payloads.agreement();
    const doc = await generateVia(t.app, owner, {
      ...body,
      parties: {
        primary: { ...body.parties.primary, name: 'A'.repeat(120) },
        secondary: { ...body.parties.secondary, name: 'B'.repeat(120) },
      },
    });
    // "Collaboration Agreement: " is 25 characters, the first name 120, " & " 3: 52 of the second are left.
    expect(doc.title).toBe(`Collaboration Agreement: ${'A'.repeat(120)} & ${'B'.repeat(52)}`);
  });
});

describe('ids that name no document', () => {
  it('a malformed id, or one with a NUL byte, is a plain 404', async () => {
    const doc = await generateVia(t.app, owner, payloads.contract());
    for (const id of ['not-an-id', `${doc._id}%00`]) {
      const res = await request(t.app, 'GET', `/api/documents/${id}`, owner);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        message: 'Document not found',
        error: { code: 'NOT_FOUND' },
      });
    }
  });
});

describe('what the search finds', () => {
  it('the project a document names, when generated and when an edit names another', async () => {
    const first = await newProject('Harbor Lights Sessions');
    const second = await newProject('Velvet Static Tour');
    const body = payloads.contract({ projectId: first });
    const doc = await generateVia(t.app, owner, body);
    expect(await found('harbor lights')).toEqual([doc._id]);
    const res = await put(doc._id, { ...body, projectId: second });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.document.project).toEqual({ _id: second, name: 'Velvet Static Tour' });
    expect(
      (await request(t.app, 'GET', `/api/documents/${doc._id}`, owner)).json().data.document.project,
    ).toEqual({ _id: second, name: 'Velvet Static Tour' });
    expect(await found('velvet static')).toEqual([doc._id]);
    expect(await found('harbor lights')).toEqual([]);
  });

  it("an invoice by its number even when the title doesn't show it", async () => {
    const body = payloads.invoice({ title: 'March sessions' });
    const doc = await generateVia(t.app, owner, body);
    expect(await found(body.invoiceDetails.invoiceNumber.toUpperCase())).toEqual([doc._id]);
  });

  it('a name whatever the case of its accented letters', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, {
      ...body,
      parties: { ...body.parties, secondary: { ...body.parties.secondary, name: 'Zoë Ångström' } },
    });
    expect(await found('ÅNGSTRÖM')).toEqual([doc._id]);
    expect(await found('zoë ångström')).toEqual([doc._id]);
  });

  it('is stored as one lowercase line per field, empty where the document has none', async () => {
    const contract = payloads.contract();
    const plain = await generateVia(t.app, owner, contract);
    const [p, s] = [contract.parties.primary.email, contract.parties.secondary.email];
    const people = ['maya beats', p, 'jon vocal', s];
    expect(await storedRow(plain._id)).toEqual({
      search_text: [
        'producer contract: midnight drive ep',
        plain.documentId.toLowerCase(),
        '',
        '',
        ...people,
        ...people,
      ].join('\n'),
      signing_order: 'parallel',
    });

    const projectId = await newProject('Summer Singles');
    const invoice = payloads.invoice({ title: 'March Sessions', projectId });
    const billed = await generateVia(t.app, owner, invoice);
    const [ip, is] = [invoice.parties.primary.email, invoice.parties.secondary.email];
    const parties = ['maya beats', ip, 'jon vocal', is];
    expect((await storedRow(billed._id)).search_text).toBe(
      [
        'march sessions',
        billed.documentId.toLowerCase(),
        invoice.invoiceDetails.invoiceNumber.toLowerCase(),
        'summer singles',
        ...parties,
        ...parties,
      ].join('\n'),
    );
  });
});

describe('invoice numbers', () => {
  it('a taken number is refused at its field, on generate and on edit, and nothing changes', async () => {
    const taken = payloads.invoice();
    await generateVia(t.app, owner, taken);
    const other = payloads.invoice();
    const mine = await generateVia(t.app, owner, other);
    const before = await documentsSnapshot(t.app);
    const expected = {
      success: false,
      message: DUPLICATE,
      error: { code: 'CONFLICT', details: [{ path: 'invoiceDetails.invoiceNumber', message: DUPLICATE }] },
    };
    const again = await request(
      t.app,
      'POST',
      '/api/documents/generate',
      owner,
      payloads.invoice({ invoiceDetails: taken.invoiceDetails }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(expected);
    const edit = await put(mine._id, { ...other, invoiceDetails: taken.invoiceDetails });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual(expected);
    expect(await documentsSnapshot(t.app)).toEqual(before);
  });

  it('an invoice the database refuses for another reason is a 500, not a duplicate number', async () => {
    const before = await documentsSnapshot(t.app);
    const res = await request(
      t.app,
      'POST',
      '/api/documents/generate',
      owner,
      payloads.invoice({ title: REFUSED_TITLE }),
    );
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'INTERNAL' } });
    expect(await documentsSnapshot(t.app)).toEqual(before);
  });
});

describe('why an edit is refused', () => {
  it('a void document says it is void, even when the edit would also change its type', async () => {
    const doc = await generateVia(t.app, owner, payloads.contract());
    expect((await request(t.app, 'POST', `/api/documents/${doc._id}/void`, owner)).statusCode).toBe(200);
    const message = 'This document is void and can no longer be edited';
    for (const body of [payloads.contract(), payloads.invoice()]) {
      const res = await put(doc._id, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message, error: { code: 'CONFLICT' } });
    }
  });

  it('a change of type names what the document is', async () => {
    const contract = await generateVia(t.app, owner, payloads.contract());
    const sheet = await generateVia(t.app, owner, payloads.splitSheet());
    const message = "A document's type can't change; generate a new one instead";
    for (const [doc, body, is] of [
      [contract, payloads.invoice(), 'This document is a contract'],
      [sheet, payloads.contract(), 'This document is a split sheet'],
    ] as const) {
      const res = await put(doc._id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message,
        error: { code: 'VALIDATION_ERROR', details: [{ path: 'templateName', message: is }] },
      });
    }
  });

  it('a declined invoice that one party had signed can be neither edited nor deleted', async () => {
    const body = payloads.invoice();
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id);
    const primary = await mailedSigningToken(t.app, body.parties.primary.email);
    const secondary = await mailedSigningToken(t.app, body.parties.secondary.email);
    expect((await signVia(t.app, primary, typed('Maya Beats'))).statusCode).toBe(200);
    expect((await signVia(t.app, `${secondary}/reject`, { reason: 'The rate is wrong' })).statusCode).toBe(
      200,
    );
    const before = await documentsSnapshot(t.app);
    expect(before.documents.find((d) => d.id === doc._id)?.status).toBe('rejected');

    const edit = await put(doc._id, body);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This document has been signed, so it can no longer be edited');
    const del = await request(t.app, 'DELETE', `/api/documents/${doc._id}`, owner);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('A signed document cannot be deleted; void it instead');
    expect(await documentsSnapshot(t.app)).toEqual(before);
  });
});
