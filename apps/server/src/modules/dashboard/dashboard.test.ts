import {
  ACTIVE_PROJECT_STATUSES,
  DashboardResponseSchema,
  DEFAULT_STORAGE_QUOTA_BYTES,
  RECENT_PROJECTS_COUNT,
  STORAGE_QUOTA_EXCEEDED,
} from '@mixdesk/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';
import * as figuresMigration from '../../db/migrations/0015-owner-figures.ts';
import { enqueueJob, jobQueue } from '../../platform/jobs/jobs.ts';
import { addTrack, sineWav, storedFiles, uploadFile, uploadVersion } from '../media/media-testing.ts';

async function dashboard(t: TestApp, who: SignedIn) {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(who.token) });
  expect(res.statusCode).toBe(200);
  return DashboardResponseSchema.parse(res.json()).data;
}

async function createProject(t: TestApp, who: SignedIn, title: string, status = 'planning') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(who.token),
    payload: { title, status },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.project._id as string;
}

async function share(t: TestApp, owner: SignedIn, projectId: string, who: SignedIn, role = 'Mixer') {
  await addMember(t.app, owner.token, projectId, who, { permission: 'edit', role });
}

describe('GET /api/dashboard', () => {
  let t: TestApp;
  let ana: SignedIn;
  let ben: SignedIn;
  let cara: SignedIn;
  let stranger: SignedIn;

  beforeAll(async () => {
    t = await createTestApp();
    ana = await registerUser(t.app, { name: 'Ana Producer' });
    ben = await registerUser(t.app, { name: 'Ben Engineer' });
    cara = await registerUser(t.app, { name: 'Cara Singer' });
    stranger = await registerUser(t.app, { name: 'Stranger' });
  });
  afterAll(() => t.close());

  it('asks for a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });

  it('shows zeros and empty lists to a new user', async () => {
    const data = await dashboard(t, stranger);
    expect(data.stats).toEqual({
      activeProjects: 0,
      totalTracks: 0,
      collaborators: 0,
      storageUsedBytes: 0,
      storageQuotaBytes: DEFAULT_STORAGE_QUOTA_BYTES,
    });
    expect(data.recentProjects).toEqual([]);
    expect(data.recentActivity).toEqual([]);
  });

  it('counts what the user owns and shares, archived and released projects not active, each person once', async () => {
    const album = await createProject(t, ana, 'Night Drive', 'mixing');
    const single = await createProject(t, ana, 'Old Single', 'released');
    const archived = await createProject(t, ana, 'Shelved', 'archived');
    const bens = await createProject(t, ben, "Ben's EP", 'recording');
    // Ben is on two of Ana's projects and Ana on his: Ben still counts once; Cara is on Ana's album.
    await share(t, ana, album, ben);
    await share(t, ana, single, ben, 'Engineer');
    await share(t, ana, album, cara, 'Vocals');
    await share(t, ben, bens, ana, 'Producer');
    await addTrack(t.app, ana.token, album, { title: 'Intro' });
    await addTrack(t.app, ana.token, album, { title: 'Outro' });
    await addTrack(t.app, ana.token, archived, { title: 'Demo' });
    await addTrack(t.app, ben.token, bens, { title: 'Lead' });
    const stems = Buffer.from('not audio, just bytes for the files area'.repeat(10));
    expect((await uploadFile(t.app, ana.token, album, stems, 'stems.zip')).statusCode).toBe(201);
    // Ben uploads into Ana's project: Ana's storage, not his.
    expect((await uploadFile(t.app, ben.token, album, stems, 'more.zip')).statusCode).toBe(201);

    const forAna = await dashboard(t, ana);
    expect(forAna.stats).toMatchObject({
      activeProjects: 2, // Night Drive (mixing) and Ben's EP (recording)
      totalTracks: 4, // three in her projects (archived ones too) and one in Ben's
      collaborators: 2, // Ben and Cara
      storageUsedBytes: 2 * stems.length,
    });
    const forBen = await dashboard(t, ben);
    // Ben: the album's two tracks and his EP's one (he is not on the archived project).
    expect(forBen.stats).toMatchObject({ activeProjects: 2, totalTracks: 3, storageUsedBytes: 0 });
    expect(forBen.stats.collaborators).toBe(2); // Ana, and Cara beside him on the album
    const forCara = await dashboard(t, cara);
    expect(forCara.stats).toMatchObject({ activeProjects: 1, totalTracks: 2, collaborators: 2 });
    // None of it reaches someone outside.
    expect((await dashboard(t, stranger)).stats).toMatchObject({ activeProjects: 0, collaborators: 0 });
  });

  it('lists the last five projects by activity, shared ones included', async () => {
    const data = await dashboard(t, ana);
    expect(data.recentProjects).toHaveLength(4);
    for (let i = 0; i < 3; i++) await createProject(t, ana, `Sketch ${i + 1}`);
    const after = await dashboard(t, ana);
    expect(after.recentProjects).toHaveLength(RECENT_PROJECTS_COUNT);
    expect(after.recentProjects.slice(0, 3).map((p) => p.title)).toEqual([
      'Sketch 3',
      'Sketch 2',
      'Sketch 1',
    ]);
    const times = after.recentProjects.map((p) => p.lastActivityAt ?? p.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('shows what happened, newest first, each entry leading to what it is about', async () => {
    const { recentActivity } = await dashboard(t, ana);
    expect(recentActivity.length).toBeGreaterThan(0);
    const times = recentActivity.map((a) => a.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const upload = recentActivity.find((a) => a.kind === 'file_uploaded' && a.actor?.name === 'Ben Engineer');
    expect(upload).toMatchObject({
      summary: expect.stringContaining('more.zip'),
      project: { title: 'Night Drive' },
    });
    expect(upload!.link).toBe(`/projects/${upload!.project!._id}/files`);
    // The stranger sees none of it.
    expect((await dashboard(t, stranger)).recentActivity).toEqual([]);
    // Cara, on the album only, sees its activity and not Ana's other projects'.
    const forCara = (await dashboard(t, cara)).recentActivity;
    expect(forCara.every((a) => a.project?.title === 'Night Drive')).toBe(true);
    expect(
      forCara.some(
        (a) => a.kind === 'collaborator_added' && a.summary === 'Cara Singer joined Night Drive as Vocals',
      ),
    ).toBe(true);
  });
});

describe('work under way', () => {
  it("lists my projects' analyses and masters that wait or run, and nobody else's", async () => {
    const t = await createTestApp();
    try {
      const owner = await registerUser(t.app, { name: 'Owner' });
      const stranger = await registerUser(t.app, { name: 'Stranger' });
      const projectId = await createProject(t, owner, 'Night Drive');
      const track = await addTrack(t.app, owner.token, projectId, { title: 'Intro' });
      const res = await uploadVersion(t.app, owner.token, projectId, track._id, sineWav({ seconds: 0.5 }));
      const versionId = res.json().data.version._id as string;
      await jobQueue(t.app.ctx).idle();
      expect((await dashboard(t, owner)).activeJobs).toEqual([]);
      const job = await enqueueJob(t.app.ctx.db, { kind: 'mastering', subjectId: versionId, projectId });
      const { activeJobs } = await dashboard(t, owner);
      expect(activeJobs).toHaveLength(1);
      expect(activeJobs[0]).toMatchObject({
        _id: job.id,
        kind: 'mastering',
        project: { _id: projectId, title: 'Night Drive' },
        track: { _id: track._id, title: 'Intro' },
        versionLabel: 'Version 1',
      });
      expect((await dashboard(t, stranger)).activeJobs).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('storage quota', () => {
  const QUOTA = 100_000;
  let t: TestApp;
  let owner: SignedIn;
  let editor: SignedIn;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp({ storageQuotaBytes: QUOTA });
    owner = await registerUser(t.app, { name: 'Owner' });
    editor = await registerUser(t.app, { name: 'Editor' });
    projectId = await createProject(t, owner, 'Tight Budget');
    await share(t, owner, projectId, editor);
  });
  afterAll(() => t.close());

  const files = async () =>
    (await t.app.inject({ url: `/api/projects/${projectId}/files`, headers: bearer(owner.token) })).json()
      .data.files as { originalName: string }[];

  it('takes uploads up to the quota and refuses the one past it with 413, storing nothing', async () => {
    const first = Buffer.alloc(60_000, 1);
    expect((await uploadFile(t.app, owner.token, projectId, first, 'a.bin')).statusCode).toBe(201);
    const onDisk = storedFiles(t.config.dataDir).length;
    // A collaborator's upload fills the owner's quota, and is refused the same way.
    const refused = await uploadFile(t.app, editor.token, projectId, Buffer.alloc(50_000, 2), 'b.bin');
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ success: false, message: STORAGE_QUOTA_EXCEEDED });
    expect((await files()).map((f) => f.originalName)).toEqual(['a.bin']);
    expect(storedFiles(t.config.dataDir)).toHaveLength(onDisk);
    // Exactly the room left fits.
    const rest = Buffer.alloc(QUOTA - first.length, 3);
    expect((await uploadFile(t.app, editor.token, projectId, rest, 'c.bin')).statusCode).toBe(201);
    const full = await dashboard(t, owner);
    expect(full.stats).toMatchObject({ storageUsedBytes: QUOTA, storageQuotaBytes: QUOTA });
  });

  it('refuses any upload once the quota is full, audio versions too, and frees room when files go', async () => {
    const one = await uploadFile(t.app, owner.token, projectId, Buffer.from('x'), 'one-byte.txt');
    expect(one.statusCode).toBe(413);
    const track = await addTrack(t.app, owner.token, projectId, { title: 'Song' });
    const version = await uploadVersion(t.app, owner.token, projectId, track._id, sineWav({ seconds: 0.2 }));
    expect(version.statusCode).toBe(413);
    expect(version.json().message).toBe(STORAGE_QUOTA_EXCEEDED);
    const list = await t.app.inject({
      url: `/api/projects/${projectId}/files`,
      headers: bearer(owner.token),
    });
    const big = (list.json().data.files as { _id: string; originalName: string }[]).find(
      (f) => f.originalName === 'a.bin',
    )!;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/files/${big._id}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    const again = await uploadVersion(t.app, owner.token, projectId, track._id, sineWav({ seconds: 0.2 }));
    expect(again.statusCode).toBe(201);
  });

  it('lets two uploads at once take the last room only once', async () => {
    const u = await registerUser(t.app, { name: 'Racer' });
    const p = await createProject(t, u, 'Race');
    const half = Buffer.alloc(QUOTA / 2 + 1, 4);
    const answers = await Promise.all([
      uploadFile(t.app, u.token, p, half, 'x.bin'),
      uploadFile(t.app, u.token, p, half, 'y.bin'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 413]);
    expect((await dashboard(t, u)).stats.storageUsedBytes).toBe(half.length);
  });
});

describe("the owner's kept figures (migration 0015)", () => {
  it('match the project rows through creates, uploads, status changes and deletes, and after a backfill', async () => {
    const t = await createTestApp();
    try {
      const owner = await registerUser(t.app, { name: 'Owner' });
      const fromRows = async () => {
        const rows = await t.app.ctx.db
          .selectFrom('projects')
          .select(['status', 'track_count', 'total_file_size'])
          .where('owner_id', '=', owner.user._id)
          .execute();
        return {
          activeProjects: rows.filter((r) =>
            (ACTIVE_PROJECT_STATUSES as readonly string[]).includes(r.status),
          ).length,
          totalTracks: rows.reduce((n, r) => n + Number(r.track_count), 0),
          storageUsedBytes: rows.reduce((n, r) => n + Number(r.total_file_size), 0),
        };
      };
      const shown = async () => {
        const { activeProjects, totalTracks, storageUsedBytes } = (await dashboard(t, owner)).stats;
        return { activeProjects, totalTracks, storageUsedBytes };
      };
      const a = await createProject(t, owner, 'One', 'mixing');
      const b = await createProject(t, owner, 'Two', 'recording');
      await addTrack(t.app, owner.token, a, { title: 'Intro' });
      const track = await addTrack(t.app, owner.token, b, { title: 'Lead' });
      await uploadVersion(t.app, owner.token, b, track._id, sineWav({ seconds: 0.3 }));
      const file = await uploadFile(t.app, owner.token, a, Buffer.alloc(5000, 1), 'notes.bin');
      expect(await shown()).toEqual({
        activeProjects: 2,
        totalTracks: 2,
        storageUsedBytes: expect.any(Number),
      });
      expect(await shown()).toEqual(await fromRows());
      expect((await shown()).storageUsedBytes).toBeGreaterThan(5000);

      const edit = (id: string, payload: object) =>
        t.app.inject({ method: 'PUT', url: `/api/projects/${id}`, headers: bearer(owner.token), payload });
      expect((await edit(a, { status: 'archived' })).statusCode).toBe(200);
      const fileId = file.json().data.file._id as string;
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/projects/${a}/files/${fileId}`,
        headers: bearer(owner.token),
      });
      expect(gone.statusCode, gone.body).toBe(200);
      expect(await shown()).toEqual(await fromRows());
      expect((await shown()).activeProjects).toBe(1);

      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/projects/${b}`,
        headers: bearer(owner.token),
      });
      expect(del.statusCode).toBe(200);
      expect(await shown()).toEqual({ activeProjects: 0, totalTracks: 1, storageUsedBytes: 0 });
      expect(await shown()).toEqual(await fromRows());

      const before = await shown();
      await figuresMigration.down(t.app.ctx.db);
      await figuresMigration.up(t.app.ctx.db);
      // (A rename moves the dashboard's version, so the answer is computed again from the backfilled figures.)
      await t.app.ctx.db.updateTable('projects').set({ title: 'Renamed' }).where('id', '=', a).execute();
      expect(await shown()).toEqual(before);
    } finally {
      await t.close();
    }
  });
});
