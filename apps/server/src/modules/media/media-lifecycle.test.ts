// Project figures under concurrent changes, a change that fails half-way, deleting a whole project, and the
// media part of an account's export and deletion.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { nowIso } from '../../platform/ids.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  totalsCheck,
  uploadFile,
  uploadVersion,
} from './media-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
});
afterAll(async () => {
  await t.close();
});

const storedUnder = (projectId: string) => {
  const dir = path.join(t.config.dataDir, 'files', 'projects', projectId);
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile())
    : [];
};

async function newProject(token = p.owner.token): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(token),
    payload: { title: 'Lifecycle', type: 'ep' },
  });
  return res.json().data.project._id;
}

describe('project figures', () => {
  it('stay exact under concurrent uploads, new tracks, current-version changes and deletions', async () => {
    const projectId = await newProject();
    await t.app.ctx.db
      .insertInto('project_collaborators')
      .values({
        project_id: projectId,
        user_id: p.editor.user._id,
        permission: 'edit',
        role: 'Mixer',
        created_at: nowIso(),
      })
      .execute();
    const a = await addTrack(t.app, p.owner.token, projectId, { title: 'A' });
    const b = await addTrack(t.app, p.owner.token, projectId, { title: 'B' });
    const uploads = [0.2, 0.4, 0.6, 0.8, 1.0, 1.2].map((seconds, i) =>
      uploadVersion(
        t.app,
        i % 2 ? p.editor.token : p.owner.token,
        projectId,
        i % 2 ? a._id : b._id,
        sineWav({ seconds }),
        'x.wav',
        [{ name: 'makeCurrent', value: i > 2 ? 'true' : 'false' }],
      ),
    );
    const others = [
      addTrack(t.app, p.owner.token, projectId, { title: 'C' }),
      uploadFile(t.app, p.editor.token, projectId, Buffer.alloc(5000, 3), 'stems.zip'),
      uploadFile(t.app, p.owner.token, projectId, Buffer.alloc(7000, 4), 'session.als', 'session'),
    ];
    const results = await Promise.all([...uploads, ...others]);
    expect(
      results.map((r) =>
        'statusCode' in r ? `${r.statusCode} ${r.statusCode === 201 ? '' : r.body}` : '201 ',
      ),
    ).toEqual(results.map(() => '201 '));
    const c = await addTrack(t.app, p.owner.token, projectId, { title: 'D' });
    await Promise.all([
      t.app.inject({
        method: 'DELETE',
        url: `/api/projects/${projectId}/tracks/${c._id}`,
        headers: bearer(p.owner.token),
      }),
      uploadVersion(t.app, p.owner.token, projectId, c._id, sineWav({ seconds: 0.3 })),
    ]);
    const check = await totalsCheck(t.app, projectId);
    expect(check.stored.trackCount).toBe(check.expected.trackCount);
    expect(check.stored.totalFileSize).toBe(check.expected.totalFileSize);
    expect(check.stored.totalDuration).toBeCloseTo(check.expected.totalDuration, 9);
    const card = (
      await t.app.inject({ url: `/api/projects/${projectId}`, headers: bearer(p.owner.token) })
    ).json().data.project;
    expect(card).toMatchObject(check.stored);
  });

  it('do not move when a change fails after its bytes were stored; the bytes are removed', async () => {
    const projectId = await newProject();
    const track = await addTrack(t.app, p.owner.token, projectId);
    const before = await totalsCheck(t.app, projectId);
    const storage = t.app.ctx.storage;
    // The track disappears while its upload streams in (someone deleted it meanwhile).
    t.app.ctx.storage = {
      get: storage.get.bind(storage),
      stat: storage.stat.bind(storage),
      remove: storage.remove.bind(storage),
      removePrefix: storage.removePrefix.bind(storage),
      list: storage.list.bind(storage),
      localPath: storage.localPath?.bind(storage),
      put: async (...args: Parameters<typeof storage.put>) => {
        const stored = await storage.put(...args);
        await t.app.ctx.db.deleteFrom('tracks').where('id', '=', track._id).execute();
        return stored;
      },
    };
    try {
      const res = await uploadVersion(t.app, p.owner.token, projectId, track._id, sineWav());
      expect(res.statusCode).toBe(404);
    } finally {
      t.app.ctx.storage = storage;
    }
    const after = await totalsCheck(t.app, projectId);
    expect(after.stored).toEqual({ ...before.stored });
    expect(storedUnder(projectId)).toEqual([]);
  });
});

describe('deleting a project', () => {
  it('removes its tracks, versions, files and every stored byte', async () => {
    const projectId = await newProject();
    const track = await addTrack(t.app, p.owner.token, projectId);
    await uploadVersion(t.app, p.owner.token, projectId, track._id, sineWav());
    await uploadFile(t.app, p.owner.token, projectId, Buffer.from('lyrics'), 'words.txt', 'lyrics');
    expect(storedUnder(projectId)).toHaveLength(2);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}`,
      headers: bearer(p.owner.token),
    });
    expect(res.statusCode).toBe(200);
    expect(storedUnder(projectId)).toEqual([]);
    const db = t.app.ctx.db;
    expect(await db.selectFrom('tracks').select('id').where('project_id', '=', projectId).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('track_versions').select('id').where('project_id', '=', projectId).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('project_files').select('id').where('project_id', '=', projectId).execute(),
    ).toEqual([]);
  });
});

describe('account export and deletion', () => {
  const media = () => t.app.ctx.userData.find((h) => h.area === 'media')!;

  it('exports the tracks, versions and files of the user’s own projects, with their stored objects', async () => {
    const projectId = await newProject(p.stranger.token);
    const track = await addTrack(t.app, p.stranger.token, projectId, { title: 'Exported' });
    const v = (
      await uploadVersion(t.app, p.stranger.token, projectId, track._id, sineWav(), 'take.wav')
    ).json().data.version;
    const f = (
      await uploadFile(t.app, p.stranger.token, projectId, Buffer.from('art'), 'cover.txt', 'artwork')
    ).json().data.file;
    const { data, files } = await media().exportData(t.app.ctx, p.stranger.user._id);
    expect(data).toMatchObject({
      projects: [
        { projectId, tracks: [{ title: 'Exported', versions: [{ _id: v._id }] }], files: [{ _id: f._id }] },
      ],
    });
    expect(files).toEqual([
      {
        path: `projects/${projectId}/tracks/${track._id}/${v._id}-take.wav`,
        storageKey: `projects/${projectId}/tracks/${v._id}`,
      },
      {
        path: `projects/${projectId}/files/artwork/${f._id}-cover.txt`,
        storageKey: `projects/${projectId}/files/${f._id}`,
      },
    ]);
    const other = await media().exportData(t.app.ctx, p.viewer.user._id);
    expect(other).toEqual({ data: { projects: [] }, files: [] });
  });

  it('deleting the account removes the stored bytes of the user’s own projects only, after their rows', async () => {
    const mine = await newProject(p.stranger.token);
    const track = await addTrack(t.app, p.stranger.token, mine);
    await uploadVersion(t.app, p.stranger.token, mine, track._id, sineWav());
    const theirs = p.projectId;
    const theirTrack = await addTrack(t.app, p.owner.token, theirs);
    await uploadVersion(t.app, p.owner.token, theirs, theirTrack._id, sineWav());
    const before = storedUnder(theirs).length;
    // Not the media area's step: its bytes go only once the projects area has deleted the rows naming them.
    await media().deleteData(t.app.ctx, p.stranger.user._id);
    expect(storedUnder(mine)).toHaveLength(1);
    await t.app.ctx.userData.find((h) => h.area === 'projects')!.deleteData(t.app.ctx, p.stranger.user._id);
    expect(storedUnder(mine)).toEqual([]);
    expect(storedUnder(theirs)).toHaveLength(before);
  });
});
