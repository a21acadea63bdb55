import type { DocumentView } from '@mixdesk/contract/document-responses';
import type { DocumentStatus } from '@mixdesk/contract/documents';
import { describe, expect, it } from 'vitest';
import { canDelete, canEdit, canMarkPaid, canResend, canSend, canSign, canVoid } from './document-rules';

type Doc = Pick<DocumentView, 'status' | 'documentType' | 'signatures' | 'signers'>;

const signer = (status: DocumentView['signers'][number]['status']): DocumentView['signers'][number] => ({
  _id: status,
  role: 'primary',
  name: 'Nia Cole',
  email: 'nia@example.com',
  status,
  viewedAt: null,
  signedAt: status === 'signed' ? '2026-11-24T10:00:00.000Z' : null,
  rejectedAt: null,
});

const doc = (status: DocumentStatus, over: Partial<Doc> = {}): Doc => ({
  status,
  documentType: 'contract',
  signatures: [],
  signers: [signer('sent'), signer('sent')],
  ...over,
});
const halfSigned = (status: DocumentStatus) => doc(status, { signers: [signer('signed'), signer('viewed')] });

describe('what a document offers in its state', () => {
  it('offers Sign only while sent and nobody has signed (SPEC §2)', () => {
    expect(canSign(doc('sent'))).toBe(true);
    expect(canSign(doc('viewed'))).toBe(false);
    expect(canSign(doc('generated'))).toBe(false);
    expect(canSign(halfSigned('sent'))).toBe(false);
    expect(canSign(doc('sent', { signatures: [{ partyEmail: 'a@b.c', name: 'A', signedAt: 'x' }] }))).toBe(
      false,
    );
  });

  it('sends a generated document and resends one that is out but not complete', () => {
    expect(canSend(doc('generated'))).toBe(true);
    expect(canSend(doc('sent'))).toBe(false);
    for (const status of ['sent', 'viewed', 'signed'] as const) expect(canResend(doc(status))).toBe(true);
    for (const status of ['generated', 'rejected', 'voided', 'completed', 'paid'] as const)
      expect(canResend(doc(status))).toBe(false);
  });

  it('edits while nobody has signed, a declined document included, and never once someone signed', () => {
    for (const status of ['generated', 'sent', 'viewed', 'rejected'] as const)
      expect(canEdit(doc(status))).toBe(true);
    expect(canEdit(halfSigned('signed'))).toBe(false);
    expect(canEdit(doc('voided'))).toBe(false);
    expect(canDelete(doc('sent'))).toBe(true);
    expect(canDelete(halfSigned('signed'))).toBe(false);
  });

  it('voids anything not completed, paid or void already', () => {
    for (const status of ['generated', 'sent', 'viewed', 'signed', 'rejected'] as const)
      expect(canVoid(doc(status))).toBe(true);
    for (const status of ['completed', 'paid', 'voided'] as const) expect(canVoid(doc(status))).toBe(false);
  });

  it('marks only an invoice that went out as paid', () => {
    const invoice = (status: DocumentStatus) => doc(status, { documentType: 'invoice' });
    for (const status of ['sent', 'viewed', 'signed', 'completed'] as const)
      expect(canMarkPaid(invoice(status))).toBe(true);
    for (const status of ['generated', 'paid', 'voided', 'rejected'] as const)
      expect(canMarkPaid(invoice(status))).toBe(false);
    expect(canMarkPaid(doc('sent'))).toBe(false);
  });
});
