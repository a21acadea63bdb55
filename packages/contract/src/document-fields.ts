// Field builders and length limits shared by the document payload's schemas (documents.ts and
// document-details.ts): each names its field in its messages, as SPEC §5 does.
import { z } from 'zod';
import { EMAIL_MAX, multiLine, oneLine, text } from './auth.ts';

export const PARTY_NAME_MAX = 120;
export const ADDRESS_MAX = 300;
export const PHONE_MAX = 40;
export const SHORT_TEXT_MAX = 200;
export const CLAUSE_MAX = 4000;
export const NOTES_MAX = 2000;
export const LIST_ROWS_MAX = 50;
export const INVOICE_ITEMS_MAX = 100;
export const INVOICE_NUMBER_MAX = 40;
export const SPLIT_PEOPLE_MAX = 30;

export const requiredLine = (label: string, max: number, requiredMessage = `${label} is required`) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? requiredMessage : `${label} must be text`,
    })
    .overwrite(oneLine)
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`);

/** Optional text: blank or null is stored as ''. */
export const optionalLine = (label: string, max: number) =>
  z
    .union([text(label), z.null()])
    .transform((v) => (v === null ? '' : oneLine(v).trim()))
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .default('');

export const optionalClause = (label: string, max = CLAUSE_MAX) =>
  z
    .union([text(label), z.null()])
    .transform((v) => (v === null ? '' : multiLine(v).trim()))
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .default('');

export const requiredEmail = (label: string, requiredMessage = `${label} is required`) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? requiredMessage : `${label} must be text`,
    })
    .trim()
    .toLowerCase()
    // As EmailSchema (contract/auth): the address check is the string's own, so the document shows its format.
    .min(1, { error: requiredMessage, abort: true })
    .max(EMAIL_MAX, { error: `${label} must be at most ${EMAIL_MAX} characters`, abort: true })
    .check(z.email(`${label} must be a valid email address`));

export const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

export const number = (label: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? `${label} is required`
        : `${label} must be a finite number`,
  });

/** An amount in currency units with at most two decimals, from `min`, at most `max`. */
export const money = (label: string, max: number, minMessage = `${label} can't be negative`) =>
  number(label)
    .min(0, minMessage)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')}`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most two decimal places`);

/** A percentage from 0 to 100 with at most two decimals (hundredths of a percent). */
export const percent = (label: string) =>
  number(label)
    .min(0, `${label} must be between 0 and 100`)
    .max(100, `${label} must be between 0 and 100`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most two decimal places`);

/** Text rows of a list field: trimmed, blank rows dropped, bounded. */
export const rows = (label: string, what: string) =>
  z
    .array(
      z
        .string({ error: `Each ${what} must be text` })
        .overwrite(oneLine)
        .trim()
        .max(SHORT_TEXT_MAX, `Each ${what} must be at most ${SHORT_TEXT_MAX} characters`),
      { error: `${label} must be a list` },
    )
    .max(LIST_ROWS_MAX, `${label} can have at most ${LIST_ROWS_MAX} rows`)
    .transform((list) => list.filter((v) => v !== ''))
    .default([]);
