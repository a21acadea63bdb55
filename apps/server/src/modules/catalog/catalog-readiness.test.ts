// "Ready to deliver" (issue #37): a release is taken from everything missing to nothing missing through the API
// alone (codes, artists, owners, works, artwork made by ImageMagick, and splits every party accepted by the
// links they were mailed), each step taking its problems off the list; then a change to an agreed split puts
// one back. The problems name the field they are about.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerUser,
  type SignedIn,
  type TestApp,
  uniqueEmail,
} from '../../../test/helper.ts';
import { accept, linkOf } from './agreement-testing.ts';
import { CODES, projectWithTrack, recordingBody, recordingUrl, send } from './catalog-testing.ts';

const run = promisify(execFile);

let t: TestApp;
let me: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  me = await registerUser(t.app, { name: 'Release Owner' });
});
afterAll(async () => {
  await t.close();
});

interface Problem {
  field: string;
  message: string;
}

async function readiness(id: string): Promise<{ ready: boolean; problems: Problem[] }> {
  const res = await send(t.app, me, 'GET', `/api/releases/${id}/readiness`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const fields = (problems: Problem[]) => problems.map((p) => p.field).sort();

/** Every party of a round accepts by the link mailed to them. */
async function everyoneAccepts(emails: string[]) {
  for (const email of emails) expect((await accept(t.app, await linkOf(t.app, email))).statusCode).toBe(200);
}

describe('a release made ready step by step', () => {
  it('lists every missing field, and each fix takes its own off the list', async () => {
    const p = await projectWithTrack(t.app, me, 'Ready Song');
    const made = await send(t.app, me, 'POST', '/api/releases', {
      title: 'Ready Single',
      type: 'single',
      tracks: [p],
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().data.release._id;

    const first = await readiness(id);
    expect(first.ready).toBe(false);
    expect(fields(first.problems)).toEqual(
      [
        'artwork',
        'cLine',
        'catalogueNumber',
        'label',
        'releaseDate',
        'upc',
        'tracks[0].recording',
        'tracks[0].recording.artists',
        'tracks[0].recording.isrc',
        'tracks[0].recording.masterOwners',
        'tracks[0].recording.pLineOwner',
        'tracks[0].recording.pLineYear',
        'tracks[0].work',
      ].sort(),
    );
    expect(first.problems.find((x) => x.field === 'tracks[0].recording.isrc')?.message).toBe(
      'Track 1 "Ready Song": ISRC is missing',
    );

    // The release's own fields.
    const release = {
      title: 'Ready Single',
      type: 'single',
      upc: CODES.upc,
      label: 'Label Ltd',
      catalogueNumber: 'LBL-002',
      releaseDate: '2027-03-05',
      cLine: '2027 Label Ltd',
      tracks: [p],
    };
    expect((await send(t.app, me, 'PUT', `/api/releases/${id}`, release)).statusCode).toBe(200);
    expect(fields((await readiness(id)).problems)).not.toContain('upc');

    // Artwork made by ImageMagick.
    const { stdout } = await run('convert-im6.q16', ['-size', '1400x1400', 'xc:navy', 'JPEG:-'], {
      encoding: 'buffer',
      maxBuffer: 16 * 1024 * 1024,
    });
    const art = await t.app.inject({
      method: 'PUT',
      url: `/api/releases/${id}/artwork`,
      headers: { ...bearer(me.token), 'content-type': 'image/jpeg' },
      payload: stdout,
    });
    expect(art.statusCode).toBe(200);

    // The recording, its master split sent and accepted.
    const owner = uniqueEmail('owner');
    const work = await send(t.app, me, 'POST', '/api/works', {
      title: 'Ready Song',
      iswc: CODES.iswc,
      writers: [
        {
          name: 'Ada Writer',
          role: 'composer',
          pro: 'PRS',
          ipi: CODES.ipi,
          email: uniqueEmail('ada'),
          shareBasisPoints: 10_000,
        },
      ],
    });
    const workId = work.json().data.work._id;
    const saved = await send(
      t.app,
      me,
      'PUT',
      recordingUrl(p),
      recordingBody({
        workId,
        masterOwners: [{ name: 'Label Ltd', email: owner, shareBasisPoints: 10_000 }],
      }),
    );
    expect(saved.statusCode).toBe(200);
    const pending = await readiness(id);
    expect(fields(pending.problems)).toEqual([
      'tracks[0].recording.splitsStatus',
      'tracks[0].work.splitsStatus',
    ]);
    expect(pending.problems.map((x) => x.message)).toEqual([
      'Track 1 "Ready Song": master split not agreed by every owner (Draft)',
      'Track 1 "Ready Song": songwriting split not agreed by every party (Draft)',
    ]);

    expect((await send(t.app, me, 'POST', `${recordingUrl(p)}/agreement`)).statusCode).toBe(200);
    await everyoneAccepts([owner]);
    expect((await send(t.app, me, 'POST', `/api/works/${workId}/agreement`)).statusCode).toBe(200);
    await everyoneAccepts([work.json().data.work.writers[0].email]);

    const done = await readiness(id);
    expect(done).toEqual({ ready: true, problems: [] });

    // A change to the agreed master split sends it back to pending: the release is not ready any more.
    const changed = await send(
      t.app,
      me,
      'PUT',
      recordingUrl(p),
      recordingBody({
        workId,
        masterOwners: [
          { name: 'Label Ltd', email: owner, shareBasisPoints: 9000 },
          { name: 'Artist', email: uniqueEmail('artist'), shareBasisPoints: 1000 },
        ],
      }),
    );
    expect(changed.json().data.recording.splitsStatus).toBe('pending');
    expect((await readiness(id)).problems).toEqual([
      {
        field: 'tracks[0].recording.splitsStatus',
        message: 'Track 1 "Ready Song": master split not agreed by every owner (Pending agreement)',
      },
    ]);
  });

  it('says when a single holds too many tracks and two tracks share a number', async () => {
    const tracks = [];
    for (const title of ['One', 'Two', 'Three', 'Four'])
      tracks.push(await projectWithTrack(t.app, me, title));
    const made = await send(t.app, me, 'POST', '/api/releases', {
      title: 'Too Long',
      type: 'single',
      tracks: [tracks[0], tracks[1], tracks[2], { ...tracks[3], number: 1 }],
    });
    const { problems } = await readiness(made.json().data.release._id);
    expect(problems).toContainEqual({
      field: 'type',
      message: 'A single holds at most 3 tracks; this one has 4',
    });
    expect(problems).toContainEqual({
      field: 'tracks[3].number',
      message: 'Track 4 has the same disc and number (1/1) as track 1',
    });
  });
});
