// What a document keeps, at its edges: the figures and signers stored from a generate, a stored PDF that
// cannot be removed (logged, never the user's error), and a sealing key that fails when the final PDF is
// made (the owner is told which step failed).
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import {
  currentPdfKey,
  generateVia,
  mailedSigningToken,
  payloads,
  request,
  sendVia,
  signVia,
  typed,
} from './documents-testing.ts';
import { GENERATED_P12 } from './seal/signing-key.ts';

const RETRY = 'Resend to try again; if it keeps failing, void the document.';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Keeping Owner' });
});
afterAll(async () => {
  await t.close();
});

const rowOf = (app: TestApp, id: string) =>
  app.app.ctx.db
    .selectFrom('documents')
    .select(['status', 'amount_cents', 'invoice_number', 'due_date', 'completion_error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('what a generate stores', () => {
  it('the amount: an invoice its total, a contract its budget, the others none', async () => {
    const invoice = await generateVia(t.app, owner, payloads.invoice());
    const total = invoice.invoiceDetails!.total;
    expect(await rowOf(t, invoice._id)).toMatchObject({
      amount_cents: Math.round(total * 100),
      invoice_number: invoice.invoiceDetails!.invoiceNumber,
      due_date: '2030-01-31',
    });
    const contract = await generateVia(t.app, owner, payloads.contract());
    expect(await rowOf(t, contract._id)).toMatchObject({
      amount_cents: 1_250_050,
      invoice_number: null,
      due_date: null,
    });
    for (const body of [payloads.agreement(), payloads.splitSheet()]) {
      const doc = await generateVia(t.app, owner, body);
      expect(await rowOf(t, doc._id)).toMatchObject({
        amount_cents: null,
        invoice_number: null,
        due_date: null,
      });
    }
  });

  it('a split sheet: someone listed as writer and publisher signs once, as a writer', async () => {
    const body = payloads.splitSheet();
    const d = body.splitSheetDetails;
    d.publishers[0]!.email = d.writers[0]!.email;
    const doc = await generateVia(t.app, owner, body);
    expect(doc.signers.map((s) => ({ role: s.role, name: s.name, email: s.email }))).toEqual(
      d.writers.map((w) => ({ role: 'writer', name: w.name, email: w.email })),
    );
    const rows = await t.app.ctx.db
      .selectFrom('document_signers')
      .select('email')
      .where('document_id', '=', doc._id)
      .execute();
    expect(rows).toHaveLength(3);
  });
});

describe('a stored PDF that cannot be removed', () => {
  it('the delete still answers and removes the row; the leftover is logged with its key', async () => {
    const doc = await generateVia(t.app, owner, payloads.agreement());
    const key = await currentPdfKey(t.app, doc._id);
    // A folder where the PDF was: the storage cannot remove it as an object.
    const file = path.join(t.config.dataDir, 'files', ...key.split('/'));
    rmSync(file);
    mkdirSync(file);
    const res = await request(t.app, 'DELETE', `/api/documents/${doc._id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Document deleted' });
    expect(
      await t.app.ctx.db.selectFrom('documents').select('id').where('id', '=', doc._id).execute(),
    ).toEqual([]);
    const logged = t
      .logs()
      .split('\n')
      .filter((l) => l.includes('Removing a document PDF failed'))
      .map((l) => JSON.parse(l));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 50,
      service: 'documents',
      key,
      msg: 'Removing a document PDF failed',
      err: { message: expect.stringContaining('directory') },
    });
  });
});

/** A contract every party signed, whose completion failed; the owner's resend tries again. */
async function resendAfterSigning(app: TestApp) {
  const who = await registerUser(app.app, { name: 'Sealing Owner' });
  const body = payloads.contract();
  const doc = await generateVia(app.app, who, body);
  await sendVia(app.app, who, doc._id);
  for (const p of [body.parties.primary, body.parties.secondary]) {
    const res = await signVia(app.app, await mailedSigningToken(app.app, p.email), typed(p.name));
    expect(res.json().data.status).toBe('signed');
  }
  const res = await request(app.app, 'POST', `/api/documents/${doc._id}/send`, who, {});
  return { id: doc._id, res };
}

describe('a sealing key that fails', () => {
  it('a kept key that cannot be opened: the owner is told the key could not be loaded', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.app.ctx.secrets.readOrCreate(GENERATED_P12, async () => Buffer.from('not a pkcs12 file'));
      const { id, res } = await resendAfterSigning(fresh);
      const reason = `Everyone has signed, but the final copy could not be made: loading the signing key failed. ${RETRY}`;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: reason });
      expect(await rowOf(fresh, id)).toMatchObject({ status: 'signed', completion_error: reason });
    } finally {
      await fresh.close();
    }
  });

  it('a bundle that opens but cannot sign (a certificate in it is unreadable): sealing is named', async () => {
    const p12File = path.join(t.config.dataDir, 'unsignable.p12');
    writeFileSync(p12File, unsignableBundle('bundle-password'));
    const fresh = await createTestApp({ signingP12: p12File, signingP12Password: 'bundle-password' });
    try {
      const { id, res } = await resendAfterSigning(fresh);
      const reason = `Everyone has signed, but the final copy could not be made: sealing the final PDF failed. ${RETRY}`;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: reason });
      expect(await rowOf(fresh, id)).toMatchObject({ status: 'signed', completion_error: reason });
    } finally {
      await fresh.close();
    }
  });
});

/**
 * A PKCS#12 bundle with an RSA key, its certificate, and a second certificate signed with an algorithm forge
 * cannot read (as an authority's ECDSA-signed one would be): the key loads, and signing with it fails.
 */
function unsignableBundle(password: string): Buffer {
  const { privateKey: pem } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(pem);
  const certificate = (serial: string) => {
    const c = forge.pki.createCertificate();
    c.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
    c.serialNumber = serial;
    c.validity.notBefore = new Date();
    c.validity.notAfter = new Date(Date.now() + 86_400_000);
    const subject = [{ shortName: 'CN', value: `Test ${serial}` }];
    c.setSubject(subject);
    c.setIssuer(subject);
    return c;
  };
  const own = certificate('01');
  own.sign(key, forge.md.sha256.create());
  const unreadable = certificate('02');
  // ecdsa-with-SHA256, which forge cannot compute a digest for.
  const ecdsa = '1.2.840.10045.4.3.2';
  unreadable.signatureOid = ecdsa;
  unreadable.siginfo.algorithmOid = ecdsa;
  unreadable.signature = 'not a real signature';
  const bundle = forge.pkcs12.toPkcs12Asn1(key, [own, unreadable], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(bundle).getBytes(), 'binary');
}
