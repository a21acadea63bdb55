// Test factories for the media area: real audio made on the spot (a sine wave in WAV, and every other
// accepted format encoded by the npm-shipped ffmpeg), multipart bodies, and a project with collaborators.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { FastifyInstance } from 'fastify';
import { bearer, registerUser, type SignedIn } from '../../../test/helper.ts';
import { nowIso } from '../../platform/ids.ts';

export { sineWav } from './sine-wav.ts';

/** ffmpeg output options per format, for a mono 44.1 kHz sine (48 kHz for Opus in OGG). */
export const ENCODINGS = {
  wav24: { ext: 'wav', args: ['-c:a', 'pcm_s24le'] },
  aiff: { ext: 'aiff', args: ['-c:a', 'pcm_s16be'] },
  flac: { ext: 'flac', args: ['-c:a', 'flac'] },
  mp3: { ext: 'mp3', args: ['-c:a', 'libmp3lame', '-b:a', '128k'] },
  m4a: { ext: 'm4a', args: ['-c:a', 'aac', '-b:a', '128k'] },
  aac: { ext: 'aac', args: ['-c:a', 'aac', '-b:a', '128k', '-f', 'adts'] },
  ogg: { ext: 'ogg', args: ['-c:a', 'libvorbis', '-q:a', '3'] },
  opus: { ext: 'opus', args: ['-c:a', 'libopus', '-b:a', '64k', '-f', 'ogg'] },
} as const;

export function encodedSine(kind: keyof typeof ENCODINGS, seconds = 2): Promise<Buffer> {
  const { ext, args } = ENCODINGS[kind];
  return encodedLavfi(`sine=frequency=440:sample_rate=44100:duration=${seconds}`, args, ext);
}

/** What ffmpeg encodes from the lavfi source graph `source` with output options `args`, as a `.ext` file. */
export async function encodedLavfi(source: string, args: readonly string[], ext: string): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-audio-'));
  const out = path.join(dir, `audio.${ext}`);
  try {
    await new Promise<void>((resolve, reject) =>
      execFile(ffmpeg.path, ['-v', 'error', '-f', 'lavfi', '-i', source, ...args, '-y', out], (err) =>
        err ? reject(err) : resolve(),
      ),
    );
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every file under the storage root of `dataDir`, full paths, sorted (none before the first upload). */
export function storedFiles(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.join(d.parentPath, d.name))
      .sort();
  } catch {
    return [];
  }
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body and its Content-Type, parts in the order given. */
export function multipart(parts: Part[]) {
  const boundary = `----mixdesk${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename === undefined ? '' : `; filename="${p.filename}"`;
    const type = p.filename === undefined ? '' : `\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${disposition}${type}\r\n\r\n`,
      ),
    );
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : p.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const audioPart = (data: Buffer, filename = 'mix.wav', label?: string, extra: Part[] = []) =>
  multipart([
    ...(label === undefined ? [] : [{ name: 'label', value: label }]),
    ...extra,
    { name: 'file', value: data, filename },
  ]);

export interface ProjectWithPeople {
  projectId: string;
  owner: SignedIn;
  viewer: SignedIn;
  editor: SignedIn;
  stranger: SignedIn;
}

/** A project owned by one user, shared with a view and an edit collaborator, and a stranger. */
export async function projectWithPeople(app: FastifyInstance): Promise<ProjectWithPeople> {
  const [owner, viewer, editor, stranger] = [
    await registerUser(app, { name: 'Owner' }),
    await registerUser(app, { name: 'Viewer' }),
    await registerUser(app, { name: 'Editor' }),
    await registerUser(app, { name: 'Stranger' }),
  ];
  const res = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(owner.token),
    payload: { title: 'Night Drive', type: 'album', metadata: { genre: 'electronic' } },
  });
  if (res.statusCode !== 201) throw new Error(`create project failed: ${res.statusCode} ${res.body}`);
  const projectId: string = res.json().data.project._id;
  await app.ctx.db
    .insertInto('project_collaborators')
    .values([
      {
        project_id: projectId,
        user_id: viewer.user._id,
        permission: 'view',
        role: 'A&R',
        created_at: nowIso(),
      },
      {
        project_id: projectId,
        user_id: editor.user._id,
        permission: 'edit',
        role: 'Mixer',
        created_at: nowIso(),
      },
    ])
    .execute();
  return { projectId, owner, viewer, editor, stranger };
}

export async function addTrack(app: FastifyInstance, token: string, projectId: string, body: object = {}) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/tracks`,
    headers: bearer(token),
    payload: { title: 'Intro', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`add track failed: ${res.statusCode} ${res.body}`);
  return res.json().data.track as { _id: string; position: number };
}

export async function uploadVersion(
  app: FastifyInstance,
  token: string,
  projectId: string,
  trackId: string,
  data: Buffer,
  filename = 'mix.wav',
  fields: Part[] = [],
) {
  const body = multipart([...fields, { name: 'file', value: data, filename }]);
  return app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/tracks/${trackId}/versions`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

export async function uploadFile(
  app: FastifyInstance,
  token: string,
  projectId: string,
  data: Buffer,
  filename: string,
  category = 'stems',
) {
  const body = multipart([
    { name: 'category', value: category },
    { name: 'file', value: data, filename },
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/files`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** The project's figures as stored, and as the rows say they should be. */
export async function totalsCheck(app: FastifyInstance, projectId: string) {
  const db = app.ctx.db;
  const stored = await db
    .selectFrom('projects')
    .select(['track_count', 'total_duration', 'total_file_size'])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const tracks = await db
    .selectFrom('tracks')
    .select(['id', 'current_version_id'])
    .where('project_id', '=', projectId)
    .execute();
  const versions = await db
    .selectFrom('track_versions')
    .select(['id', 'size', 'duration', 'lossless_size', 'compact_size'])
    .where('project_id', '=', projectId)
    .execute();
  const files = await db
    .selectFrom('project_files')
    .select(['size'])
    .where('project_id', '=', projectId)
    .execute();
  const stems = await db
    .selectFrom('version_stems')
    .select(['size'])
    .where('project_id', '=', projectId)
    .execute();
  const current = new Set(tracks.map((t) => t.current_version_id));
  return {
    stored: {
      trackCount: Number(stored.track_count),
      totalDuration: Number(stored.total_duration),
      totalFileSize: Number(stored.total_file_size),
    },
    expected: {
      trackCount: tracks.length,
      totalDuration: versions.filter((v) => current.has(v.id)).reduce((s, v) => s + Number(v.duration), 0),
      // Every stored byte: originals, their listening copies, stems, and files.
      totalFileSize:
        [...versions, ...files, ...stems].reduce((s, v) => s + Number(v.size), 0) +
        versions.reduce((s, v) => s + Number(v.lossless_size ?? 0) + Number(v.compact_size ?? 0), 0),
    },
  };
}
