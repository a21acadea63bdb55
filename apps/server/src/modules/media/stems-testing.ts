// Test factories for stems: a track with a mix to hang them on, a stem upload either way a client sends one
// (raw body with its fields in the query string, or multipart with its fields before the file), and the
// project's figures with the stems' bytes counted.
import type { FastifyInstance } from 'fastify';
import { bearer } from '../../../test/helper.ts';
import { addTrack, multipart, sineWav, totalsCheck, uploadVersion } from './media-testing.ts';

export interface Mix {
  trackId: string;
  versionId: string;
  /** …/versions/:versionId/stems */
  url: string;
}

/** A new track with one version: a 16-bit stereo sine of `frames` sample frames at `sampleRate`. */
export async function trackWithMix(
  app: FastifyInstance,
  token: string,
  projectId: string,
  opts: { frames?: number; sampleRate?: number; title?: string } = {},
): Promise<Mix> {
  const { frames = 88_200, sampleRate = 44_100, title = 'Stemmed' } = opts;
  const track = await addTrack(app, token, projectId, { title });
  const wav = sineWav({ seconds: frames / sampleRate, sampleRate });
  const res = await uploadVersion(app, token, projectId, track._id, wav, 'mix.wav');
  if (res.statusCode !== 201) throw new Error(`mix upload failed: ${res.statusCode} ${res.body}`);
  const versionId: string = res.json().data.version._id;
  return {
    trackId: track._id,
    versionId,
    url: `/api/projects/${projectId}/tracks/${track._id}/versions/${versionId}/stems`,
  };
}

/** A stem sent as multipart: its fields first, then the file. */
export function sendStem(
  app: FastifyInstance,
  token: string,
  url: string,
  data: Buffer,
  filename = 'stem.wav',
  fields: Record<string, string> = {},
) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', value: data, filename },
  ]);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** A stem sent as the raw body: its fields in the query string, its name in Content-Disposition. */
export function sendRawStem(
  app: FastifyInstance,
  token: string,
  url: string,
  data: Buffer,
  filename = 'stem.wav',
  fields: Record<string, string> = {},
) {
  const query = new URLSearchParams(fields).toString();
  return app.inject({
    method: 'POST',
    url: query ? `${url}?${query}` : url,
    headers: {
      ...bearer(token),
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
    },
    payload: data,
  });
}

/** A 16-bit stereo sine of exactly `frames` sample frames (built byte by byte). */
export const framesWav = (frames: number, sampleRate = 44_100, hz = 220) =>
  sineWav({ seconds: frames / sampleRate, sampleRate, hz });

/** The project's stored total, and what the rows (the stems' among them) say it should be. */
export async function fileSizes(app: FastifyInstance, projectId: string) {
  const { stored, expected } = await totalsCheck(app, projectId);
  return { stored: stored.totalFileSize, expected: expected.totalFileSize };
}

/** The stored object of a stem, by its row. */
export async function stemKeyOf(app: FastifyInstance, stemId: string): Promise<string> {
  const row = await app.ctx.db
    .selectFrom('version_stems')
    .select('storage_key')
    .where('id', '=', stemId)
    .executeTakeFirstOrThrow();
  return row.storage_key;
}

/** Whether storage holds `key`. */
export async function stored(app: FastifyInstance, key: string): Promise<boolean> {
  return (await app.ctx.storage.stat(key)) !== null;
}
