// The key that seals completed documents: the PKCS#12 file named by SIGNING_P12, or else one generated on
// first use and kept with the app's other generated secrets, in DATA_DIR or the shared database (a
// self-signed certificate: readers show the seal as intact but its signer as not trusted, until an operator
// configures a certificate from a trusted authority).
import { generateKeyPair, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import {
  GENERATED_P12,
  GENERATED_PASSWORD,
  type SecretStore,
} from '../../../platform/security/secret-store.ts';

export interface SigningKey {
  /** The PKCS#12 bundle: a private key and its certificate. */
  p12: Buffer;
  password: string;
  /** The certificate's subject, e.g. "CN=Mixdesk Document Signing, O=Mixdesk". */
  subject: string;
}

export interface SigningKeyOptions {
  /** Where the generated key is kept (the app's `ctx.secrets`). */
  secrets: SecretStore;
  /** SIGNING_P12: a PKCS#12 file to use instead of the generated one. */
  p12Path?: string;
  /** SIGNING_P12_PASSWORD; '' when not given. */
  p12Password?: string;
}

export { GENERATED_P12, GENERATED_PASSWORD };

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

async function generatedKey(secrets: SecretStore): Promise<SigningKey> {
  // The password is made first and the bundle is always encrypted with the kept password, so the two match
  // even when two processes make them at the same moment.
  const password = (
    await secrets.readOrCreate(GENERATED_PASSWORD, async () =>
      Buffer.from(randomBytes(32).toString('base64url')),
    )
  )
    .toString('utf8')
    .trim();
  const p12 = await secrets.readOrCreate(GENERATED_P12, () => generateP12(password));
  try {
    return { p12, password, subject: certificateSubject(p12, password) };
  } catch (error) {
    throw new Error(
      `The document signing key ${GENERATED_P12} in ${secrets.place} does not open with the password ` +
        `${GENERATED_PASSWORD} kept beside it (${(error as Error).message}). Remove both to generate a ` +
        'new key, or set SIGNING_P12.',
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
const configuredLoads = new Map<string, Promise<SigningKey>>();
const generatedLoads = new WeakMap<SecretStore, Promise<SigningKey>>();

/**
 * The sealing key: the PKCS#12 file at `p12Path` when given (its password `p12Password`, default ''),
 * otherwise `document-signing.p12` with its password `document-signing.key` from the secret store (files of
 * mode 600 in DATA_DIR, or rows of the shared database), both generated on first use. A failed load is not
 * remembered, so it can be retried.
 */
export function loadSigningKey(options: SigningKeyOptions): Promise<SigningKey> {
  const { p12Path, secrets } = options;
  if (p12Path) {
    const source = `${path.resolve(p12Path)}:${options.p12Password ?? ''}`;
    let load = configuredLoads.get(source);
    if (!load) {
      load = configuredKey(p12Path, options.p12Password ?? '');
      configuredLoads.set(source, load);
      load.catch(() => configuredLoads.delete(source));
    }
    return load;
  }
  let load = generatedLoads.get(secrets);
  if (!load) {
    load = generatedKey(secrets);
    generatedLoads.set(secrets, load);
    load.catch(() => generatedLoads.delete(secrets));
  }
  return load;
}
