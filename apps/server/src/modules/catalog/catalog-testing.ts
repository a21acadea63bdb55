// What the catalog's API tests share: identifiers published by their registries' own documentation (so a valid
// code is judged by someone else's example, not by our check digits), a valid work, recording and release, and
// a project with a track made through the API.
import type { FastifyInstance } from 'fastify';
import { bearer, type SignedIn } from '../../../test/helper.ts';
import { addTrack } from '../media/media-testing.ts';

/** Published examples: ISWC of the ISWC handbook, ISRC of the ISRC handbook, GS1's UPC-A and EAN-13. */
export const CODES = {
  iswc: 'T-034.524.680-1',
  isrc: 'US-RC1-76-07839',
  isrcStored: 'USRC17607839',
  upc: '036000291452',
  ean: '4006381333931',
  ipi: '00014107338',
} as const;

export const writer = (over: object = {}) => ({
  name: 'Ada Writer',
  role: 'composer_lyricist',
  pro: 'PRS',
  ipi: CODES.ipi,
  email: 'ada@example.com',
  shareBasisPoints: 5000,
  ...over,
});

export const publisher = (over: object = {}) => ({
  name: 'North Songs Ltd',
  pro: 'PRS',
  email: 'pub@example.com',
  shareBasisPoints: 5000,
  ...over,
});

export const workBody = (over: object = {}) => ({
  title: 'Night Drive',
  iswc: CODES.iswc,
  writers: [writer()],
  publishers: [publisher()],
  ...over,
});

export const recordingBody = (over: object = {}) => ({
  isrc: CODES.isrc,
  artists: [{ name: 'The Band', role: 'main' }],
  credits: [
    { name: 'Pat Producer', role: 'producer' },
    { name: 'Gus Guitar', role: 'musician', instrument: 'Guitar' },
  ],
  masterOwners: [{ name: 'Label Ltd', email: 'label@example.com', shareBasisPoints: 10_000 }],
  bpm: 120,
  key: 'Am',
  studio: 'Studio Two',
  recordedOn: '2026-03-01',
  pLineYear: 2026,
  pLineOwner: 'Label Ltd',
  ...over,
});

export async function projectWithTrack(app: FastifyInstance, who: SignedIn, title = 'Night Drive') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(who.token),
    payload: { title: `Album of ${title}` },
  });
  if (res.statusCode !== 201) throw new Error(`create project failed: ${res.statusCode} ${res.body}`);
  const projectId = res.json().data.project._id as string;
  const track = await addTrack(app, who.token, projectId, { title });
  return { projectId, trackId: track._id };
}

export const recordingUrl = (p: { projectId: string; trackId: string }) =>
  `/api/projects/${p.projectId}/tracks/${p.trackId}/recording`;

export async function send(
  app: FastifyInstance,
  who: SignedIn,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: bearer(who.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export const releaseBody = (
  tracks: Array<{ projectId: string; trackId: string; disc?: number; number?: number }>,
  over: object = {},
) => ({
  title: 'Night Drive EP',
  type: 'ep',
  upc: CODES.upc,
  label: 'Label Ltd',
  catalogueNumber: 'LBL-001',
  releaseDate: '2027-02-05',
  cLine: '2027 Label Ltd',
  tracks,
  ...over,
});
