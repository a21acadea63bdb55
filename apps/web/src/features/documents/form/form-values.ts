// What the Generate Document form holds while it is filled in (SPEC §3 Document generation payload): text as
// typed (numbers too, so a field can be blank), every type's details at once so switching templates loses
// nothing, and rows with a key each so removing one keeps the others' focus and errors in place.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import {
  DEFAULT_PAYMENT_TERMS,
  DEFAULT_REVENUE_SHARE,
  DEFAULT_REVISIONS,
  type TemplateName,
} from '@mixdesk/contract/documents';

let lastKey = 0;
export const newKey = () => ++lastKey;

export interface TextRow {
  key: number;
  text: string;
}
export interface ItemRow {
  key: number;
  description: string;
  quantity: string;
  rate: string;
}
export interface PersonRow {
  key: number;
  name: string;
  email: string;
  role: string;
  pro: string;
  ipi: string;
  share: string;
}
export interface PartyValues {
  name: string;
  email: string;
  address: string;
  phone: string;
}
export type PartyRole = 'primary' | 'secondary';

export interface FormValues {
  templateName: TemplateName | '';
  title: string;
  project: { id: string; name: string } | null;
  parties: Record<PartyRole, PartyValues>;
  contractDetails: {
    projectTitle: string;
    deliverables: TextRow[];
    timeline: string;
    budget: string;
    paymentTerms: string;
    revisions: string;
    rights: string;
    cancellationTerms: string;
  };
  invoiceDetails: {
    invoiceNumber: string;
    items: ItemRow[];
    taxRate: string;
    dueDate: string;
    paymentTerms: string;
    notes: string;
  };
  agreementDetails: {
    collaborationType: string;
    primaryPercentage: string;
    responsibilities: Record<PartyRole, TextRow[]>;
    exclusivity: boolean;
    duration: string;
    terminationClause: string;
  };
  splitSheetDetails: {
    songTitle: string;
    writers: PersonRow[];
    publishers: PersonRow[];
  };
}
export type DetailsKey = 'contractDetails' | 'invoiceDetails' | 'agreementDetails' | 'splitSheetDetails';

/** Messages keyed by the API's field paths ('parties.primary.name', 'invoiceDetails.items.0.rate'). */
export type FormErrors = Record<string, string>;

const party = (): PartyValues => ({ name: '', email: '', address: '', phone: '' });
export const textRow = (text = ''): TextRow => ({ key: newKey(), text });
export const itemRow = (description = '', quantity = '1', rate = ''): ItemRow => ({
  key: newKey(),
  description,
  quantity,
  rate,
});
export const personRow = (share = ''): PersonRow => ({
  key: newKey(),
  name: '',
  email: '',
  role: '',
  pro: '',
  ipi: '',
  share,
});

export function emptyForm(): FormValues {
  return {
    templateName: '',
    title: '',
    project: null,
    parties: { primary: party(), secondary: party() },
    contractDetails: {
      projectTitle: '',
      deliverables: [textRow()],
      timeline: '',
      budget: '',
      paymentTerms: '',
      revisions: String(DEFAULT_REVISIONS),
      rights: '',
      cancellationTerms: '',
    },
    invoiceDetails: {
      invoiceNumber: '',
      items: [itemRow()],
      taxRate: '0',
      dueDate: '',
      paymentTerms: DEFAULT_PAYMENT_TERMS,
      notes: '',
    },
    agreementDetails: {
      collaborationType: '',
      primaryPercentage: String(DEFAULT_REVENUE_SHARE),
      responsibilities: { primary: [textRow()], secondary: [textRow()] },
      exclusivity: false,
      duration: '',
      terminationClause: '',
    },
    splitSheetDetails: {
      songTitle: '',
      writers: [personRow('50'), personRow('50')],
      publishers: [],
    },
  };
}

const rowsOf = (list: string[]) => (list.length > 0 ? list.map((t) => textRow(t)) : [textRow()]);
const num = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form filled with a stored document, for Edit. */
export function formFromDocument(doc: DocumentView): FormValues {
  const form = emptyForm();
  form.templateName = doc.templateName;
  form.title = doc.title;
  form.project = doc.project ? { id: doc.project._id, name: doc.project.name } : null;
  form.parties = { primary: { ...doc.parties.primary }, secondary: { ...doc.parties.secondary } };
  const c = doc.contractDetails;
  if (c)
    form.contractDetails = {
      ...c,
      deliverables: rowsOf(c.deliverables),
      budget: num(c.budget),
      revisions: num(c.revisions),
    };
  const i = doc.invoiceDetails;
  if (i)
    form.invoiceDetails = {
      invoiceNumber: i.invoiceNumber,
      items: i.items.map((it) => itemRow(it.description, num(it.quantity), num(it.rate))),
      // A tax given as an amount comes back as the rate it works out to.
      taxRate: num(i.taxRate ?? (i.subtotal > 0 ? Math.round((i.tax / i.subtotal) * 10_000) / 100 : 0)),
      dueDate: i.dueDate,
      paymentTerms: i.paymentTerms,
      notes: i.notes,
    };
  const a = doc.agreementDetails;
  if (a)
    form.agreementDetails = {
      collaborationType: a.collaborationType,
      primaryPercentage: num(a.revenueShare.primaryPercentage),
      responsibilities: {
        primary: rowsOf(a.responsibilities.primary),
        secondary: rowsOf(a.responsibilities.secondary),
      },
      exclusivity: a.exclusivity,
      duration: a.duration,
      terminationClause: a.terminationClause,
    };
  const s = doc.splitSheetDetails;
  if (s) {
    const people = (list: typeof s.writers) =>
      list.map((p) => ({ ...p, key: newKey(), share: num(p.share) }));
    form.splitSheetDetails = {
      songTitle: s.songTitle,
      writers: people(s.writers),
      publishers: people(s.publishers),
    };
  }
  return form;
}
