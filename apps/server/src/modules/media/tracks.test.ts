// Tracks: create, read, update, delete and reorder, with the rules of each field and the project's
// trackCount kept exact. Runs on SQLite and PostgreSQL (TEST_DIALECT).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { addTrack, type ProjectWithPeople, projectWithPeople, totalsCheck } from './media-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = p.owner.token,
) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const tracksUrl = () => `/api/projects/${p.projectId}/tracks`;

async function freshProject(): Promise<string> {
  const res = await call('POST', '/api/projects', { title: `Album ${newId()}`, type: 'album' });
  return res.json().data.project._id;
}

describe('creating a track', () => {
  it('adds it at the end with the given fields, normalises the ISRC and raises trackCount', async () => {
    const projectId = await freshProject();
    const first = await addTrack(t.app, p.owner.token, projectId, { title: '  Opening  ' });
    const res = await call('POST', `/api/projects/${projectId}/tracks`, {
      title: 'Night Drive',
      status: 'mixing',
      bpm: 122.456,
      musicalKey: 'F#m',
      isrc: 'gbaaa2400001',
      notes: 'Vocal comp from take 3',
    });
    expect(res.statusCode).toBe(201);
    const { track, totals } = res.json().data;
    expect(track).toMatchObject({
      projectId,
      position: 2,
      title: 'Night Drive',
      status: 'mixing',
      bpm: 122.46,
      musicalKey: 'F#m',
      isrc: 'GB-AAA-24-00001',
      notes: 'Vocal comp from take 3',
      currentVersion: null,
      versionCount: 0,
    });
    expect(first).toMatchObject({
      position: 1,
      title: 'Opening',
      status: 'idea',
      bpm: null,
      isrc: null,
      notes: '',
    });
    expect(totals).toEqual({ trackCount: 2, totalDuration: 0, totalFileSize: 0 });
    const project = (await call('GET', `/api/projects/${projectId}`)).json().data.project;
    expect(project.trackCount).toBe(2);
  });

  it.each([
    [{}, 'title'],
    [{ title: '' }, 'title'],
    [{ title: '   ' }, 'title'],
    [{ title: 'T'.repeat(201) }, 'title'],
    [{ title: 42 }, 'title'],
    [{ title: 'ok', status: 'finished' }, 'status'],
    [{ title: 'ok', bpm: 19.99 }, 'bpm'],
    [{ title: 'ok', bpm: 1000 }, 'bpm'],
    [{ title: 'ok', bpm: '120' }, 'bpm'],
    [{ title: 'ok', musicalKey: 'H' }, 'musicalKey'],
    [{ title: 'ok', isrc: 'US-RC17607839' }, 'isrc'],
    [{ title: 'ok', isrc: 'not an isrc' }, 'isrc'],
    [{ title: 'ok', notes: 'N'.repeat(5001) }, 'notes'],
    [{ title: 'ok', position: 3 }, ''],
    [{ title: 'ok', projectId: 'x' }, ''],
  ])('refuses %j with a 400 naming %s, and changes nothing', async (body, field) => {
    const before = await totalsCheck(t.app, p.projectId);
    const res = await call('POST', tracksUrl(), body);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    if (field) expect(json.error.details.map((d: { path: string }) => d.path)).toContain(field);
    expect(await totalsCheck(t.app, p.projectId)).toEqual(before);
  });

  it('takes the 500th track; refuses the 501st with a 409 and the limit’s message, adding nothing', async () => {
    const projectId = await freshProject();
    const now = nowIso();
    const rows = Array.from({ length: 499 }, (_, i) => ({
      id: newId(),
      project_id: projectId,
      position: i + 1,
      title: `T${i}`,
      status: 'idea',
      bpm: null,
      musical_key: null,
      isrc: null,
      notes: '',
      current_version_id: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    }));
    await t.app.ctx.db.insertInto('tracks').values(rows).execute();
    const last = await call('POST', `/api/projects/${projectId}/tracks`, { title: 'The 500th' });
    expect(last.statusCode, last.body).toBe(201);
    expect(last.json().data.track.position).toBe(500);
    const before = await totalsCheck(t.app, projectId);
    const res = await call('POST', `/api/projects/${projectId}/tracks`, { title: 'One too many' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: 'A project holds at most 500 tracks.' });
    expect(await totalsCheck(t.app, projectId)).toEqual(before);
    expect(before.stored.trackCount).toBe(500);
    // The whole project fits one page of the largest size.
    const all = (await call('GET', `/api/projects/${projectId}/tracks?limit=500`)).json().data;
    expect(all.tracks).toHaveLength(500);
    expect(all.pagination).toEqual({ currentPage: 1, totalPages: 1, limit: 500, totalTracks: 500 });
  });

  it('takes a 200-character title and 5,000 characters of notes, whole', async () => {
    const res = await call('POST', tracksUrl(), { title: 'T'.repeat(200), notes: 'N'.repeat(5000) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.track).toMatchObject({ title: 'T'.repeat(200), notes: 'N'.repeat(5000) });
  });
});

describe('reading tracks', () => {
  it('lists them in running order with pagination, and reads one', async () => {
    const projectId = await freshProject();
    const ids = [];
    for (const title of ['A', 'B', 'C'])
      ids.push((await addTrack(t.app, p.owner.token, projectId, { title }))._id);
    const list = (await call('GET', `/api/projects/${projectId}/tracks?limit=2`)).json().data;
    expect(list.tracks.map((x: { title: string }) => x.title)).toEqual(['A', 'B']);
    expect(list.pagination).toEqual({ currentPage: 1, totalPages: 2, limit: 2, totalTracks: 3 });
    const page2 = (await call('GET', `/api/projects/${projectId}/tracks?limit=2&page=2`)).json().data;
    expect(page2.tracks.map((x: { title: string }) => x.title)).toEqual(['C']);
    const one = await call('GET', `/api/projects/${projectId}/tracks/${ids[1]}`);
    expect(one.json().data.track).toMatchObject({ _id: ids[1], title: 'B', position: 2 });
  });

  it.each(['page=0', 'page=-1', 'page=abc', 'limit=0', 'limit=abc'])('refuses %s with a 400', async (q) => {
    expect((await call('GET', `${tracksUrl()}?${q}`)).statusCode).toBe(400);
  });

  it('caps a huge limit instead of failing', async () => {
    const res = await call('GET', `${tracksUrl()}?limit=100000`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pagination.limit).toBe(500);
  });

  it.each([
    ['malformed', 'not-an-id'],
    ['unknown', newId()],
    ['upper-case', '01A200F9-C0D4-771D-A773-12834338253B'],
    ['long', 'x'.repeat(100)],
    ['over-long', 'x'.repeat(300)],
    ['NUL', '\u0000'],
  ])('answers a 4xx JSON error for a %s track id', async (_label, id) => {
    const res = await call('GET', `${tracksUrl()}/${encodeURIComponent(id)}`);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().success).toBe(false);
  });

  it('does not find a track through another project', async () => {
    const other = await freshProject();
    const track = await addTrack(t.app, p.owner.token, other);
    const res = await call('GET', `${tracksUrl()}/${track._id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Track not found');
  });
});

describe('updating a track', () => {
  it('changes only the fields sent, and null clears optional ones', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId, {
      title: 'Drift',
      bpm: 90,
      musicalKey: 'Am',
      isrc: 'US-RC1-76-07839',
      notes: 'keep',
    });
    const res = await call('PUT', `${tracksUrl()}/${track._id}`, {
      status: 'mastering',
      bpm: null,
      isrc: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.track).toMatchObject({
      title: 'Drift',
      status: 'mastering',
      bpm: null,
      musicalKey: 'Am',
      isrc: null,
      notes: 'keep',
    });
  });

  it('refuses bad fields and leaves the track as it was', async () => {
    const track = await addTrack(t.app, p.owner.token, p.projectId, { title: 'Solid' });
    for (const body of [
      { title: '' },
      { status: 'live' },
      { bpm: 5 },
      { isrc: 'abc' },
      { extra: 1 },
      { position: 1 },
    ]) {
      expect((await call('PUT', `${tracksUrl()}/${track._id}`, body)).statusCode).toBe(400);
    }
    expect((await call('GET', `${tracksUrl()}/${track._id}`)).json().data.track).toMatchObject({
      title: 'Solid',
      status: 'idea',
    });
  });
});

describe('deleting and reordering', () => {
  it('deleting a track closes the gap in the running order and lowers trackCount', async () => {
    const projectId = await freshProject();
    const [a, b, c] = [
      await addTrack(t.app, p.owner.token, projectId, { title: 'A' }),
      await addTrack(t.app, p.owner.token, projectId, { title: 'B' }),
      await addTrack(t.app, p.owner.token, projectId, { title: 'C' }),
    ];
    const res = await call('DELETE', `/api/projects/${projectId}/tracks/${b._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.totals.trackCount).toBe(2);
    const list = (await call('GET', `/api/projects/${projectId}/tracks`)).json().data.tracks;
    expect(list.map((x: { _id: string; position: number }) => [x._id, x.position])).toEqual([
      [a._id, 1],
      [c._id, 2],
    ]);
    expect((await call('DELETE', `/api/projects/${projectId}/tracks/${b._id}`)).statusCode).toBe(404);
  });

  it('reorders to exactly the order given', async () => {
    const projectId = await freshProject();
    const ids = [];
    for (const title of ['A', 'B', 'C', 'D'])
      ids.push((await addTrack(t.app, p.owner.token, projectId, { title }))._id);
    const order = [ids[2], ids[0], ids[3], ids[1]];
    const res = await call('PUT', `/api/projects/${projectId}/tracks/order`, { trackIds: order });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tracks.map((x: { _id: string }) => x._id)).toEqual(order);
    const list = (await call('GET', `/api/projects/${projectId}/tracks`)).json().data.tracks;
    expect(list.map((x: { title: string; position: number }) => `${x.position}${x.title}`)).toEqual([
      '1C',
      '2A',
      '3D',
      '4B',
    ]);
  });

  it('refuses an order that leaves out, repeats or adds a track, and keeps the old order', async () => {
    const projectId = await freshProject();
    const ids = [];
    for (const title of ['A', 'B', 'C'])
      ids.push((await addTrack(t.app, p.owner.token, projectId, { title }))._id);
    const foreign = (await addTrack(t.app, p.owner.token, p.projectId))._id;
    for (const trackIds of [
      [ids[0], ids[1]],
      [ids[0], ids[1], ids[1]],
      [ids[0], ids[1], ids[2], foreign],
      [],
      'x',
    ]) {
      const res = await call('PUT', `/api/projects/${projectId}/tracks/order`, { trackIds });
      expect(res.statusCode).toBe(400);
    }
    const list = (await call('GET', `/api/projects/${projectId}/tracks`)).json().data.tracks;
    expect(list.map((x: { title: string }) => x.title)).toEqual(['A', 'B', 'C']);
  });
});
