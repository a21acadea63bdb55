// The key that seals completed documents: the PKCS#12 file named by SIGNING_P12, or else one generated on
// first use and kept in DATA_DIR (a self-signed certificate: readers show the seal as intact but its signer
// as not trusted, until an operator configures a certificate from a trusted authority).
import { generateKeyPair, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';

export interface SigningKey {
  /** The PKCS#12 bundle: a private key and its certificate. */
  p12: Buffer;
  password: string;
  /** The certificate's subject, e.g. "CN=Mixdesk Document Signing, O=Mixdesk". */
  subject: string;
}

export interface SigningKeyOptions {
  dataDir: string;
  /** SIGNING_P12: a PKCS#12 file to use instead of the generated one. */
  p12Path?: string;
  /** SIGNING_P12_PASSWORD; '' when not given. */
  p12Password?: string;
}

export const GENERATED_P12 = 'document-signing.p12';
export const GENERATED_PASSWORD = 'document-signing.key';

const SUBJECT = [
  { shortName: 'CN', value: 'Mixdesk Document Signing' },
  { shortName: 'O', value: 'Mixdesk' },
];
const VALID_YEARS = 10;

/**
 * Opens the bundle the way @signpdf/signer-p12 will (a shrouded key and the certificate that matches it)
 * and returns that certificate's subject; throws if either is missing or the password is wrong.
 */
function certificateSubject(p12: Buffer, password: string): string {
  const bundle = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, password);
  const bags = (type: string | undefined): forge.pkcs12.Bag[] =>
    (type && bundle.getBags({ bagType: type })[type]) || [];
  const key = bags(forge.pki.oids.pkcs8ShroudedKeyBag)[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('it holds no private key');
  const certificate = bags(forge.pki.oids.certBag)
    .map((bag) => bag.cert)
    .find((cert) => {
      const publicKey = cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return publicKey?.n?.equals(key.n) && publicKey.e.equals(key.e);
    });
  if (!certificate) throw new Error('it holds no certificate for its private key');
  return certificate.subject.attributes.map((a) => `${a.shortName ?? a.name}=${a.value}`).join(', ');
}

async function generateP12(password: string): Promise<Buffer> {
  // Node's own generator runs off the main thread; forge then builds the certificate and the bundle.
  const { privateKey: pem } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const privateKey = forge.pki.privateKeyFromPem(pem);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);
  // A random serial, kept positive by its leading 01 byte.
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = new Date();
  certificate.validity.notBefore = now;
  certificate.validity.notAfter = new Date(now);
  certificate.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + VALID_YEARS);
  certificate.setSubject(SUBJECT);
  certificate.setIssuer(SUBJECT);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(privateKey, forge.md.sha256.create());
  const bundle = forge.pkcs12.toPkcs12Asn1(privateKey, [certificate], password, {
    algorithm: 'aes256',
    friendlyName: 'Mixdesk Document Signing',
  });
  return Buffer.from(forge.asn1.toDer(bundle).getBytes(), 'binary');
}

const isCode = (error: unknown, ...codes: string[]) =>
  codes.includes((error as NodeJS.ErrnoException | null)?.code ?? '');

/**
 * The file's bytes; when it does not exist, creates it with `make()`. The bytes go to a temporary file
 * first and are then linked in place, which fails if the name exists: of two processes starting at once
 * the first one's file wins, the other reads it, and neither can see a half-written file.
 */
async function readOrCreate(file: string, make: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    if (!isCode(error, 'ENOENT')) throw error;
  }
  const bytes = await make();
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, bytes, { mode: 0o600 });
  try {
    await link(temp, file);
    return bytes;
  } catch (error) {
    if (isCode(error, 'EEXIST')) return readFile(file);
    // A file system without hard links: an atomic rename, where the last of two racing writers wins.
    if (!isCode(error, 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS')) throw error;
    await rename(temp, file);
    return bytes;
  } finally {
    await unlink(temp).catch(() => {});
  }
}

async function generatedKey(dataDir: string): Promise<SigningKey> {
  // The password is created first and the bundle is always encrypted with the password on disk, so the
  // two files match even when two processes create them at the same moment.
  await mkdir(dataDir, { recursive: true });
  const passwordFile = path.join(dataDir, GENERATED_PASSWORD);
  const password = (
    await readOrCreate(passwordFile, async () => Buffer.from(randomBytes(32).toString('base64url')))
  )
    .toString('utf8')
    .trim();
  const p12File = path.join(dataDir, GENERATED_P12);
  const p12 = await readOrCreate(p12File, () => generateP12(password));
  try {
    return { p12, password, subject: certificateSubject(p12, password) };
  } catch (error) {
    throw new Error(
      `The document signing key in ${p12File} does not open with the password in ${passwordFile} ` +
        `(${(error as Error).message}). Remove both files to generate a new key, or set SIGNING_P12.`,
    );
  }
}

async function configuredKey(p12Path: string, password: string): Promise<SigningKey> {
  try {
    const p12 = await readFile(p12Path);
    return { p12, password, subject: certificateSubject(p12, password) };
  } catch (error) {
    throw new Error(
      `SIGNING_P12 (${p12Path}) cannot be used to sign documents: ${(error as Error).message}. ` +
        'Check that it is a PKCS#12 file with a private key and its certificate, and SIGNING_P12_PASSWORD.',
    );
  }
}

/** One load per key source and process: generating a key takes about a second. */
const loads = new Map<string, Promise<SigningKey>>();

/**
 * The sealing key: the PKCS#12 file at `p12Path` when given (its password `p12Password`, default ''),
 * otherwise `<dataDir>/document-signing.p12` with its password in `<dataDir>/document-signing.key`,
 * both generated on first use (mode 600). A failed load is not remembered, so it can be retried.
 */
export function loadSigningKey(options: SigningKeyOptions): Promise<SigningKey> {
  const source = options.p12Path
    ? `p12:${path.resolve(options.p12Path)}:${options.p12Password ?? ''}`
    : `dir:${path.resolve(options.dataDir)}`;
  let load = loads.get(source);
  if (!load) {
    load = options.p12Path
      ? configuredKey(options.p12Path, options.p12Password ?? '')
      : generatedKey(options.dataDir);
    loads.set(source, load);
    load.catch(() => loads.delete(source));
  }
  return load;
}
