// Completion that fails (here: a kept signing key that cannot be opened) loses no signature and tells the
// signer nothing alarming; the owner's next send finishes the document. Its own file: the key is loaded once
// per app, and this test needs an app where it has not been loaded yet.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import {
  downloadVia,
  generateVia,
  mailedSigningToken,
  payloads,
  pdfsig,
  request,
  sendVia,
  signVia,
  typed,
} from './documents-testing.ts';
import { GENERATED_P12 } from './seal/signing-key.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Unlucky Owner' });
});
afterAll(async () => {
  await t.close();
});

describe('when sealing fails', () => {
  it('the last signature is kept, the party is not shown an error, and the next send completes the document', async () => {
    const body = payloads.contract();
    const doc = await generateVia(t.app, owner, body);
    await sendVia(t.app, owner, doc._id);
    // A kept key that cannot be opened (a file in DATA_DIR, a row in PostgreSQL): the seal fails while it is.
    await t.app.ctx.secrets.readOrCreate(GENERATED_P12, async () => Buffer.from('not a pkcs12 file'));
    for (const p of [body.parties.primary, body.parties.secondary]) {
      const res = await signVia(t.app, await mailedSigningToken(t.app, p.email), typed(p.name));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe('signed');
    }
    expect(
      (await request(t.app, 'GET', `/api/documents/${doc._id}`, owner)).json().data.document.status,
    ).toBe('signed');
    expect(t.logs()).toContain('Completing a signed document failed');
    // Fixed (here: removed, so a key is generated); a failed load is not remembered.
    if (t.config.database.kind === 'postgres')
      await t.app.ctx.db.deleteFrom('instance_secrets').where('name', '=', GENERATED_P12).execute();
    else rmSync(path.join(t.config.dataDir, GENERATED_P12));
    const finished = await sendVia(t.app, owner, doc._id);
    expect(finished.status).toBe('completed');
    expect(pdfsig(await downloadVia(t.app, owner, doc._id))).toContain('Signature is Valid');
  });
});

describe('a signing key given in SIGNING_P12', () => {
  it('stops the start with a message naming the setting when it cannot be opened', async () => {
    const broken = await createTestApp({ signingP12: path.join(t.config.dataDir, 'missing.p12') });
    try {
      await expect(broken.app.ready()).rejects.toThrow(/SIGNING_P12/);
    } finally {
      await broken.close().catch(() => {});
    }
  });
});
