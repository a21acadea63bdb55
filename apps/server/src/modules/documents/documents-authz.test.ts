// The authorization matrix over every documents endpoint: anonymous callers get 401, strangers get 404 for
// the owner's documents (as if they did not exist), and neither changes anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { documentsSnapshot, generateVia, payloads, request } from './documents-testing.ts';

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let docId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Owner' });
  stranger = await registerUser(t.app, { name: 'Stranger' });
  docId = (await generateVia(t.app, owner, payloads.contract()))._id;
});
afterAll(async () => {
  await t.close();
});

const byIdCalls = (id: string) =>
  [
    ['GET', `/api/documents/${id}`],
    ['PUT', `/api/documents/${id}`, payloads.contract()],
    ['DELETE', `/api/documents/${id}`],
    ['POST', `/api/documents/${id}/void`],
    ['GET', `/api/documents/${id}/download`],
    ['GET', `/api/documents/${id}/download?inline=1`],
    ['GET', `/api/documents/${id}/audit`],
    ['POST', `/api/documents/${id}/send`, {}],
    ['POST', `/api/documents/${id}/sign-link`],
    ['POST', `/api/documents/${id}/mark-paid`, { paidAt: '2026-01-01' }],
  ] as const;

describe('documents authorization matrix', () => {
  it('every endpoint refuses an anonymous caller with 401 and changes nothing', async () => {
    const before = await documentsSnapshot(t.app);
    const calls = [
      ['GET', '/api/documents'],
      ['GET', '/api/documents/templates/contract'],
      ['GET', '/api/documents/auto-populate/sources'],
      ['POST', '/api/documents/generate', payloads.contract()],
      ['POST', '/api/documents/verify', {}],
      ...byIdCalls(docId),
    ] as const;
    for (const [method, url, body] of calls) {
      const res = await request(t.app, method, url, undefined, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: 'Access token required' });
    }
    expect(await documentsSnapshot(t.app)).toEqual(before);
  });

  it("a stranger gets 404 for the owner's document on every by-id endpoint and changes nothing", async () => {
    const before = await documentsSnapshot(t.app);
    for (const [method, url, body] of byIdCalls(docId)) {
      const res = await request(t.app, method, url, stranger, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Document not found' });
    }
    expect(await documentsSnapshot(t.app)).toEqual(before);
  });

  it('unknown and malformed ids look the same as foreign ones', async () => {
    for (const id of ['0190b2c4-0000-7000-8000-000000000000', 'not-an-id', "1' or '1'='1", 'x'.repeat(150)])
      for (const [method, url, body] of byIdCalls(encodeURIComponent(id))) {
        const res = await request(t.app, method, url, owner, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().success).toBe(false);
      }
  });

  it("a stranger's list and stats hold only their own documents", async () => {
    const mine = await generateVia(t.app, stranger, payloads.agreement());
    const res = await request(t.app, 'GET', '/api/documents', stranger);
    const data = res.json().data;
    expect(data.documents.map((d: { _id: string }) => d._id)).toEqual([mine._id]);
    expect(data.stats.total).toBe(1);
  });

  it("naming someone else's project gets 404 and stores nothing", async () => {
    const project = await request(t.app, 'POST', '/api/projects', owner, { title: 'Private Project' });
    const before = await documentsSnapshot(t.app);
    const res = await request(
      t.app,
      'POST',
      '/api/documents/generate',
      stranger,
      payloads.contract({ projectId: project.json().data.project._id }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Project not found' });
    expect(await documentsSnapshot(t.app)).toEqual(before);
  });
});
