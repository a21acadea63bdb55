// A client generated from the OpenAPI document by tools nobody here wrote (openapi-typescript for the types,
// openapi-fetch for the calls) compiles, and drives a real flow against the app listening on a port: sign up,
// verify the email, sign in, make a project and a track, upload a version, comment on it, list documents.
// The flow is one small program written against the generated types only: `tsc` checks it, then it runs.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastMailedToken, type TestApp, uniqueEmail } from '../../../test/helper.ts';
import { sineWav } from '../../modules/media/sine-wav.ts';

const run = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '../../../../..');
const TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');

/**
 * The client program. It knows the API only from the generated `paths`: a path, a parameter or a field the
 * document lacks or misnames fails its compile. `io` gives it what no API call can: the emailed link's token
 * and the audio to upload.
 */
const FLOW = `import createClient from 'openapi-fetch';
import type { paths } from './api';

interface Answer<T> { data?: T; error?: unknown; response: Response }

/** The answer's parsed body, when it came with the status expected. */
function must<T>(answer: Answer<T>, status: number): T {
  if (answer.response.status !== status || answer.data === undefined)
    throw new Error(\`\${answer.response.url}: \${answer.response.status} \${JSON.stringify(answer.error)}\`);
  return answer.data;
}

export interface FlowIo {
  email: string;
  password: string;
  verificationToken(email: string): Promise<string>;
  wav: Blob;
}

export async function flow(baseUrl: string, io: FlowIo) {
  const anyone = createClient<paths>({ baseUrl });
  const { email, password } = io;
  const registered = must(
    await anyone.POST('/api/auth/register', { body: { name: 'Flow Tester', email, password } }),
    201,
  ).data;
  const token = await io.verificationToken(email);
  const verified = must(await anyone.POST('/api/auth/verify-email', { body: { token } }), 200).data.user;
  const login = must(await anyone.POST('/api/auth/login', { body: { email, password } }), 200).data;
  if (!('token' in login)) throw new Error('A new account was asked for a second factor');

  const api = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${login.token}\` } });
  const me = must(await api.GET('/api/auth/me'), 200).data.user;
  const project = must(
    await api.POST('/api/projects', { body: { title: 'Flow EP', type: 'ep', tags: ['flow'] } }),
    201,
  ).data.project;
  const id = project._id;
  const track = must(
    await api.POST('/api/projects/{id}/tracks', {
      params: { path: { id } },
      body: { title: 'Opener', status: 'mixing', bpm: 120 },
    }),
    201,
  ).data.track;
  const trackId = track._id;
  const uploaded = must(
    await api.POST('/api/projects/{id}/tracks/{trackId}/versions', {
      params: {
        path: { id, trackId },
        query: { label: 'Mix 1', makeCurrent: 'true' },
        header: { 'content-disposition': "attachment; filename*=UTF-8''Opener%20mix.wav" },
      },
      headers: { 'content-type': 'application/octet-stream' },
      body: io.wav,
      bodySerializer: (file) => file,
    }),
    201,
  ).data;
  const versionId = uploaded.version._id;
  const versionPath = { id, trackId, versionId };
  const comment = must(
    await api.POST('/api/projects/{id}/tracks/{trackId}/versions/{versionId}/comments', {
      params: { path: versionPath },
      body: { body: 'The kick is late at half a second', at: 0.5 },
    }),
    201,
  ).data.comment;
  const comments = must(
    await api.GET('/api/projects/{id}/tracks/{trackId}/versions/{versionId}/comments', {
      params: { path: versionPath },
    }),
    200,
  ).data.comments;
  const audio: ArrayBuffer = must(
    await api.GET('/api/projects/{id}/tracks/{trackId}/versions/{versionId}/audio', {
      params: { path: versionPath, query: { download: '1' } },
      parseAs: 'arrayBuffer',
    }),
    200,
  );
  const documents = must(
    await api.GET('/api/documents', { params: { query: { page: 1, limit: 10, status: 'generated' } } }),
    200,
  ).data;
  return { registered, verified, me, project, track, uploaded, comment, comments, audio, documents };
}
`;

let t: TestApp;
let dir: string;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-openapi-client-'));
  // The program resolves its packages (openapi-fetch, its helpers) as any project does: from node_modules.
  symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The document as a client fetches it, turned into TypeScript by openapi-typescript (binary bodies as Blob). */
async function generateTypes(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/openapi.json`);
  expect(res.status).toBe(200);
  const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));
  const ast = await openapiTS(await res.json(), {
    transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
  });
  return astToString(ast);
}

describe('a client generated from the OpenAPI document', () => {
  it('compiles with tsc, and signs up, verifies, signs in, uploads, comments and lists documents', async () => {
    writeFileSync(path.join(dir, 'api.d.ts'), await generateTypes());
    writeFileSync(path.join(dir, 'flow.ts'), FLOW);
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2022', 'DOM'],
          types: [],
        },
        files: ['flow.ts'],
      }),
    );
    const compiled = await run(process.execPath, [TSC, '-p', dir], { cwd: dir }).then(
      () => 'no errors',
      (err: { stdout?: string }) => err.stdout ?? String(err),
    );
    expect(compiled).toBe('no errors');

    const email = uniqueEmail('flow');
    const wav = sineWav({ seconds: 1 });
    const { flow } = (await import(pathToFileURL(path.join(dir, 'flow.ts')).href)) as {
      flow: (
        baseUrl: string,
        io: object,
      ) => Promise<{
        registered: { user: { email: string; verified: boolean }; token: string };
        verified: { email: string; verified: boolean };
        me: { _id: string; email: string };
        project: { _id: string; title: string; type: string; tags: string[] };
        track: { _id: string; title: string; status: string; bpm: number | null };
        uploaded: { version: { _id: string; label: string; originalName: string; size: number } };
        comment: { _id: string; body: string; at: number };
        comments: { _id: string }[];
        audio: ArrayBuffer;
        documents: { documents: unknown[]; pagination: { currentPage: number; limit: number } };
      }>;
    };
    const done = await flow(baseUrl, {
      email,
      password: 'Sound-Check-42',
      verificationToken: (to: string) => lastMailedToken(t.app, to, 'verify_email'),
      wav: new Blob([wav]),
    });

    expect(done.registered.user).toMatchObject({ email, verified: false });
    expect(done.verified).toMatchObject({ email, verified: true });
    expect(done.me.email).toBe(email);
    expect(done.project).toMatchObject({ title: 'Flow EP', type: 'ep', tags: ['flow'] });
    expect(done.track).toMatchObject({ title: 'Opener', status: 'mixing', bpm: 120 });
    // The fields in the query string and the name in Content-Disposition, as the document told the client.
    expect(done.uploaded.version).toMatchObject({
      label: 'Mix 1',
      originalName: 'Opener mix.wav',
      size: wav.length,
    });
    expect(done.comment).toMatchObject({ body: 'The kick is late at half a second', at: 0.5 });
    expect(done.comments.map((c) => c._id)).toEqual([done.comment._id]);
    expect(Buffer.from(done.audio).equals(wav)).toBe(true);
    expect(done.documents).toMatchObject({ documents: [], pagination: { currentPage: 1, limit: 10 } });
  });
});
