// A document's content as stored (money in integer cents, shares in hundredths of a percent) and the two
// conversions around it: from a validated generation payload (every figure computed here, none taken from
// the client) and back to the API's shape.

import { fromCents } from '@mixdesk/contract/clients';
import type { DocumentView } from '@mixdesk/contract/document-responses';
import {
  type DocumentType,
  FULL_SHARE,
  type GenerateDocument,
  invoiceTotalsCents,
  TEMPLATE_TYPE,
  toCentsExact,
  toShareUnits,
} from '@mixdesk/contract/documents';

export interface StoredParty {
  name: string;
  email: string;
  address: string;
  phone: string;
}
export interface StoredParties {
  primary: StoredParty;
  secondary: StoredParty;
}

interface SplitPerson {
  name: string;
  email: string;
  role: string;
  pro: string;
  ipi: string;
  shareUnits: number;
}

export type StoredDetails =
  | {
      kind: 'contract';
      projectTitle: string;
      deliverables: string[];
      timeline: string;
      budgetCents: number;
      paymentTerms: string;
      revisions: number;
      rights: string;
      cancellationTerms: string;
    }
  | {
      kind: 'invoice';
      invoiceNumber: string;
      items: { description: string; quantity: number; rateCents: number; amountCents: number }[];
      subtotalCents: number;
      /** Thousandths of a percent (8.875 % = 8,875). */
      taxRateMilli: number | null;
      taxCents: number;
      totalCents: number;
      dueDate: string;
      paymentTerms: string;
      notes: string;
    }
  | {
      kind: 'agreement';
      collaborationType: string;
      primaryShareUnits: number;
      responsibilities: { primary: string[]; secondary: string[] };
      exclusivity: boolean;
      duration: string;
      terminationClause: string;
    }
  | { kind: 'split_sheet'; songTitle: string; writers: SplitPerson[]; publishers: SplitPerson[] };

/** A typed name or a drawn PNG (data URL), with when and from where it was made. */
export interface StoredSignature {
  kind: 'typed' | 'drawn';
  value: string;
}

export interface SignerSeed {
  role: 'primary' | 'secondary' | 'writer' | 'publisher';
  name: string;
  email: string;
}

export interface ComposedDocument {
  type: DocumentType;
  parties: StoredParties;
  details: StoredDetails;
  signers: SignerSeed[];
  /** Invoice total or contract budget. */
  amountCents: number | null;
  invoiceNumber: string | null;
  dueDate: string | null;
}

function detailsOf(input: GenerateDocument): StoredDetails {
  const type = TEMPLATE_TYPE[input.templateName];
  if (type === 'contract') {
    const { budget, ...rest } = input.contractDetails!;
    return { kind: 'contract', ...rest, budgetCents: toCentsExact(budget) };
  }
  if (type === 'invoice') {
    const d = input.invoiceDetails!;
    const totals = invoiceTotalsCents(d.items, { taxRate: d.taxRate, tax: d.tax });
    return {
      kind: 'invoice',
      invoiceNumber: d.invoiceNumber,
      items: d.items.map((item, i) => ({
        description: item.description,
        quantity: item.quantity,
        rateCents: toCentsExact(item.rate),
        amountCents: totals.amounts[i]!,
      })),
      subtotalCents: totals.subtotal,
      taxRateMilli: d.taxRate === undefined ? null : Math.round(d.taxRate * 1000),
      taxCents: totals.tax,
      totalCents: totals.total,
      dueDate: d.dueDate,
      paymentTerms: d.paymentTerms,
      notes: d.notes,
    };
  }
  if (type === 'agreement') {
    const d = input.agreementDetails!;
    return {
      kind: 'agreement',
      collaborationType: d.collaborationType,
      primaryShareUnits: toShareUnits(d.revenueShare.primaryPercentage),
      responsibilities: d.responsibilities,
      exclusivity: d.exclusivity,
      duration: d.duration,
      terminationClause: d.terminationClause,
    };
  }
  const d = input.splitSheetDetails!;
  const person = (p: (typeof d.writers)[number]): SplitPerson => ({
    name: p.name,
    email: p.email,
    role: p.role,
    pro: p.pro,
    ipi: p.ipi,
    shareUnits: toShareUnits(p.share),
  });
  return {
    kind: 'split_sheet',
    songTitle: d.songTitle,
    writers: d.writers.map(person),
    publishers: d.publishers.map(person),
  };
}

const noContact = { address: '', phone: '' };

/** The validated payload as it will be stored, with every figure computed and everyone who signs. */
export function composeDocument(input: GenerateDocument): ComposedDocument {
  const details = detailsOf(input);
  let parties: StoredParties;
  let signers: SignerSeed[];
  if (details.kind === 'split_sheet') {
    const people = [
      ...details.writers.map((p) => ({ role: 'writer' as const, name: p.name, email: p.email })),
      ...details.publishers.map((p) => ({ role: 'publisher' as const, name: p.name, email: p.email })),
    ];
    // One signature per person: someone listed as writer and publisher signs once.
    const seen = new Set<string>();
    signers = people.filter((p) => !seen.has(p.email) && seen.add(p.email));
    const [first, second] = [signers[0]!, signers[1]!];
    parties = input.parties ?? {
      primary: { name: first.name, email: first.email, ...noContact },
      secondary: { name: second.name, email: second.email, ...noContact },
    };
  } else {
    parties = input.parties!;
    signers = [
      { role: 'primary', name: parties.primary.name, email: parties.primary.email },
      { role: 'secondary', name: parties.secondary.name, email: parties.secondary.email },
    ];
  }
  return {
    type: details.kind,
    parties,
    details,
    signers,
    amountCents:
      details.kind === 'invoice'
        ? details.totalCents
        : details.kind === 'contract'
          ? details.budgetCents
          : null,
    invoiceNumber: details.kind === 'invoice' ? details.invoiceNumber : null,
    dueDate: details.kind === 'invoice' ? details.dueDate : null,
  };
}

type DetailsView = Pick<
  DocumentView,
  'contractDetails' | 'invoiceDetails' | 'agreementDetails' | 'splitSheetDetails'
>;

/** The stored details in the API's shape: currency units and percentages. */
export function presentDetails(d: StoredDetails): DetailsView {
  const none: DetailsView = {
    contractDetails: null,
    invoiceDetails: null,
    agreementDetails: null,
    splitSheetDetails: null,
  };
  switch (d.kind) {
    case 'contract': {
      const { kind: _, budgetCents, ...rest } = d;
      return { ...none, contractDetails: { ...rest, budget: fromCents(budgetCents) } };
    }
    case 'invoice':
      return {
        ...none,
        invoiceDetails: {
          invoiceNumber: d.invoiceNumber,
          items: d.items.map((i) => ({
            description: i.description,
            quantity: i.quantity,
            rate: fromCents(i.rateCents),
            amount: fromCents(i.amountCents),
          })),
          subtotal: fromCents(d.subtotalCents),
          taxRate: d.taxRateMilli === null ? null : d.taxRateMilli / 1000,
          tax: fromCents(d.taxCents),
          total: fromCents(d.totalCents),
          dueDate: d.dueDate,
          paymentTerms: d.paymentTerms,
          notes: d.notes,
        },
      };
    case 'agreement':
      return {
        ...none,
        agreementDetails: {
          collaborationType: d.collaborationType,
          revenueShare: {
            primaryPercentage: d.primaryShareUnits / 100,
            secondaryPercentage: (FULL_SHARE - d.primaryShareUnits) / 100,
          },
          responsibilities: d.responsibilities,
          exclusivity: d.exclusivity,
          duration: d.duration,
          terminationClause: d.terminationClause,
        },
      };
    case 'split_sheet': {
      const person = ({ shareUnits, ...p }: SplitPerson) => ({ ...p, share: shareUnits / 100 });
      return {
        ...none,
        splitSheetDetails: {
          songTitle: d.songTitle,
          writers: d.writers.map(person),
          publishers: d.publishers.map(person),
        },
      };
    }
  }
}
