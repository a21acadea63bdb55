// Test-only factories for the profile and account tests: projects, collaborators and tracks written straight to
// the database (their own areas' rules are tested there), tiny real images, and a ZIP reader for exports.
import { inflateRawSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { bearer, type SignedIn } from '../../../test/helper.ts';
import { newId, nowIso } from '../../platform/ids.ts';
import { multipart } from '../media/media-testing.ts';

export async function insertProject(app: FastifyInstance, ownerId: string, title = 'Night Drive') {
  const id = newId();
  const now = nowIso();
  await app.ctx.db
    .insertInto('projects')
    .values({
      id,
      owner_id: ownerId,
      title,
      description: null,
      type: 'single',
      status: 'planning',
      genre: JSON.stringify(['other']),
      target_release_date: null,
      record_label: null,
      producer: null,
      engineer: null,
      studio: null,
      tags: JSON.stringify([]),
      search_text: title.toLowerCase(),
      created_at: now,
      updated_at: now,
      last_activity_at: now,
    })
    .execute();
  return id;
}

export async function addCollaborator(app: FastifyInstance, projectId: string, userId: string) {
  await app.ctx.db
    .insertInto('project_collaborators')
    .values({
      project_id: projectId,
      user_id: userId,
      permission: 'view',
      role: 'Mix engineer',
      created_at: nowIso(),
    })
    .execute();
}

export async function insertTrack(app: FastifyInstance, projectId: string, position: number) {
  const now = nowIso();
  await app.ctx.db
    .insertInto('tracks')
    .values({
      id: newId(),
      project_id: projectId,
      position,
      title: `Track ${position}`,
      status: 'demo',
      bpm: null,
      musical_key: null,
      isrc: null,
      notes: '',
      current_version_id: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A 1×1 PNG, and the starts of a JPEG and a WebP (the server sniffs the first bytes). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
export const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(40, 2),
]);

/** A multipart/form-data body with one image, as the avatar upload takes it. */
export const avatarBody = (content: Buffer, filename = 'avatar.png', type = 'image/png') =>
  multipart([{ name: 'avatar', value: content, filename, type }]);

/** Sets a user's avatar (a 1×1 PNG) through the API. */
export async function uploadAvatar(app: FastifyInstance, who: SignedIn) {
  const body = avatarBody(PNG);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/profile/avatar',
    payload: body.payload,
    headers: { ...bearer(who.token), ...body.headers },
  });
  if (res.statusCode !== 200) throw new Error(`avatar upload failed: ${res.statusCode} ${res.body}`);
  return res;
}

/** Every entry of a ZIP (stored or deflated), read from its central directory. */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a ZIP file');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
