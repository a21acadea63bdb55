// The seal checked the way a reader checks it (poppler's pdfsig): a completed document sealed with the
// generated key is signed over its whole length and valid, any changed byte breaks it, and the key is
// generated once, kept, and shared by processes that start together.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSecretStore } from '../../../platform/security/secret-store.ts';
import { contractFixture } from '../pdf/fixtures.ts';
import { pdfReader, unwrapped } from '../pdf/pdf-testing.ts';
import { renderDocumentPdf } from '../pdf/render-document.ts';
import { completedExtras, TYPED_SIGNATURE, UNSIGNED_SHA256 } from '../pdf/signing-fixtures.ts';
import { sealPdf } from './seal-pdf.ts';
import { GENERATED_P12, GENERATED_PASSWORD, loadSigningKey, type SigningKey } from './signing-key.ts';

const reader = pdfReader();
const root = mkdtempSync(path.join(tmpdir(), 'mixdesk-seal-'));
afterAll(() => {
  reader.cleanup();
  rmSync(root, { recursive: true, force: true });
});

let dirs = 0;
const newDir = () => {
  const dir = path.join(root, `data-${++dirs}`);
  mkdirSync(dir);
  return dir;
};

const doc = contractFixture();
const extras = completedExtras(doc);
const SEAL = { reason: 'Signed by all parties', name: 'Mixdesk', location: 'Mixdesk', contactInfo: '' };

let key: SigningKey;
let keyDir: string;
let sealed: Buffer;

beforeAll(async () => {
  keyDir = newDir();
  key = await loadSigningKey({ secrets: fileSecretStore(keyDir) });
  sealed = await sealPdf(await renderDocumentPdf(doc, extras), key, SEAL);
});

describe('sealPdf', () => {
  it('signs the whole document, and pdfsig finds the signature valid', () => {
    const report = reader.signatures(reader.save(sealed));
    console.log(`pdfsig, sealed document:\n${report}`);
    expect(report).toContain('Signer Certificate Common Name: Mixdesk Document Signing');
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
  });

  it('any changed byte inside the signed range breaks the seal', () => {
    const title = sealed.indexOf('Production of the Midnight Tides EP');
    const inStream = sealed.indexOf('stream\n', Math.floor(sealed.length / 3)) + 100;
    for (const at of [title, inStream]) {
      const tampered = Buffer.from(sealed);
      tampered[at] = tampered[at]! ^ 0x01;
      const report = reader.signatures(reader.save(tampered));
      if (at === title) console.log(`pdfsig, one byte of the title changed:\n${report}`);
      expect(report).not.toContain('Signature is Valid');
    }
  });

  it('keeps the text readable: certificate, SHA-256, every IP and user agent, the typed signature', () => {
    const { text, raw } = reader.read(sealed);
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain(UNSIGNED_SHA256);
    expect(text).toContain(TYPED_SIGNATURE);
    const flat = unwrapped(raw);
    for (const event of extras.certificate!.events) {
      if (event.ip) expect(flat).toContain(unwrapped(event.ip));
      if (event.userAgent) expect(flat).toContain(unwrapped(event.userAgent));
    }
  });

  it('leaves the rendered bytes untouched at the start of the file (an incremental update)', async () => {
    const rendered = await renderDocumentPdf(doc, extras);
    const body = rendered.subarray(0, rendered.lastIndexOf('%%EOF') + 5);
    expect(sealed.subarray(0, body.length).equals(body)).toBe(true);
  });
});

describe('loadSigningKey', () => {
  it('generates the key once, in two files only the owner can read', async () => {
    for (const file of [GENERATED_P12, GENERATED_PASSWORD])
      expect(statSync(path.join(keyDir, file)).mode & 0o777).toBe(0o600);
    expect(key.subject).toBe('CN=Mixdesk Document Signing, O=Mixdesk');
    const again = await loadSigningKey({ secrets: fileSecretStore(keyDir) });
    expect(again.p12.equals(key.p12)).toBe(true);
  });

  it('reads a key already on disk rather than making a new one', async () => {
    const copy = newDir();
    for (const file of [GENERATED_P12, GENERATED_PASSWORD])
      copyFileSync(path.join(keyDir, file), path.join(copy, file));
    const loaded = await loadSigningKey({ secrets: fileSecretStore(copy) });
    expect(loaded.p12.equals(key.p12)).toBe(true);
    expect(loaded.password).toBe(key.password);
  });

  it('two loads racing on one empty directory end with one key both use', async () => {
    // The link makes the same directory a second cache entry, as a second process would see it.
    const dir = newDir();
    const alias = path.join(root, `alias-${dirs}`);
    symlinkSync(dir, alias);
    const [first, second] = await Promise.all([
      loadSigningKey({ secrets: fileSecretStore(dir) }),
      loadSigningKey({ secrets: fileSecretStore(alias) }),
    ]);
    expect(first.p12.equals(second.p12)).toBe(true);
    expect(first.password).toBe(second.password);
    const sealedWithEither = await sealPdf(await renderDocumentPdf(doc), second, SEAL);
    expect(reader.signatures(reader.save(sealedWithEither))).toContain('Signature is Valid');
  });

  it('uses a configured PKCS#12 file with its password', async () => {
    const file = path.join(newDir(), 'mine.p12');
    writeFileSync(file, key.p12);
    const loaded = await loadSigningKey({
      secrets: fileSecretStore(root),
      p12Path: file,
      p12Password: key.password,
    });
    expect(loaded.subject).toBe(key.subject);
  });

  it('names SIGNING_P12 when the configured file is missing, not PKCS#12, or its password is wrong', async () => {
    const dir = newDir();
    const garbage = path.join(dir, 'garbage.p12');
    writeFileSync(garbage, 'not a certificate');
    const good = path.join(dir, 'good.p12');
    writeFileSync(good, key.p12);
    await expect(
      loadSigningKey({ secrets: fileSecretStore(dir), p12Path: path.join(dir, 'missing.p12') }),
    ).rejects.toThrow(/SIGNING_P12 .*missing\.p12/);
    await expect(loadSigningKey({ secrets: fileSecretStore(dir), p12Path: garbage })).rejects.toThrow(
      /SIGNING_P12/,
    );
    await expect(
      loadSigningKey({ secrets: fileSecretStore(dir), p12Path: good, p12Password: 'wrong' }),
    ).rejects.toThrow(/SIGNING_P12.*password/i);
  });
});
