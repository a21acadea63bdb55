import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';
import { downloadVia, generateVia, payloads, request } from './documents-testing.ts';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Doc Owner' });
  other = await registerUser(t.app, { name: 'Other Producer' });
});
afterAll(async () => {
  await t.close();
});

describe('download, audit and verify', () => {
  it('the download is a PDF attachment named document-{id}.pdf, and is recorded in the audit trail', async () => {
    const doc = await generateVia(t.app, owner, payloads.contract());
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${doc._id}/download`,
      headers: { authorization: `Bearer ${owner.token}`, 'user-agent': 'AuditTest/1.0' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="document-${doc._id}\\.pdf"`),
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBe(doc.pdf.size);

    const inline = await request(t.app, 'GET', `/api/documents/${doc._id}/download?inline=1`, owner);
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
    expect(inline.headers['x-frame-options']).toBe('SAMEORIGIN');

    const audit = await request(t.app, 'GET', `/api/documents/${doc._id}/audit`, owner);
    const events = audit.json().data.events as Array<{
      type: string;
      actor: { email: string };
      userAgent: string;
      ip: string;
    }>;
    expect(events.map((e) => e.type)).toEqual(['created', 'downloaded']);
    expect(events[1]).toMatchObject({ actor: { email: owner.user.email }, userAgent: 'AuditTest/1.0' });
    expect(events[1]!.ip).toBeTruthy();
  });

  it('verify recognises a PDF we issued, tells only its owner which document, and refuses a changed file', async () => {
    const doc = await generateVia(t.app, owner, payloads.invoice());
    const bytes = await downloadVia(t.app, owner, doc._id);
    const verify = (who: SignedIn, payload: Buffer, type = 'application/pdf') =>
      t.app.inject({
        method: 'POST',
        url: '/api/documents/verify',
        headers: { authorization: `Bearer ${who.token}`, 'content-type': type },
        payload,
      });
    const mine = (await verify(owner, bytes)).json();
    expect(mine.data).toMatchObject({
      issued: true,
      document: { _id: doc._id, documentId: doc.documentId, revision: 1 },
    });
    const theirs = (await verify(other, bytes)).json();
    expect(theirs.data).toMatchObject({ issued: true, document: { _id: null, documentId: doc.documentId } });
    const changed = Buffer.from(bytes);
    changed[changed.length - 20] = changed[changed.length - 20]! ^ 1;
    expect((await verify(owner, changed)).json().data).toMatchObject({ issued: false, document: null });
    const notPdf = await verify(owner, Buffer.from('hello, not a pdf'));
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json()).toMatchObject({ success: false, message: 'The file is not a PDF' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/documents/verify',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { pdf: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('templates and auto-populate sources', () => {
  it('each type has its templates with SPEC defaults', async () => {
    const contract = await request(t.app, 'GET', '/api/documents/templates/contract', owner);
    expect(contract.json().data.templates).toMatchObject([
      { name: 'producer-contract', defaults: { revisions: 3 } },
    ]);
    const invoice = await request(t.app, 'GET', '/api/documents/templates/invoice', owner);
    expect(invoice.json().data.templates).toMatchObject([
      { name: 'studio-session-invoice', defaults: { paymentTerms: 'Net 30' } },
    ]);
    const agreement = await request(t.app, 'GET', '/api/documents/templates/agreement', owner);
    expect(agreement.json().data.templates).toMatchObject([
      {
        name: 'collaboration-agreement',
        defaults: { revenueShare: { primaryPercentage: 50, secondaryPercentage: 50 } },
      },
    ]);
    const unknown = await request(t.app, 'GET', '/api/documents/templates/memo', owner);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().success).toBe(false);
  });

  it("lists the caller's own and shared projects, never a stranger's", async () => {
    const stranger = await registerUser(t.app, { name: 'Stranger' });
    const mk = async (who: SignedIn, title: string) =>
      (await request(t.app, 'POST', '/api/projects', who, { title, description: `${title} notes` })).json()
        .data.project._id as string;
    const own = await mk(owner, 'Own Record');
    const shared = await mk(other, 'Shared Record');
    await mk(stranger, 'Not Yours');
    await addMember(t.app, other.token, shared, owner, { role: 'Producer' });
    const res = await request(t.app, 'GET', '/api/documents/auto-populate/sources', owner);
    const projects = res.json().data.projects as Array<{
      _id: string;
      name: string;
      description: string;
      ownerEmail: string;
    }>;
    const names = projects.map((p) => p.name);
    expect(names).toContain('Own Record');
    expect(names).toContain('Shared Record');
    expect(names).not.toContain('Not Yours');
    expect(projects.find((p) => p._id === own)).toMatchObject({
      description: 'Own Record notes',
      ownerEmail: owner.user.email,
    });
    expect(projects.find((p) => p._id === shared)?.ownerEmail).toBe(other.user.email);
  });
});
