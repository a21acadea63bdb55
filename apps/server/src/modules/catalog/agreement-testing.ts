// What the agreement tests share: works and recordings made through the API, rounds sent, each party's link
// read from the mail they were sent, and answers given with those links.
import type { FastifyInstance } from 'fastify';
import { bearer, type SignedIn, uniqueEmail } from '../../../test/helper.ts';
import { addTrack } from '../media/media-testing.ts';

export interface PartyInput {
  name: string;
  email: string | null;
  shareBasisPoints: number;
}

/** Three writers-and-publisher parties whose shares total 100 %: 33.34 %, 33.33 %, 33.33 %. */
export function threeParties() {
  return {
    writers: [
      {
        name: 'Maya Beats',
        email: uniqueEmail('maya'),
        role: 'composer',
        pro: 'ASCAP',
        shareBasisPoints: 3334,
      },
      { name: 'Jon Vocal', email: uniqueEmail('jon'), role: 'lyricist', pro: 'BMI', shareBasisPoints: 3333 },
    ],
    publishers: [{ name: 'Night Songs Publishing', email: uniqueEmail('pub'), shareBasisPoints: 3333 }],
  };
}

export async function createWork(app: FastifyInstance, owner: SignedIn, body: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/works',
    headers: bearer(owner.token),
    payload: { title: 'Night Drive', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`create work failed: ${res.statusCode} ${res.body}`);
  return res.json().data.work as { _id: string; splitsStatus: string };
}

export const updateWork = (
  app: FastifyInstance,
  owner: SignedIn,
  id: string,
  body: Record<string, unknown>,
) =>
  app.inject({
    method: 'PUT',
    url: `/api/works/${id}`,
    headers: bearer(owner.token),
    payload: { title: 'Night Drive', ...body },
  });

export const getWork = async (app: FastifyInstance, owner: SignedIn, id: string) =>
  (await app.inject({ url: `/api/works/${id}`, headers: bearer(owner.token) })).json().data.work;

export const requestAgreement = (app: FastifyInstance, who: SignedIn, workId: string) =>
  app.inject({ method: 'POST', url: `/api/works/${workId}/agreement`, headers: bearer(who.token) });

/** A project with one track of the owner's. */
export async function ownTrack(app: FastifyInstance, owner: SignedIn) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(owner.token),
    payload: { title: 'Splits', type: 'album' },
  });
  if (res.statusCode !== 201) throw new Error(`create project failed: ${res.statusCode} ${res.body}`);
  const projectId: string = res.json().data.project._id;
  const track = await addTrack(app, owner.token, projectId, { title: 'Night Drive' });
  return { projectId, trackId: track._id, base: `/api/projects/${projectId}/tracks/${track._id}/recording` };
}

/** Every link of a kind of mail sent to an address, oldest first (the outbox keeps bodies without SMTP). */
export async function mailsTo(app: FastifyInstance, to: string, kind: string) {
  return app.ctx.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', to)
    .where('kind', '=', kind)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The token of the newest agreement request mailed to `to`. */
export async function linkOf(app: FastifyInstance, to: string): Promise<string> {
  const mails = await mailsTo(app, to, 'splits_request');
  const token = mails.at(-1)?.text_body.match(/\/agree\/([\w-]{43})/)?.[1];
  if (!token) throw new Error(`no agreement request mailed to ${to}`);
  return token;
}

export const viewLink = (app: FastifyInstance, token: string) => app.inject({ url: `/api/agree/${token}` });

export const accept = (app: FastifyInstance, token: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/agree/${token}/accept`, headers });

export const decline = (app: FastifyInstance, token: string, reason: unknown) =>
  app.inject({ method: 'POST', url: `/api/agree/${token}/decline`, payload: { reason } });

/** Keys of the split sheets in storage. */
export async function storedSheets(app: FastifyInstance): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of app.ctx.storage.list('splits/')) keys.push(object.key);
  return keys;
}

/** The owner's download of a sealed split sheet (200 and a PDF, or the test fails). */
export async function downloadSheet(app: FastifyInstance, owner: SignedIn, url: string): Promise<Buffer> {
  const res = await app.inject({ url, headers: bearer(owner.token) });
  if (res.statusCode !== 200) throw new Error(`split sheet download failed: ${res.statusCode} ${res.body}`);
  if (!res.headers['content-type']?.toString().startsWith('application/pdf')) throw new Error('not a PDF');
  return res.rawPayload;
}
