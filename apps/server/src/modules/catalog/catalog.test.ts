// Works, recordings and releases through the API (issue #37): made, read, replaced and deleted by their owner;
// a stranger's id answers as a missing one; a project's collaborators read a track's recording but cannot change
// it; a change to agreed splits' parties sends them back to pending while other fields leave them be; a
// duplicate ISRC is refused naming where it is, and nothing of a refused request is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { projectWithPeople } from '../media/media-testing.ts';
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

let t: TestApp;
let me: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  me = await registerUser(t.app, { name: 'Catalog Owner' });
  stranger = await registerUser(t.app, { name: 'Stranger' });
});
afterAll(async () => {
  await t.close();
});

const count = async (table: 'works' | 'recordings' | 'releases' | 'release_tracks') =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('works', () => {
  it('are made, read, listed, replaced and deleted by their owner', async () => {
    const made = await send(t.app, me, 'POST', '/api/works', workBody());
    expect(made.statusCode).toBe(201);
    const work = made.json().data.work;
    expect(work).toMatchObject({
      title: 'Night Drive',
      iswc: CODES.iswc,
      splitsStatus: 'draft',
      writers: [{ name: 'Ada Writer', ipi: CODES.ipi, shareBasisPoints: 5000, role: 'composer_lyricist' }],
      publishers: [{ name: 'North Songs Ltd', shareBasisPoints: 5000 }],
    });
    const listed = await send(t.app, me, 'GET', '/api/works');
    expect(listed.json().data.works.map((w: { _id: string }) => w._id)).toContain(work._id);
    const replaced = await send(
      t.app,
      me,
      'PUT',
      `/api/works/${work._id}`,
      workBody({ title: 'Night Drive (Remix)', iswc: '' }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.work).toMatchObject({ title: 'Night Drive (Remix)', iswc: null });
    expect((await send(t.app, me, 'DELETE', `/api/works/${work._id}`)).statusCode).toBe(200);
    expect((await send(t.app, me, 'GET', `/api/works/${work._id}`)).statusCode).toBe(404);
  });

  it('takes codes typed without their separators, and a 9-digit CAE number, and stores the full forms', async () => {
    const eight = await send(
      t.app,
      me,
      'POST',
      '/api/works',
      workBody({ writers: [writer({ ipi: '14107338' })] }),
    );
    expect(eight.statusCode).toBe(400);
    expect(eight.json().message).toContain('IPI must be 9 to 11 digits (this has 8)');
    const typed = await send(
      t.app,
      me,
      'POST',
      '/api/works',
      workBody({ iswc: 't0345246801', writers: [writer({ ipi: '014107338' })] }),
    );
    expect(typed.statusCode).toBe(201);
    expect(typed.json().data.work.iswc).toBe(CODES.iswc);
    expect(typed.json().data.work.writers[0].ipi).toBe(CODES.ipi);
  });

  it('are hidden from a stranger, whose reads, changes and deletes answer 404 and change nothing', async () => {
    const work = (await send(t.app, me, 'POST', '/api/works', workBody())).json().data.work;
    for (const [method, payload] of [['GET'], ['PUT', workBody({ title: 'Stolen' })], ['DELETE']] as const) {
      const res = await send(t.app, stranger, method, `/api/works/${work._id}`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Work not found' });
    }
    expect((await send(t.app, stranger, 'GET', '/api/works')).json().data.works).toEqual([]);
    expect((await send(t.app, me, 'GET', `/api/works/${work._id}`)).json().data.work.title).toBe(
      'Night Drive',
    );
  });

  it('goes back to pending when an agreed split changes, and stays agreed when only the title does', async () => {
    const work = (await send(t.app, me, 'POST', '/api/works', workBody())).json().data.work;
    await t.app.ctx.db
      .updateTable('works')
      .set({ splits_status: 'agreed' })
      .where('id', '=', work._id)
      .execute();
    const retitled = await send(t.app, me, 'PUT', `/api/works/${work._id}`, workBody({ title: 'New title' }));
    expect(retitled.json().data.work.splitsStatus).toBe('agreed');
    const reshared = await send(
      t.app,
      me,
      'PUT',
      `/api/works/${work._id}`,
      workBody({
        title: 'New title',
        writers: [writer({ shareBasisPoints: 6000 })],
        publishers: [publisher({ shareBasisPoints: 4000 })],
      }),
    );
    expect(reshared.json().data.work.splitsStatus).toBe('pending');
  });
});

describe('a track’s recording', () => {
  it('shows what the track knows until first saved, then what was saved', async () => {
    const p = await projectWithTrack(t.app, me);
    await send(t.app, me, 'PUT', `/api/projects/${p.projectId}/tracks/${p.trackId}`, {
      bpm: 98,
      musicalKey: 'F#m',
      isrc: 'GB-AAA-26-00001',
    });
    const before = (await send(t.app, me, 'GET', recordingUrl(p))).json().data.recording;
    expect(before).toMatchObject({
      saved: false,
      bpm: 98,
      key: 'F#m',
      isrc: 'GBAAA2600001',
      splitsStatus: 'draft',
    });
    const saved = await send(t.app, me, 'PUT', recordingUrl(p), recordingBody());
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.recording).toMatchObject({
      saved: true,
      isrc: CODES.isrcStored,
      bpm: 120,
      key: 'Am',
      credits: [{ role: 'producer' }, { role: 'musician', instrument: 'Guitar' }],
      masterOwners: [{ name: 'Label Ltd', shareBasisPoints: 10_000 }],
    });
  });

  it('links a work of the owner, and refuses another person’s work as a missing one', async () => {
    const p = await projectWithTrack(t.app, me);
    const work = (await send(t.app, me, 'POST', '/api/works', workBody())).json().data.work;
    const theirs = (await send(t.app, stranger, 'POST', '/api/works', workBody())).json().data.work;
    const linked = await send(
      t.app,
      me,
      'PUT',
      recordingUrl(p),
      recordingBody({ isrc: null, workId: work._id }),
    );
    expect(linked.json().data.recording.workId).toBe(work._id);
    const refused = await send(
      t.app,
      me,
      'PUT',
      recordingUrl(p),
      recordingBody({ isrc: null, workId: theirs._id }),
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Work not found');
    const again = (await send(t.app, me, 'GET', `/api/works/${work._id}`)).json().data.work;
    expect(again.recordings).toEqual([{ projectId: p.projectId, trackId: p.trackId, title: 'Night Drive' }]);
  });

  it('refuses an ISRC another recording of the account holds, naming it, and keeps what was saved', async () => {
    const a = await projectWithTrack(t.app, me, 'First Song');
    const b = await projectWithTrack(t.app, me, 'Second Song');
    await send(t.app, me, 'PUT', recordingUrl(a), recordingBody({ isrc: 'FR-Z03-14-00001' }));
    await send(t.app, me, 'PUT', recordingUrl(b), recordingBody({ isrc: 'FR-Z03-14-00002', studio: 'Kept' }));
    const dup = await send(
      t.app,
      me,
      'PUT',
      recordingUrl(b),
      recordingBody({ isrc: 'frz031400001', studio: 'Lost' }),
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toContain('"First Song"');
    const kept = (await send(t.app, me, 'GET', recordingUrl(b))).json().data.recording;
    expect(kept).toMatchObject({ isrc: 'FRZ031400002', studio: 'Kept' });
    // Another account may hold the same ISRC in its own catalogue.
    const theirs = await projectWithTrack(t.app, stranger);
    expect(
      (await send(t.app, stranger, 'PUT', recordingUrl(theirs), recordingBody({ isrc: 'FR-Z03-14-00001' })))
        .statusCode,
    ).toBe(200);
  });

  it('is read by collaborators, changed by the owner only, and hidden from strangers', async () => {
    const { projectId, owner, viewer, editor, stranger: outsider } = await projectWithPeople(t.app);
    const trackRes = await send(t.app, owner, 'POST', `/api/projects/${projectId}/tracks`, {
      title: 'Shared',
    });
    const p = { projectId, trackId: trackRes.json().data.track._id };
    expect((await send(t.app, owner, 'PUT', recordingUrl(p), recordingBody({ isrc: null }))).statusCode).toBe(
      200,
    );
    for (const reader of [viewer, editor]) {
      expect((await send(t.app, reader, 'GET', recordingUrl(p))).statusCode).toBe(200);
      const change = await send(
        t.app,
        reader,
        'PUT',
        recordingUrl(p),
        recordingBody({ isrc: null, studio: 'Theirs' }),
      );
      expect(change.statusCode).toBe(403);
    }
    expect((await send(t.app, outsider, 'GET', recordingUrl(p))).statusCode).toBe(404);
    expect(
      (await send(t.app, outsider, 'PUT', recordingUrl(p), recordingBody({ isrc: null }))).statusCode,
    ).toBe(404);
    expect((await send(t.app, owner, 'GET', recordingUrl(p))).json().data.recording.studio).toBe(
      'Studio Two',
    );
  });
});

describe('releases', () => {
  it('hold an ordered list of the owner’s recordings, numbered per disc', async () => {
    const a = await projectWithTrack(t.app, me, 'Side A');
    const b = await projectWithTrack(t.app, me, 'Side B');
    const made = await send(t.app, me, 'POST', '/api/releases', releaseBody([b, { ...a, disc: 2 }]));
    expect(made.statusCode).toBe(201);
    const release = made.json().data.release;
    expect(
      release.tracks.map((x: { title: string; disc: number; number: number }) => [x.title, x.disc, x.number]),
    ).toEqual([
      ['Side B', 1, 1],
      ['Side A', 2, 1],
    ]);
    expect(release).toMatchObject({ upc: CODES.upc, type: 'ep', artwork: null });
    const reordered = await send(
      t.app,
      me,
      'PUT',
      `/api/releases/${release._id}`,
      releaseBody([a, b], { upc: CODES.ean }),
    );
    expect(reordered.json().data.release.tracks.map((x: { title: string }) => x.title)).toEqual([
      'Side A',
      'Side B',
    ]);
    expect(reordered.json().data.release.upc).toBe(CODES.ean);
    const list = (await send(t.app, me, 'GET', '/api/releases')).json().data.releases;
    expect(list.find((r: { _id: string }) => r._id === release._id)).toMatchObject({
      trackCount: 2,
      hasArtwork: false,
    });
  });

  it('refuses a stranger’s track as a missing one, and a stranger cannot see or change the release', async () => {
    const mine = await projectWithTrack(t.app, me);
    const theirs = await projectWithTrack(t.app, stranger);
    const before = await count('releases');
    const refused = await send(t.app, me, 'POST', '/api/releases', releaseBody([mine, theirs]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Track 2: no such track in your projects');
    expect(await count('releases')).toBe(before);
    const release = (await send(t.app, me, 'POST', '/api/releases', releaseBody([mine]))).json().data.release;
    for (const [method, url, payload] of [
      ['GET', `/api/releases/${release._id}`],
      ['PUT', `/api/releases/${release._id}`, releaseBody([theirs])],
      ['DELETE', `/api/releases/${release._id}`],
      ['GET', `/api/releases/${release._id}/readiness`],
    ] as const) {
      const res = await send(t.app, stranger, method, url, payload);
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await send(t.app, me, 'GET', `/api/releases/${release._id}`)).json().data.release.tracks,
    ).toHaveLength(1);
  });

  it('lose a track when the track is deleted, and go with their owner’s deletion of the release', async () => {
    const a = await projectWithTrack(t.app, me, 'Keep');
    const b = await projectWithTrack(t.app, me, 'Drop');
    const release = (await send(t.app, me, 'POST', '/api/releases', releaseBody([a, b]))).json().data.release;
    expect(
      (await send(t.app, me, 'DELETE', `/api/projects/${b.projectId}/tracks/${b.trackId}`)).statusCode,
    ).toBe(200);
    const after = (await send(t.app, me, 'GET', `/api/releases/${release._id}`)).json().data.release;
    expect(after.tracks.map((x: { title: string }) => x.title)).toEqual(['Keep']);
    expect((await send(t.app, me, 'DELETE', `/api/releases/${release._id}`)).statusCode).toBe(200);
    const left = await t.app.ctx.db
      .selectFrom('release_tracks')
      .select('track_id')
      .where('release_id', '=', release._id)
      .execute();
    expect(left).toEqual([]);
  });
});
