// A generate stores its PDF before the rows that name it commit (decision 010): when those rows cannot be
// written, the PDF must go too. The database refuses the write by a trigger this test puts on its own
// database (no code of ours is mocked), or by the unique invoice number when two generates race.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { documentsSnapshot, generateVia, payloads, request } from './documents-testing.ts';

const REFUSED_TITLE = 'Refused by the database';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Unlucky Owner' });
  const db = t.app.ctx.db;
  // The documents row with this title is refused; so is the last write of a generate (its 'created' event)
  // for a document titled so with ' (late)', after its row, signers and file record were written.
  const isRefused = `(select title from documents where id = new.document_id) = '${REFUSED_TITLE} (late)'`;
  if (t.app.ctx.dialect === 'postgres') {
    for (const [table, refused] of [
      ['documents', `new.title = '${REFUSED_TITLE}'`],
      ['document_events', isRefused],
    ])
      await sql
        .raw(`create function refuse_${table}_in_test() returns trigger language plpgsql as $$
          begin
            if ${refused} then raise exception 'refused by a test trigger'; end if;
            return new;
          end $$;
          create trigger refuse_in_test before insert on ${table}
            for each row execute function refuse_${table}_in_test()`)
        .execute(db);
  } else {
    await sql
      .raw(`create trigger refuse_document_in_test before insert on documents
        when new.title = '${REFUSED_TITLE}' begin select raise(abort, 'refused by a test trigger'); end`)
      .execute(db);
    await sql
      .raw(`create trigger refuse_event_in_test before insert on document_events
        when ${isRefused} begin select raise(abort, 'refused by a test trigger'); end`)
      .execute(db);
  }
});
afterAll(async () => {
  await t.close();
});

/** Every object stored under documents/, sorted. */
async function storedDocumentObjects(): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of t.app.ctx.storage.list('documents/')) keys.push(o.key);
  return keys.sort();
}

describe('a generate whose write fails leaves nothing behind', () => {
  it('the documents row refused: 500, no row, and no stored PDF', async () => {
    await generateVia(t.app, owner, payloads.contract());
    const [rows, objects] = [await documentsSnapshot(t.app), await storedDocumentObjects()];
    expect(objects).toHaveLength(1);

    const res = await request(t.app, 'POST', '/api/documents/generate', owner, {
      ...payloads.contract(),
      title: REFUSED_TITLE,
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().success).toBe(false);
    expect(await documentsSnapshot(t.app)).toEqual(rows);
    expect(await storedDocumentObjects()).toEqual(objects);
  });

  it('the last write refused, after the row, signers and file record: all rolled back, no stored PDF', async () => {
    const [rows, objects] = [await documentsSnapshot(t.app), await storedDocumentObjects()];
    const res = await request(t.app, 'POST', '/api/documents/generate', owner, {
      ...payloads.splitSheet(),
      title: `${REFUSED_TITLE} (late)`,
    });
    expect(res.statusCode).toBe(500);
    expect(await documentsSnapshot(t.app)).toEqual(rows);
    expect(await storedDocumentObjects()).toEqual(objects);
  });

  it('two generates of one invoice number at once: one document, one 409, only its PDF stored', async () => {
    const objects = await storedDocumentObjects();
    const body = payloads.invoice();
    const answers = await Promise.all([
      request(t.app, 'POST', '/api/documents/generate', owner, body),
      request(t.app, 'POST', '/api/documents/generate', owner, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.json().message).toBe('An invoice with this number already exists');
    const winner = answers.find((a) => a.statusCode === 201)!.json().data.document;
    const after = await storedDocumentObjects();
    expect(after.filter((k) => !objects.includes(k))).toEqual([
      expect.stringMatching(new RegExp(`^documents/${winner._id}/r1-[0-9a-f]{16}$`)),
    ]);
    expect(after).toHaveLength(objects.length + 1);
  });
});
