// The industry's identifiers that credits, splits and releases carry (issue #37), each checked as its registry
// defines it, with a message that says what is wrong (length, letters, check digit), not just "invalid":
// - ISWC (a musical work): `T-123.456.789-C`, a check digit over the nine digits (weights 1..9, plus 1);
// - ISRC (a recording): 12 characters `CCXXXYYNNNNN` (country, registrant, year, designation); hyphens accepted
//   and dropped; it has no check digit;
// - UPC-A / EAN-13 (a release): 12 or 13 digits, the GS1 check digit (weights 3 and 1 from the right);
// - IPI name number (a writer or publisher): 9 to 11 digits (shorter CAE numbers take leading zeros to 11),
//   the last two a modulus-101 check over the first nine (weights 10..2).
// Each `check*` returns the stored form or a message; the zod schemas below wrap them ('' and null clear).
import { z } from 'zod';
import { text } from './auth.ts';

export type CodeCheck = { ok: true; value: string } | { ok: false; message: string };

const ok = (value: string): CodeCheck => ({ ok: true, value });
const bad = (message: string): CodeCheck => ({ ok: false, message });

/** Spaces, hyphens and dots people type between groups; none of them is part of any code. */
const separators = (value: string) => value.replace(/[\s.\-‐-―]/g, '');

export const ISWC_EXAMPLE = 'T-034.524.680-1';

/** The ISWC's check digit for its nine digits. */
export function iswcCheckDigit(nineDigits: string): number {
  let total = 1;
  for (let i = 0; i < 9; i++) total += (i + 1) * Number(nineDigits[i]);
  return (10 - (total % 10)) % 10;
}

/** An ISWC in its printed form `T-DDD.DDD.DDD-C`, typed with or without the dots and hyphens. */
export function checkIswc(input: string): CodeCheck {
  const compact = separators(input).toUpperCase();
  if (!compact.startsWith('T')) return bad(`ISWC must start with T, e.g. ${ISWC_EXAMPLE}`);
  const digits = compact.slice(1);
  if (!/^\d*$/.test(digits)) return bad(`ISWC must be T followed by 10 digits, e.g. ${ISWC_EXAMPLE}`);
  if (digits.length !== 10)
    return bad(`ISWC must have 10 digits after the T (this has ${digits.length}), e.g. ${ISWC_EXAMPLE}`);
  const expected = iswcCheckDigit(digits);
  if (Number(digits[9]) !== expected)
    return bad(`ISWC check digit is wrong: the last digit should be ${expected} for these nine digits`);
  return ok(`T-${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits[9]}`);
}

export const ISRC_EXAMPLE = 'USRC17607839';

/** An ISRC, stored in its 12 characters without hyphens (upper case). */
export function checkIsrc(input: string): CodeCheck {
  const compact = input.trim().replace(/-/g, '').toUpperCase();
  if (compact.length !== 12)
    return bad(
      `ISRC must be 12 characters CCXXXYYNNNNN (this has ${compact.length}), e.g. ${ISRC_EXAMPLE} or US-RC1-76-07839`,
    );
  if (!/^[A-Z]{2}/.test(compact)) return bad('ISRC must start with a two-letter country code, e.g. US or GB');
  if (!/^[A-Z]{2}[A-Z0-9]{3}/.test(compact))
    return bad('ISRC characters 3 to 5 (the registrant code) must be letters or digits');
  if (!/^[A-Z]{2}[A-Z0-9]{3}\d{2}/.test(compact))
    return bad('ISRC characters 6 and 7 (the year) must be digits');
  if (!/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(compact))
    return bad('ISRC characters 8 to 12 (the designation code) must be digits');
  return ok(compact);
}

/** ISRC as people read it: `US-RC1-76-07839`. */
export const formatIsrc = (isrc: string) =>
  isrc.length === 12 ? `${isrc.slice(0, 2)}-${isrc.slice(2, 5)}-${isrc.slice(5, 7)}-${isrc.slice(7)}` : isrc;

/** The GS1 check digit of a GTIN's digits before it (weights 3, 1, 3, … from the right). */
export function gtinCheckDigit(body: string): number {
  let total = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - 1 - i;
    total += Number(body[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (total % 10)) % 10;
}

/** A release's barcode: UPC-A (12 digits) or EAN-13 (13), stored as its digits. */
export function checkUpc(input: string): CodeCheck {
  const digits = input.trim().replace(/[\s-]/g, '');
  if (!/^\d*$/.test(digits)) return bad('UPC/EAN must be digits only');
  if (digits.length !== 12 && digits.length !== 13)
    return bad(`UPC/EAN must be 12 digits (UPC) or 13 digits (EAN) (this has ${digits.length})`);
  const expected = gtinCheckDigit(digits.slice(0, -1));
  if (Number(digits.at(-1)) !== expected)
    return bad(`UPC/EAN check digit is wrong: the last digit should be ${expected}`);
  return ok(digits);
}

/** The two check digits of an IPI name number's first nine digits. */
export function ipiCheckDigits(nineDigits: string): string {
  let total = 0;
  for (let i = 0; i < 9; i++) total += Number(nineDigits[i]) * (10 - i);
  total %= 101;
  const check = total === 0 ? 0 : (101 - total) % 100;
  return String(check).padStart(2, '0');
}

export const IPI_EXAMPLE = '00014107338';

/** An IPI name number, stored as 11 digits (a 9- or 10-digit CAE number takes its leading zeros). */
export function checkIpi(input: string): CodeCheck {
  const digits = separators(input);
  if (!/^\d*$/.test(digits)) return bad(`IPI must be digits only, e.g. ${IPI_EXAMPLE}`);
  if (digits.length < 9 || digits.length > 11)
    return bad(`IPI must be 9 to 11 digits (this has ${digits.length}), e.g. ${IPI_EXAMPLE}`);
  const full = digits.padStart(11, '0');
  const expected = ipiCheckDigits(full.slice(0, 9));
  if (full.slice(9) !== expected)
    return bad(`IPI check digits are wrong: the last two digits should be ${expected}`);
  return ok(full);
}

/** A zod field for a code: '' or null clears it (null), anything else must pass `check`. */
function codeField(label: string, check: (value: string) => CodeCheck) {
  return text(label)
    .max(40, `${label} is too long`)
    .nullable()
    .transform((value, ctx) => {
      if (value === null || value.trim() === '') return null;
      const result = check(value);
      if (result.ok) return result.value;
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    });
}

export const IswcSchema = codeField('ISWC', checkIswc);
export const CatalogIsrcSchema = codeField('ISRC', checkIsrc);
export const UpcSchema = codeField('UPC/EAN', checkUpc);
export const IpiSchema = codeField('IPI', checkIpi);
