// Labels, badge tones and formats for documents, shared by the list, the form and the details view.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { type DocumentStatus, type DocumentType, formatMoney } from '@mixdesk/contract/documents';
import type { BadgeTone } from '../../ui/badge';

export const TYPE_LABELS: Record<DocumentType, string> = {
  contract: 'Contract',
  invoice: 'Invoice',
  agreement: 'Agreement',
  split_sheet: 'Split Sheet',
};

export const STATUS_LABELS: Record<DocumentStatus, string> = {
  generated: 'Generated',
  sent: 'Sent',
  viewed: 'Viewed',
  signed: 'Signed',
  completed: 'Completed',
  rejected: 'Rejected',
  voided: 'Voided',
  paid: 'Paid',
};

export const STATUS_TONE: Record<DocumentStatus, BadgeTone> = {
  generated: 'neutral',
  sent: 'info',
  viewed: 'info',
  signed: 'accent',
  completed: 'success',
  rejected: 'danger',
  voided: 'neutral',
  paid: 'success',
};

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDay = (iso: string) => day.format(new Date(iso));
export const formatMoment = (iso: string) => moment.format(new Date(iso));

/** A calendar date (YYYY-MM-DD) read as that day everywhere, not shifted by the time zone. */
export const formatCalendarDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? day.format(new Date(`${value}T12:00:00`)) : value;

export const formatPercent = (n: number) => `${Number(n.toFixed(2))}%`;

/** A tax rate as it is applied (to the thousandth, as the PDF prints it): 8.875 % is not 8.88 %. */
export const formatTaxRate = (n: number) => `${Number(n.toFixed(3))}%`;

/** The figure a card shows beside the parties: an invoice's total or a contract's budget. */
export function headlineAmount(doc: DocumentView): { label: string; value: string } | null {
  if (doc.invoiceDetails) return { label: 'Total', value: formatMoney(doc.invoiceDetails.total) };
  if (doc.contractDetails) return { label: 'Budget', value: formatMoney(doc.contractDetails.budget) };
  return null;
}

/** Whether anyone has signed: edit and delete are then closed. */
export const hasSignatures = (doc: Pick<DocumentView, 'signatures' | 'signers'>) =>
  doc.signatures.length > 0 || doc.signers.some((s) => s.status === 'signed');
