// The form's rules (SPEC §4 Invoice totals / Agreement revenue share, §5 Document form): the checks made before
// sending, with SPEC's exact messages; the payload sent; the live figures, from the contract's own arithmetic
// so the form and the server agree to the cent; and what Auto-Populate fills from a project.
import type { AutoPopulateSource } from '@mixdesk/contract/document-responses';
import {
  DEFAULT_REVENUE_SHARE,
  type GenerateDocumentInput,
  invoiceTotals,
  secondaryShare,
  TEMPLATE_TYPE,
} from '@mixdesk/contract/documents';
import type { FormErrors, FormValues, PersonRow } from './form-values';

const blank = (s: string) => s.trim() === '';

/** A typed number for the live figures: blank or unreadable counts as 0. */
export function figure(text: string): number {
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) < 1e12 ? n : 0;
}

/** A typed number for the payload: blank is left out (the server then says what is missing or defaults it). */
const sent = (text: string) => (blank(text) ? undefined : Number(text));

export function liveInvoiceTotals(invoice: FormValues['invoiceDetails']) {
  return invoiceTotals(
    invoice.items.map((i) => ({ quantity: figure(i.quantity), rate: figure(i.rate) })),
    { taxRate: figure(invoice.taxRate) },
  );
}

/** The primary's share as entered, held within 0 to 100 (SPEC §5), and the secondary's, always 100 − primary. */
export function liveRevenueShare(primaryText: string) {
  const primary = Math.min(100, Math.max(0, figure(primaryText)));
  return { primary, secondary: secondaryShare(primary) };
}

/** The sum of a split sheet table's shares, in hundredths of a percent so 33.33 + 33.33 + 33.34 is exact. */
export function shareTotal(people: PersonRow[]): number {
  return people.reduce((sum, p) => sum + Math.round(figure(p.share) * 100), 0) / 100;
}

export const typeOf = (values: FormValues) =>
  values.templateName === '' ? null : TEMPLATE_TYPE[values.templateName];

/** Whether the form asks for the two parties (a split sheet's come from its people). */
export const needsParties = (values: FormValues) => typeOf(values) !== 'split_sheet';

/** SPEC §5's checks, made before anything is sent. */
export function validate(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  const type = typeOf(values);
  if (type === null) errors.templateName = 'Template is required';
  if (needsParties(values)) {
    for (const [role, label] of [
      ['primary', 'Primary'],
      ['secondary', 'Secondary'],
    ] as const) {
      const p = values.parties[role];
      if (blank(p.name)) errors[`parties.${role}.name`] = `${label} party name is required`;
      if (blank(p.email)) errors[`parties.${role}.email`] = `${label} party email is required`;
    }
  }
  if (type === 'contract') {
    const c = values.contractDetails;
    if (blank(c.projectTitle)) errors['contractDetails.projectTitle'] = 'Project title is required';
    const budget = Number(c.budget);
    if (blank(c.budget) || !Number.isFinite(budget) || budget <= 0)
      errors['contractDetails.budget'] = 'Budget must be greater than 0';
  }
  if (type === 'invoice') {
    const i = values.invoiceDetails;
    if (blank(i.invoiceNumber)) errors['invoiceDetails.invoiceNumber'] = 'Invoice number is required';
    if (blank(i.dueDate)) errors['invoiceDetails.dueDate'] = 'Due date is required';
  }
  return errors;
}

const person = (p: PersonRow) => ({
  name: p.name,
  email: p.email,
  role: p.role,
  pro: p.pro,
  ipi: p.ipi,
  share: sent(p.share) as number,
});

/** The body of POST /api/documents/generate and PUT /api/documents/:id. Call after validate() passes. */
export function toPayload(values: FormValues): GenerateDocumentInput {
  const templateName = values.templateName || 'producer-contract';
  const type = TEMPLATE_TYPE[templateName];
  const base: GenerateDocumentInput = {
    templateName,
    documentType: type,
    title: values.title,
    projectId: values.project?.id ?? null,
    ...(type === 'split_sheet' ? {} : { parties: values.parties }),
  };
  if (type === 'contract') {
    const c = values.contractDetails;
    return {
      ...base,
      contractDetails: {
        ...c,
        deliverables: c.deliverables.map((r) => r.text),
        budget: Number(c.budget),
        revisions: sent(c.revisions),
      },
    };
  }
  if (type === 'invoice') {
    const i = values.invoiceDetails;
    const totals = liveInvoiceTotals(i);
    return {
      ...base,
      invoiceDetails: {
        ...i,
        items: i.items.map((item, n) => ({
          description: item.description,
          quantity: sent(item.quantity) as number,
          rate: sent(item.rate) as number,
          amount: totals.amounts[n],
        })),
        taxRate: sent(i.taxRate),
        subtotal: totals.subtotal,
        tax: totals.tax,
        total: totals.total,
      },
    };
  }
  if (type === 'agreement') {
    const a = values.agreementDetails;
    const primary = sent(a.primaryPercentage) ?? DEFAULT_REVENUE_SHARE;
    return {
      ...base,
      agreementDetails: {
        collaborationType: a.collaborationType,
        revenueShare: { primaryPercentage: primary, secondaryPercentage: secondaryShare(primary) },
        responsibilities: {
          primary: a.responsibilities.primary.map((r) => r.text),
          secondary: a.responsibilities.secondary.map((r) => r.text),
        },
        exclusivity: a.exclusivity,
        duration: a.duration,
        terminationClause: a.terminationClause,
      },
    };
  }
  const s = values.splitSheetDetails;
  return {
    ...base,
    splitSheetDetails: {
      songTitle: s.songTitle,
      writers: s.writers.map(person),
      publishers: s.publishers.map(person),
    },
  };
}

/**
 * Auto-Populate (SPEC §2): the project, its name as the contract's project title and the song title, the owner
 * as the primary party, the first collaborator (if any) as the secondary, and a first invoice line for it.
 */
export function applySource(values: FormValues, source: AutoPopulateSource): FormValues {
  const collaborator = source.collaborators[0];
  const [first, ...rest] = values.invoiceDetails.items;
  return {
    ...values,
    project: { id: source._id, name: source.name },
    parties: {
      primary: { ...values.parties.primary, name: source.ownerName, email: source.ownerEmail },
      secondary: collaborator
        ? { ...values.parties.secondary, name: collaborator.name, email: collaborator.email }
        : values.parties.secondary,
    },
    contractDetails: { ...values.contractDetails, projectTitle: source.name },
    invoiceDetails: {
      ...values.invoiceDetails,
      items: [{ ...first!, description: `${source.name} — studio session` }, ...rest],
    },
    splitSheetDetails: { ...values.splitSheetDetails, songTitle: source.name },
  };
}

const SHOWN_PATHS = [
  /^(templateName|title)$/,
  /^parties\.(primary|secondary)\.(name|email|address|phone)$/,
  /^contractDetails\.(projectTitle|timeline|budget|paymentTerms|revisions|rights|cancellationTerms)$/,
  /^contractDetails\.deliverables(\.\d+)?$/,
  /^invoiceDetails\.(invoiceNumber|dueDate|taxRate|paymentTerms|notes)$/,
  /^invoiceDetails\.items(\.\d+\.(description|quantity|rate))?$/,
  /^agreementDetails\.(collaborationType|duration|terminationClause|revenueShare\.primaryPercentage)$/,
  /^agreementDetails\.responsibilities\.(primary|secondary)(\.\d+)?$/,
  /^splitSheetDetails\.songTitle$/,
  /^splitSheetDetails\.(writers|publishers)(\.\d+\.(name|email|role|pro|ipi|share))?$/,
];

/** Whether the form shows an error at this path beside a field (else it goes in the form's own message). */
export const isShownPath = (path: string) => SHOWN_PATHS.some((re) => re.test(path));

/** Errors left after a change that clears `paths` ('a.b' exactly, 'a.b.*' with everything under it). */
export function clearErrors(errors: FormErrors, paths: string[]): FormErrors {
  if (paths.length === 0) return errors;
  const next: FormErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const cleared = paths.some((p) =>
      p.endsWith('.*') ? key === p.slice(0, -2) || key.startsWith(p.slice(0, -1)) : key === p,
    );
    if (!cleared) next[key] = message;
  }
  return next;
}
