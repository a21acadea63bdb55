// The list's answers are cached per app instance under the owner's list version in the database: these
// tests change documents in every way the list shows, through another instance, and check that no list
// ever comes back stale.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { nextMillisecond } from '../clients/clients-testing.ts';
import { generateVia, mailedSigningToken, payloads } from './documents-testing.ts';

let t: TestApp;
let other: FastifyInstance;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  // A second app instance with its own connection to the same database, as when scaled out.
  other = await buildApp(t.config, { database: await openDatabase(t.config) });
  owner = await registerUser(t.app);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const list = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/documents', headers: bearer(owner.token) });
  return res.json().data as {
    documents: Array<{ _id: string; title: string; status: string; signers: Array<{ status: string }> }>;
    stats: Record<string, number>;
  };
};
const on = (app: FastifyInstance, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: bearer(owner.token),
    ...(payload ? { payload: payload as object } : {}),
  });

describe('a cached documents list is never stale', () => {
  it('shows documents generated, edited, sent, signed, voided and deleted on another instance at once', async () => {
    const body = payloads.contract();
    const first = await generateVia(t.app, owner, body);
    nextMillisecond();
    expect((await list()).documents.map((d) => d._id)).toEqual([first._id]);

    const second = await generateVia(other, owner, payloads.invoice());
    expect((await list()).documents.map((d) => d._id)).toEqual([second._id, first._id]);

    await on(other, 'PUT', `/api/documents/${first._id}`, { ...body, title: 'Renamed contract' });
    expect((await list()).documents.find((d) => d._id === first._id)?.title).toBe('Renamed contract');

    await on(other, 'POST', `/api/documents/${first._id}/send`, {});
    let now = await list();
    expect(now.stats).toMatchObject({ generated: 1, sent: 1 });
    expect(now.documents.find((d) => d._id === first._id)?.signers.map((s) => s.status)).toEqual([
      'sent',
      'sent',
    ]);

    // A party opening and signing their link (no account, through the other instance) shows at once.
    const token = await mailedSigningToken(t.app, body.parties.primary.email);
    await other.inject({ method: 'GET', url: `/api/sign/${token}` });
    expect((await list()).stats).toMatchObject({ viewed: 1, sent: 0 });
    await other.inject({
      method: 'POST',
      url: `/api/sign/${token}`,
      payload: { signature: { kind: 'typed', value: 'Maya' }, consent: true },
    });
    now = await list();
    expect(now.stats).toMatchObject({ signed: 1, viewed: 0 });
    expect(now.documents.find((d) => d._id === first._id)?.signers.map((s) => s.status)).toEqual([
      'signed',
      'sent',
    ]);

    await on(other, 'POST', `/api/documents/${first._id}/void`);
    expect((await list()).stats).toMatchObject({ voided: 1, signed: 0 });

    await on(other, 'DELETE', `/api/documents/${second._id}`);
    now = await list();
    expect(now.documents.map((d) => d._id)).toEqual([first._id]);
    expect(now.stats.total).toBe(1);
  });

  it('shows an invoice paid, and a document voided, at once: changes of the main row only', async () => {
    const invoice = await generateVia(t.app, owner, payloads.invoice());
    const contract = await generateVia(t.app, owner, payloads.contract());
    await on(t.app, 'POST', `/api/documents/${invoice._id}/send`, {});
    const statusIn = (l: Awaited<ReturnType<typeof list>>, id: string) =>
      l.documents.find((d) => d._id === id)?.status;
    // Read (and cached) on this instance before each change, made on the other.
    const before = await list();
    expect(statusIn(before, invoice._id)).toBe('sent');
    const paid = await on(other, 'POST', `/api/documents/${invoice._id}/mark-paid`, {
      paidAt: new Date().toISOString().slice(0, 10),
    });
    expect(paid.statusCode).toBe(200);
    const afterPaid = await list();
    expect(statusIn(afterPaid, invoice._id)).toBe('paid');
    expect(afterPaid.stats.paid).toBe(before.stats.paid! + 1);
    expect(afterPaid.stats.sent).toBe(before.stats.sent! - 1);

    expect(statusIn(afterPaid, contract._id)).toBe('generated');
    expect((await on(other, 'POST', `/api/documents/${contract._id}/void`)).statusCode).toBe(200);
    const afterVoid = await list();
    expect(statusIn(afterVoid, contract._id)).toBe('voided');
    expect(afterVoid.stats.voided).toBe(afterPaid.stats.voided! + 1);
  });
});
