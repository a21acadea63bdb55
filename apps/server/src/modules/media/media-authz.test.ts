// Who may do what, over every track, version and file endpoint: anonymous (401), a stranger (404: the
// project does not exist for them), a view collaborator (reads and plays; 403 on changes), an edit
// collaborator and the owner (everything). A refused call changes nothing.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import {
  addTrack,
  multipart,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadFile,
  uploadVersion,
} from './media-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;
let shared: Fixture;

interface Fixture {
  trackId: string;
  versionId: string;
  otherVersionId: string;
  fileId: string;
}

async function fixture(app: FastifyInstance): Promise<Fixture> {
  const track = await addTrack(app, p.owner.token, p.projectId, { title: 'Matrix' });
  const wav = sineWav({ seconds: 0.1, channels: 1 });
  const v1 = await uploadVersion(app, p.owner.token, p.projectId, track._id, wav);
  const v2 = await uploadVersion(app, p.owner.token, p.projectId, track._id, wav);
  const file = await uploadFile(app, p.owner.token, p.projectId, Buffer.from('stem'), 'stem.txt');
  return {
    trackId: track._id,
    versionId: v1.json().data.version._id,
    otherVersionId: v2.json().data.version._id,
    fileId: file.json().data.file._id,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  shared = await fixture(t.app);
  await jobQueue(t.app.ctx).idle();
});
// Each upload's background jobs (waveform, analysis, listening copies) end before the next test looks.
afterEach(() => jobQueue(t.app.ctx).idle());
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Endpoint {
  name: string;
  need: 'view' | 'edit';
  ok: number;
  method: Method;
  url: (f: Fixture) => string;
  body?: (f: Fixture) => Promise<object> | object;
  upload?: { fields: { name: string; value: string }[]; filename: string; data: () => Buffer };
  headers?: Record<string, string>;
}

const base = () => `/api/projects/${p.projectId}`;
const track = (f: Fixture) => `${base()}/tracks/${f.trackId}`;
const version = (f: Fixture) => `${track(f)}/versions/${f.versionId}`;
const file = (f: Fixture) => `${base()}/files/${f.fileId}`;
const allTrackIds = async () =>
  (
    await t.app.ctx.db
      .selectFrom('tracks')
      .select('id')
      .where('project_id', '=', p.projectId)
      .orderBy('position', 'desc')
      .execute()
  ).map((r) => r.id);

const ENDPOINTS: Endpoint[] = [
  { name: 'list tracks', need: 'view', ok: 200, method: 'GET', url: () => `${base()}/tracks` },
  {
    name: 'add a track',
    need: 'edit',
    ok: 201,
    method: 'POST',
    url: () => `${base()}/tracks`,
    body: () => ({ title: 'New' }),
  },
  {
    name: 'reorder tracks',
    need: 'edit',
    ok: 200,
    method: 'PUT',
    url: () => `${base()}/tracks/order`,
    body: async () => ({ trackIds: await allTrackIds() }),
  },
  { name: 'read a track', need: 'view', ok: 200, method: 'GET', url: track },
  {
    name: 'edit a track',
    need: 'edit',
    ok: 200,
    method: 'PUT',
    url: track,
    body: () => ({ status: 'done' }),
  },
  { name: 'delete a track', need: 'edit', ok: 200, method: 'DELETE', url: track },
  { name: 'list versions', need: 'view', ok: 200, method: 'GET', url: (f) => `${track(f)}/versions` },
  {
    name: 'upload a version',
    need: 'edit',
    ok: 201,
    method: 'POST',
    url: (f) => `${track(f)}/versions`,
    upload: {
      fields: [{ name: 'label', value: 'Mix v9' }],
      filename: 'v.wav',
      data: () => sineWav({ seconds: 0.1 }),
    },
  },
  { name: 'read a version', need: 'view', ok: 200, method: 'GET', url: version },
  {
    name: 'rename a version',
    need: 'edit',
    ok: 200,
    method: 'PUT',
    url: version,
    body: () => ({ label: 'Final' }),
  },
  {
    name: 'make a version current',
    need: 'edit',
    ok: 200,
    method: 'POST',
    url: (f) => `${track(f)}/versions/${f.otherVersionId}/current`,
  },
  { name: 'delete a version', need: 'edit', ok: 200, method: 'DELETE', url: version },
  { name: 'play a version', need: 'view', ok: 200, method: 'GET', url: (f) => `${version(f)}/audio` },
  {
    name: 'seek in a version',
    need: 'view',
    ok: 206,
    method: 'GET',
    url: (f) => `${version(f)}/audio`,
    headers: { range: 'bytes=0-9' },
  },
  {
    name: 'download a version',
    need: 'view',
    ok: 200,
    method: 'GET',
    url: (f) => `${version(f)}/audio?download=1`,
  },
  { name: 'read peaks', need: 'view', ok: 200, method: 'GET', url: (f) => `${version(f)}/peaks` },
  { name: 'list files', need: 'view', ok: 200, method: 'GET', url: () => `${base()}/files` },
  {
    name: 'upload a file',
    need: 'edit',
    ok: 201,
    method: 'POST',
    url: () => `${base()}/files`,
    upload: {
      fields: [{ name: 'category', value: 'artwork' }],
      filename: 'a.txt',
      data: () => Buffer.from('art'),
    },
  },
  { name: 'read a file', need: 'view', ok: 200, method: 'GET', url: file },
  {
    name: 'move a file',
    need: 'edit',
    ok: 200,
    method: 'PUT',
    url: file,
    body: () => ({ category: 'session' }),
  },
  { name: 'delete a file', need: 'edit', ok: 200, method: 'DELETE', url: file },
  { name: 'download a file', need: 'view', ok: 200, method: 'GET', url: (f) => `${file(f)}/download` },
];

async function call(e: Endpoint, token: string | null, f: Fixture) {
  const auth = token ? bearer(token) : {};
  if (e.upload) {
    const body = multipart([
      ...e.upload.fields,
      { name: 'file', value: e.upload.data(), filename: e.upload.filename },
    ]);
    return t.app.inject({
      method: e.method,
      url: e.url(f),
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  }
  const payload = e.body ? await e.body(f) : undefined;
  return t.app.inject({
    method: e.method,
    url: e.url(f),
    headers: { ...auth, ...e.headers },
    ...(payload ? { payload } : {}),
  });
}

/** Everything the media area stores for the project, to prove a refused call changed nothing. */
async function snapshot() {
  const db = t.app.ctx.db;
  const [tracks, versions, files, project] = await Promise.all([
    db.selectFrom('tracks').selectAll().where('project_id', '=', p.projectId).orderBy('id').execute(),
    db
      .selectFrom('track_versions')
      .select(['id', 'label', 'size'])
      .where('project_id', '=', p.projectId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('project_files')
      .select(['id', 'category'])
      .where('project_id', '=', p.projectId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('projects')
      .select(['track_count', 'total_duration', 'total_file_size'])
      .where('id', '=', p.projectId)
      .executeTakeFirst(),
  ]);
  return JSON.stringify({ tracks, versions, files, project });
}

const ROLES = ['anonymous', 'stranger', 'viewer', 'editor', 'owner'] as const;
const tokenOf = (role: (typeof ROLES)[number]) => (role === 'anonymous' ? null : p[role].token);

function expected(e: Endpoint, role: (typeof ROLES)[number]): number {
  if (role === 'anonymous') return 401;
  if (role === 'stranger') return 404;
  if (role === 'viewer' && e.need === 'edit') return 403;
  return e.ok;
}

describe.each(ROLES)('%s', (role) => {
  it.each(ENDPOINTS.map((e) => [e.name, e] as const))('%s', async (_name, e) => {
    const status = expected(e, role);
    const allowedChange = status < 300 && e.need === 'edit';
    const f = allowedChange ? await fixture(t.app) : shared;
    const before = allowedChange ? '' : await snapshot();
    const res = await call(e, tokenOf(role), f);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
    if (status >= 400) {
      expect(res.json()).toMatchObject({ success: false });
      if (status === 404) expect(res.json().message).toBe('Project not found');
    }
    if (!allowedChange) expect(await snapshot()).toBe(before);
  });
});
