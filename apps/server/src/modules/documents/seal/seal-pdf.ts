// The seal on a completed document: a digital signature over the whole file, added as an incremental update
// (the rendered bytes stay as they were, followed by the signature's objects). Any later change to the file
// makes PDF readers report the signature as broken.
//
// @signpdf/placeholder-plain edits the file as text, so it needs a classic cross-reference table and no
// object streams: pdfkit writes exactly that (PDF 1.3, one `xref` table, compressed page contents only), so
// the renderer's output is sealed as it is.
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';

export interface SealInfo {
  /** Why the document was signed, e.g. "Signed by all parties". */
  reason: string;
  /** Who sealed it, e.g. "Mixdesk". */
  name: string;
  location?: string;
  contactInfo?: string;
  /** When it was sealed; now by default. */
  signingTime?: Date;
}

/**
 * Room kept in the file for the signature, in bytes (twice that in hex digits). The signature carries the
 * bundle's certificates, so a bundle's size bounds it: a generated 2048-bit key signs in about 1.4 KB, and
 * a 4096-bit key with a chain of certificates from an authority still fits its bundle's size plus 4 KB.
 */
const signatureRoom = (p12: Buffer) => Math.max(8192, p12.length + 4096);

/**
 * The placeholder writes these as PDF strings after converting them to UTF-8 bytes, which garbles
 * anything past ASCII: accents are taken off and other characters become '?'.
 */
const ascii = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '?');

/** `pdf` with a signature by `key` over all of it. */
export async function sealPdf(
  pdf: Buffer,
  key: { p12: Buffer; password: string },
  info: SealInfo,
): Promise<Buffer> {
  const signingTime = info.signingTime ?? new Date();
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: ascii(info.reason),
    name: ascii(info.name),
    location: ascii(info.location ?? ''),
    contactInfo: ascii(info.contactInfo ?? ''),
    signingTime,
    signatureLength: signatureRoom(key.p12),
  });
  const signer = new P12Signer(key.p12, { passphrase: key.password });
  return new SignPdf().sign(withPlaceholder, signer, signingTime);
}
