// Realistic documents of each template, for the renderer's tests and its benchmark. Invoice figures come
// from the contract's arithmetic, as the server's do; the tests check them against amounts worked out by hand.
import type { DocumentView } from '@mixdesk/contract/document-responses';
import { invoiceTotals, type TemplateName } from '@mixdesk/contract/documents';
import type { RenderableDocument } from './render-document.ts';

type Party = DocumentView['parties']['primary'];
type Signer = DocumentView['signers'][number];
type SplitPerson = NonNullable<DocumentView['splitSheetDetails']>['writers'][number];

export const PRIMARY: Party = {
  name: 'Maya Okafor',
  email: 'maya@northlight-studio.com',
  address: 'Northlight Studio\n14 Canal Street\nManchester M1 3HE\nUnited Kingdom',
  phone: '+44 161 555 0142',
};

export const SECONDARY: Party = {
  name: 'Lucas Ferreira',
  email: 'lucas.ferreira@example.com',
  address: 'Rua Augusta 1200, apt 52\nSão Paulo SP 01304-001\nBrazil',
  phone: '',
};

function signer(role: Signer['role'], person: { name: string; email: string }, index: number): Signer {
  return {
    _id: `signer-${index + 1}`,
    role,
    name: person.name,
    email: person.email,
    status: 'pending',
    viewedAt: null,
    signedAt: null,
    rejectedAt: null,
  };
}

function base(
  templateName: TemplateName,
  documentType: DocumentView['documentType'],
  title: string,
): RenderableDocument {
  return {
    documentId: 'DOC-20261124-K7Q2MX',
    title,
    documentType,
    templateName,
    parties: { primary: PRIMARY, secondary: SECONDARY },
    project: { _id: 'project-1', name: 'Midnight Tides EP' },
    signers: [signer('primary', PRIMARY, 0), signer('secondary', SECONDARY, 1)],
    contractDetails: null,
    invoiceDetails: null,
    agreementDetails: null,
    splitSheetDetails: null,
    createdAt: '2026-11-24T10:15:00.000Z',
  };
}

export const CONTRACT_RIGHTS =
  'The secondary party owns the master recordings once the budget is paid in full. The primary party keeps ' +
  'the right to use excerpts of up to 30 seconds in a portfolio, and is credited as "Produced by Maya Okafor".';

export function contractFixture(
  details: Partial<NonNullable<DocumentView['contractDetails']>> = {},
): RenderableDocument {
  return {
    ...base('producer-contract', 'contract', 'Production of the Midnight Tides EP'),
    contractDetails: {
      projectTitle: 'Midnight Tides EP (5 tracks)',
      deliverables: [
        'Five fully produced tracks, mixed and mastered',
        'Stems for every track (24-bit / 48 kHz WAV)',
        'Instrumental and a cappella versions of the lead single',
      ],
      timeline: 'Eight weeks from the first session, ending 31 January 2027',
      budget: 12500,
      paymentTerms:
        '50% on signature, 50% on delivery of the final masters. Invoices are payable within 14 days.',
      revisions: 3,
      rights: CONTRACT_RIGHTS,
      cancellationTerms:
        'Either party may cancel with 14 days written notice; work done so far is paid pro rata.',
      ...details,
    },
  };
}

const SESSION_ITEMS = [
  { description: 'Studio A tracking session (8 h)', quantity: 2, rate: 640, amount: 1280 },
  { description: 'Vocal tuning and comping, per song', quantity: 3, rate: 185.5, amount: 556.5 },
  { description: 'Mixing engineer, per hour', quantity: 6.5, rate: 95, amount: 617.5 },
];

export function invoiceFixture(itemCount = SESSION_ITEMS.length): RenderableDocument {
  // Each extra row is a 1 h session at $100: its amount and the totals stay easy to check by hand.
  const items = Array.from({ length: itemCount }, (_, i) =>
    i < SESSION_ITEMS.length
      ? SESSION_ITEMS[i]!
      : { description: `Overdub session ${i + 1}, Studio B`, quantity: 1, rate: 100, amount: 100 },
  );
  const { subtotal, tax, total } = invoiceTotals(items, { taxRate: 8.25 });
  return {
    ...base('studio-session-invoice', 'invoice', 'Studio sessions, November 2026'),
    invoiceDetails: {
      invoiceNumber: 'INV-2026-0117',
      items,
      subtotal,
      taxRate: 8.25,
      tax,
      total,
      dueDate: '2026-12-24',
      paymentTerms: 'Net 30',
      notes: 'Bank transfer to Northlight Studio Ltd, sort code 04-00-04, account 12345678. Thank you!',
    },
  };
}

export function agreementFixture(
  details: Partial<NonNullable<DocumentView['agreementDetails']>> = {},
): RenderableDocument {
  return {
    ...base('collaboration-agreement', 'agreement', 'Co-production of "Glass Harbour"'),
    agreementDetails: {
      collaborationType: 'Co-production and co-writing of one single',
      revenueShare: { primaryPercentage: 60, secondaryPercentage: 40 },
      responsibilities: {
        primary: ['Production and arrangement', 'Mixing', 'Booking studio time'],
        secondary: ['Topline and lyrics', 'Lead vocal recording'],
      },
      exclusivity: true,
      duration: 'Twelve months from signature',
      terminationClause:
        'Either party may end this agreement with 30 days written notice. Revenue earned before the end is shared as agreed.',
      ...details,
    },
  };
}

export const WRITERS: SplitPerson[] = [
  {
    name: 'Maya Okafor',
    email: 'maya@northlight-studio.com',
    role: 'Producer',
    pro: 'PRS',
    ipi: '00523456789',
    share: 33.33,
  },
  {
    name: 'Lucas Ferreira',
    email: 'lucas.ferreira@example.com',
    role: 'Topliner',
    pro: 'ASCAP',
    ipi: '',
    share: 33.33,
  },
  {
    name: 'Jun Park',
    email: 'jun.park@example.com',
    role: 'Co-writer',
    pro: 'BMI',
    ipi: '712345678',
    share: 33.34,
  },
];

export const PUBLISHERS: SplitPerson[] = [
  {
    name: 'Tidewater Music Publishing',
    email: 'rights@tidewater.example',
    role: 'Publisher',
    pro: 'PRS',
    ipi: '00987654321',
    share: 50,
  },
  {
    name: 'Ferreira Songs',
    email: 'admin@ferreirasongs.example',
    role: 'Publisher',
    pro: 'ASCAP',
    ipi: '',
    share: 50,
  },
];

export function splitSheetFixture(
  writers: SplitPerson[] = WRITERS,
  publishers = PUBLISHERS,
): RenderableDocument {
  return {
    ...base('split-sheet', 'split_sheet', 'Split sheet: Glass Harbour'),
    signers: [
      ...writers.map((w, i) => signer('writer', w, i)),
      ...publishers.map((p, i) => signer('publisher', p, writers.length + i)),
    ],
    splitSheetDetails: { songTitle: 'Glass Harbour', writers, publishers },
  };
}

/** One ordinary document per template, as the benchmark renders them. */
export const FIXTURES: Record<TemplateName, () => RenderableDocument> = {
  'producer-contract': () => contractFixture(),
  'studio-session-invoice': () => invoiceFixture(),
  'collaboration-agreement': () => agreementFixture(),
  'split-sheet': () => splitSheetFixture(),
};
