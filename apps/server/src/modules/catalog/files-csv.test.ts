// The CSV export and import through the API (issue #37): a release exported, imported into an empty account and
// exported again gives the same bytes; a file with a missing column or any bad row is refused whole with its
// row numbers and nothing of it is stored; the body is bounded; a stranger's release is a 404.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import {
  CODES,
  projectWithTrack,
  publisher,
  recordingBody,
  recordingUrl,
  releaseBody,
  send,
  workBody,
  writer,
} from './catalog-testing.ts';
import { IMPORT_MAX_BYTES } from './files-routes.ts';

let t: TestApp;
let me: SignedIn;
let stranger: SignedIn;
let releaseId: string;

const TABLES = ['works', 'recordings', 'releases', 'release_tracks', 'projects', 'tracks'] as const;
async function counts() {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await t.app.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

const exportOf = (who: SignedIn, id: string) => send(t.app, who, 'GET', `/api/releases/${id}/export.csv`);
const importAs = (who: SignedIn, body: string | Buffer, type = 'text/csv') =>
  t.app.inject({
    method: 'POST',
    url: '/api/releases/import',
    headers: { ...bearer(who.token), 'content-type': type },
    payload: body,
  });

beforeAll(async () => {
  t = await createTestApp();
  me = await registerUser(t.app, { name: 'Catalog Owner' });
  stranger = await registerUser(t.app, { name: 'Stranger' });
  const a = await projectWithTrack(t.app, me, 'Night Drive');
  const b = await projectWithTrack(t.app, me, '=Formula, "quoted"');
  const work = (
    await send(
      t.app,
      me,
      'POST',
      '/api/works',
      workBody({
        writers: [
          writer(),
          writer({ name: '山田 太郎', ipi: null, role: 'lyricist', shareBasisPoints: 2500 }),
        ],
        publishers: [publisher({ shareBasisPoints: 2500 })],
      }),
    )
  ).json().data.work;
  const saved = await send(t.app, me, 'PUT', recordingUrl(a), recordingBody({ workId: work._id }));
  expect(saved.statusCode).toBe(200);
  const other = await send(
    t.app,
    me,
    'PUT',
    recordingUrl(b),
    recordingBody({
      isrc: 'GBAYE2600012',
      workId: work._id,
      credits: [{ name: '@handle', role: 'other', roleText: 'Whistling, mostly' }],
      masterOwners: [{ name: '-Dash Records', shareBasisPoints: 10_000 }],
      bpm: 92.5,
      key: null,
    }),
  );
  expect(other.statusCode).toBe(200);
  const release = await send(
    t.app,
    me,
    'POST',
    '/api/releases',
    releaseBody([
      { ...a, disc: 1, number: 1 },
      { ...b, disc: 2, number: 3 },
    ]),
  );
  expect(release.statusCode).toBe(201);
  releaseId = release.json().data.release._id;
});
afterAll(async () => {
  await t.close();
});

describe('CSV export and import', () => {
  it('round-trips: export, import into an empty account, export again gives the same bytes', async () => {
    const first = await exportOf(me, releaseId);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(first.headers['content-disposition']).toContain('attachment');
    const rows = parse(first.body, { bom: true }) as string[][];
    expect(rows.slice(1).map((r) => r[0])).toContain('master_owner');

    const fresh = await registerUser(t.app, { name: 'Fresh Account' });
    const imported = await importAs(fresh, first.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toEqual({ works: 1, recordings: 2, releases: 1 });

    const list = (await send(t.app, fresh, 'GET', '/api/releases')).json().data.releases;
    expect(list).toHaveLength(1);
    const again = await exportOf(fresh, list[0]._id);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    // Made as the editor would have: projects named from the file, its tracks in them, the recording readable.
    const release = (await send(t.app, fresh, 'GET', `/api/releases/${list[0]._id}`)).json().data.release;
    expect(
      release.tracks.map((x: { title: string; projectName: string }) => [x.title, x.projectName]),
    ).toEqual([
      ['Night Drive', 'Album of Night Drive'],
      ['=Formula, "quoted"', 'Album of =Formula, "quoted"'],
    ]);
    const recording = (await send(t.app, fresh, 'GET', recordingUrl(release.tracks[1]))).json().data
      .recording;
    expect(recording).toMatchObject({
      isrc: 'GBAYE2600012',
      bpm: 92.5,
      credits: [{ name: '@handle', roleText: 'Whistling, mostly' }],
    });
  });

  it('refuses a second import of the same file into the same account (its ISRCs are taken) and stores nothing', async () => {
    const csv = (await exportOf(me, releaseId)).rawPayload;
    const before = await counts();
    const res = await importAs(me, csv);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.message).toContain('Nothing was imported');
    expect(body.error.details.map((d: { path: string }) => d.path)).toEqual(['row 7', 'row 12']);
    expect(body.error.details[0].message).toContain(`ISRC ${CODES.isrcStored} is already used`);
    expect(await counts()).toEqual(before);
  });

  it('refuses a missing column or a bad row, listing the rows, with nothing half-imported', async () => {
    const fresh = await registerUser(t.app, { name: 'Another Fresh' });
    const csv = (await exportOf(me, releaseId)).body.replace(/^\ufeff/, '');
    const before = await counts();

    const noUpc = csv
      .split('\r\n')
      .map((line) =>
        line
          .split(',')
          .filter((_, i) => i !== 5)
          .join(','),
      )
      .join('\r\n');
    const missing = await importAs(fresh, noUpc);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([{ path: 'row 1', message: 'Row 1: Missing column: upc' }]);

    // The last row (a bad share) only: everything before it is valid and must not be stored either.
    const lines = csv.trimEnd().split('\r\n');
    lines[lines.length - 1] = lines.at(-1)!.replace(/10000$/, '9999');
    const bad = await importAs(fresh, lines.join('\r\n'));
    expect(bad.statusCode).toBe(400);
    // A total is the recording's: reported on its track's row (row 12).
    expect(bad.json().error.details[0].path).toBe('row 12');
    expect(bad.json().error.details[0].message).toContain('they total 9,999');

    const unknown = await importAs(fresh, csv.replace('\r\nwork,', '\r\nsong,'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0].message).toContain('Unknown record type "song"');

    expect(await counts()).toEqual(before);
    expect((await send(t.app, fresh, 'GET', '/api/releases')).json().data.releases).toEqual([]);
  });

  it('takes a file up to the limit and refuses one byte over (413), and anything but CSV (415) or UTF-8', async () => {
    const csv = (await exportOf(me, releaseId)).body;
    const padded = (size: number) => {
      const body = Buffer.from(csv, 'utf8');
      return Buffer.concat([body, Buffer.alloc(size - body.length, '\n')]);
    };
    const fresh = await registerUser(t.app, { name: 'Limit Fresh' });
    const atLimit = await importAs(fresh, padded(IMPORT_MAX_BYTES));
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    const over = await importAs(fresh, padded(IMPORT_MAX_BYTES + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json().error.code).toBe('PAYLOAD_TOO_LARGE');

    const json = await importAs(fresh, JSON.stringify({ csv }), 'application/json');
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toContain('text/csv');
    const latin1 = await importAs(fresh, Buffer.from([0x72, 0x65, 0xe9, 0x0a]));
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().message).toContain('UTF-8');
    const empty = await importAs(fresh, '');
    expect(empty.statusCode).toBe(400);
  });

  it('answers a stranger’s release as a missing one, and needs a session', async () => {
    for (const file of ['export.csv', 'label-copy.pdf', 'ddex.xml']) {
      const res = await send(t.app, stranger, 'GET', `/api/releases/${releaseId}/${file}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/releases/${releaseId}/${file}` });
      expect(anonymous.statusCode).toBe(401);
    }
    expect((await importAs({ ...stranger, token: 'nope' }, 'x')).statusCode).toBe(401);
  });
});
