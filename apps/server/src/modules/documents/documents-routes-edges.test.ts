// The documents routes at their edges: each answer's message, the PDF's headers for a download and for the
// inline view, what the audit trail keeps of a download, the refusals of /verify word for word, the
// download's media type in the OpenAPI document, and a deletion that removes every stored PDF cleanly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { downloadVia, generateVia, payloads, request, sendVia, storedPdfKeys } from './documents-testing.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Routes Owner' });
});
afterAll(async () => {
  await t.close();
});

const verify = (payload: Buffer | string, type: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/documents/verify',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': type },
    payload,
  });

describe('the message of each answer', () => {
  it('names what was done', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    const url = `/api/documents/${doc._id}`;
    const messageOf = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) => {
      const res = await request(t.app, method, path, owner, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(200);
      return res.json().message as string;
    };
    expect(await messageOf('GET', '/api/documents/templates/invoice')).toBe('Templates');
    expect(await messageOf('GET', '/api/documents/auto-populate/sources')).toBe('Projects');
    expect(await messageOf('GET', url)).toBe('Document');
    expect(await messageOf('PUT', url, { ...body, title: 'Edge title' })).toBe('Document updated');
    expect(await messageOf('GET', `${url}/audit`)).toBe('Audit trail');
    expect(await messageOf('POST', `${url}/void`)).toBe('Document voided');

    const other = await generateVia(t.app, owner, payloads.invoice());
    const res = await verify(await downloadVia(t.app, owner, other._id), 'application/pdf');
    expect(res.json()).toMatchObject({ success: true, message: 'Verification', data: { issued: true } });
    const deleted = await request(t.app, 'DELETE', `/api/documents/${other._id}`, owner);
    expect(deleted.json()).toEqual({ success: true, message: 'Document deleted' });
  });
});

describe('a PDF as a download and as the inline view', () => {
  it('is private, validated by its SHA-256, and framed by our own pages only when shown inline', async () => {
    const doc = await generateVia(t.app, owner, payloads.contract());
    const url = `/api/documents/${doc._id}/download`;
    const attachment = await request(t.app, 'GET', url, owner);
    expect(attachment.statusCode).toBe(200);
    expect(attachment.headers['content-type']).toBe('application/pdf');
    expect(attachment.headers['cache-control']).toBe('private, no-cache');
    expect(attachment.headers.etag).toBe(`"${doc.pdf.sha256}"`);
    expect(attachment.headers['content-length']).toBe(String(doc.pdf.size));
    // A download keeps the API's own answer headers: framed by nobody.
    expect(attachment.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(attachment.headers['x-frame-options']).toBe('DENY');

    const inline = await request(t.app, 'GET', `${url}?inline=1`, owner);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(inline.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(inline.headers['cache-control']).toBe('private, no-cache');
    expect(inline.headers.etag).toBe(`"${doc.pdf.sha256}"`);
    expect(inline.rawPayload.equals(attachment.rawPayload)).toBe(true);
  });

  it('a download is recorded with the revision it gave; the inline view is not recorded', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    await downloadVia(t.app, owner, doc._id);
    await request(t.app, 'PUT', `/api/documents/${doc._id}`, owner, { ...body, title: 'Second revision' });
    await request(t.app, 'GET', `/api/documents/${doc._id}/download?inline=1`, owner);
    await downloadVia(t.app, owner, doc._id);
    const events = (await request(t.app, 'GET', `/api/documents/${doc._id}/audit`, owner)).json().data
      .events as Array<{ type: string; details: Record<string, unknown> }>;
    expect(events.map((e) => [e.type, e.details])).toEqual([
      ['created', { template: 'producer-contract' }],
      ['downloaded', { revision: 1 }],
      ['updated', { revision: 2 }],
      ['downloaded', { revision: 2 }],
    ]);
  });
});

describe('verify refuses anything but a PDF, word for word', () => {
  const SEND_THE_FILE = 'Send the PDF file itself as the body (Content-Type: application/pdf)';

  it('an empty body, a JSON body, and a file that is not a PDF', async () => {
    const empty = await verify(Buffer.alloc(0), 'application/pdf');
    expect(empty.statusCode).toBe(415);
    expect(empty.json()).toMatchObject({
      success: false,
      message: SEND_THE_FILE,
      error: { code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
    const json = await verify(JSON.stringify({ pdf: 'x' }), 'application/json');
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(SEND_THE_FILE);
    const text = await verify(Buffer.from('hello, not a pdf'), 'application/pdf');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('The file is not a PDF');
  });
});

describe('the OpenAPI document', () => {
  it('describes the download as a PDF', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const download = res.json().paths['/api/documents/{id}/download'].get;
    expect(Object.keys(download.responses['200'].content)).toEqual(['application/pdf']);
  });
});

describe('deleting a document', () => {
  it('removes every PDF it kept, each revision, and logs no failure', async () => {
    const body = payloads.invoice();
    const doc = await generateVia(t.app, owner, body);
    await request(t.app, 'PUT', `/api/documents/${doc._id}`, owner, { ...body, title: 'Revised invoice' });
    await sendVia(t.app, owner, doc._id);
    expect(await storedPdfKeys(t.app, doc._id)).toHaveLength(1);
    const logged = t.logs().length;
    const res = await request(t.app, 'DELETE', `/api/documents/${doc._id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(await storedPdfKeys(t.app, doc._id)).toEqual([]);
    expect(t.logs().slice(logged)).not.toContain('Removing a document PDF failed');
    expect((await request(t.app, 'GET', `/api/documents/${doc._id}`, owner)).statusCode).toBe(404);
  });
});
