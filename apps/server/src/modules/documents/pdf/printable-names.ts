// Names the PDF could not print are refused, not printed as '?': a split sheet or contract that cannot say
// who a party is would be worth nothing. The fonts cover Latin, Greek, Cyrillic, Chinese, Japanese, Korean,
// Arabic and Hebrew (fonts.ts); a name with anything else (emoji, Thai, Devanagari...) gets a clear 400 at
// its field, and nothing is stored. Other text keeps the '?' in place of what cannot be printed.
import type { GenerateDocument } from '@mixdesk/contract/documents';
import type { FieldError } from '@mixdesk/contract/envelope';
import { AppError } from '../../../platform/errors.ts';
import { unprintable } from './fonts.ts';

export const SCRIPTS_PRINTED = 'Latin, Greek, Cyrillic, Chinese, Japanese, Korean, Arabic or Hebrew';

/** What is said of a name with characters no font has: the first three of them, quoted. */
export function unprintableMessage(label: string, chars: readonly string[]): string {
  const shown = chars
    .slice(0, 3)
    .map((char) => `"${char}"`)
    .join(', ');
  const more = chars.length > 3 ? ', …' : '';
  const what = chars.length === 1 ? 'a character' : 'characters';
  return `${label} has ${what} documents can't print (${shown}${more}); write it in ${SCRIPTS_PRINTED} script`;
}

function namesOf(input: GenerateDocument): Array<[path: string, label: string, name: string]> {
  const names: Array<[string, string, string]> = [];
  if (input.parties) {
    names.push(['parties.primary.name', 'Primary party name', input.parties.primary.name]);
    names.push(['parties.secondary.name', 'Secondary party name', input.parties.secondary.name]);
  }
  const split = input.splitSheetDetails;
  for (const [i, p] of (split?.writers ?? []).entries())
    names.push([`splitSheetDetails.writers.${i}.name`, 'Writer name', p.name]);
  for (const [i, p] of (split?.publishers ?? []).entries())
    names.push([`splitSheetDetails.publishers.${i}.name`, 'Publisher name', p.name]);
  return names;
}

/** Throws a 400 naming every name (party, writer, publisher) the documents' fonts cannot print. */
export function assertPrintableNames(input: GenerateDocument): void {
  const details: FieldError[] = [];
  for (const [path, label, name] of namesOf(input)) {
    const missing = unprintable(name);
    if (missing.length > 0) details.push({ path, message: unprintableMessage(label, missing) });
  }
  if (details.length > 0) throw new AppError('VALIDATION_ERROR', details[0]!.message, details);
}
