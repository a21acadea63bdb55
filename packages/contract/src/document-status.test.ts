import { describe, expect, it } from 'vitest';
import {
  canDeleteStatus,
  canEditStatus,
  canMarkPaidStatus,
  canSendStatus,
  canVoidStatus,
  isOutForSigning,
  isOwedStatus,
} from './document-status.ts';
import { DOCUMENT_STATUSES } from './documents.ts';

// Every action in every status, written out by hand from SPEC §2 Documents and decision 010:
// [send, resend/sign/decline, edit (nobody signed), delete (nobody signed), void, owed (invoice: mark paid)]
const TABLE: Record<string, [boolean, boolean, boolean, boolean, boolean, boolean]> = {
  generated: [true, false, true, true, true, false],
  sent: [false, true, true, true, true, true],
  viewed: [false, true, true, true, true, true],
  signed: [false, true, false, true, true, true],
  completed: [false, false, false, false, false, true],
  rejected: [false, false, true, true, true, false],
  voided: [false, false, false, true, false, false],
  paid: [false, false, false, false, false, false],
};

describe('what a document allows in each status', () => {
  it('the table names every status', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...DOCUMENT_STATUSES].sort());
  });

  for (const [status, [send, signing, edit, del, voidable, owed]] of Object.entries(TABLE)) {
    it(`${status}`, () => {
      expect(canSendStatus(status)).toBe(send);
      expect(isOutForSigning(status)).toBe(signing);
      expect(canEditStatus(status, false)).toBe(edit);
      expect(canDeleteStatus(status, false)).toBe(del);
      expect(canVoidStatus(status)).toBe(voidable);
      expect(isOwedStatus(status)).toBe(owed);
      expect(canMarkPaidStatus(status, 'invoice')).toBe(owed);
      // Once anyone has signed, the content and the record stay; other kinds are never paid.
      expect(canEditStatus(status, true)).toBe(false);
      expect(canDeleteStatus(status, true)).toBe(false);
      for (const kind of ['contract', 'agreement', 'split_sheet'])
        expect(canMarkPaidStatus(status, kind)).toBe(false);
    });
  }

  it('an unknown status is never sendable, out for signing, editable or owed', () => {
    expect([
      canSendStatus('lost'),
      isOutForSigning('lost'),
      canEditStatus('lost', false),
      isOwedStatus('lost'),
    ]).toEqual([false, false, false, false]);
  });
});
