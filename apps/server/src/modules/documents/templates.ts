// The templates the form offers (GET /api/documents/templates/:type): what each makes, its sections in the
// order the PDF prints them, and the values the form starts with (SPEC §9 defaults).
import type { Template } from '@mixdesk/contract/document-responses';
import {
  DEFAULT_PAYMENT_TERMS,
  DEFAULT_REVENUE_SHARE,
  DEFAULT_REVISIONS,
  type DocumentType,
  TEMPLATE_LABELS,
} from '@mixdesk/contract/documents';

const TEMPLATES: Template[] = [
  {
    name: 'producer-contract',
    documentType: 'contract',
    label: TEMPLATE_LABELS['producer-contract'],
    description:
      'Engages a producer for a project: deliverables, timeline, fee, revisions, who owns what, and how either side can end it.',
    sections: [
      'Parties',
      'Project',
      'Deliverables',
      'Timeline',
      'Fee and payment',
      'Revisions',
      'Rights',
      'Cancellation',
      'Signatures',
    ],
    defaults: { revisions: DEFAULT_REVISIONS, deliverables: [''] },
  },
  {
    name: 'studio-session-invoice',
    documentType: 'invoice',
    label: TEMPLATE_LABELS['studio-session-invoice'],
    description: 'Bills studio time and services line by line, with tax, a due date and payment terms.',
    sections: ['Parties', 'Invoice', 'Items', 'Totals', 'Payment terms', 'Notes'],
    defaults: {
      paymentTerms: DEFAULT_PAYMENT_TERMS,
      items: [{ description: '', quantity: 1, rate: 0 }],
      taxRate: 0,
    },
  },
  {
    name: 'collaboration-agreement',
    documentType: 'agreement',
    label: TEMPLATE_LABELS['collaboration-agreement'],
    description:
      'Sets out how two collaborators split revenue and work, whether the deal is exclusive, how long it runs and how it ends.',
    sections: [
      'Parties',
      'Collaboration',
      'Revenue share',
      'Responsibilities',
      'Exclusivity',
      'Duration',
      'Termination',
      'Signatures',
    ],
    defaults: {
      revenueShare: {
        primaryPercentage: DEFAULT_REVENUE_SHARE,
        secondaryPercentage: 100 - DEFAULT_REVENUE_SHARE,
      },
      exclusivity: false,
    },
  },
  {
    name: 'split-sheet',
    documentType: 'split_sheet',
    label: TEMPLATE_LABELS['split-sheet'],
    description:
      "Records who wrote a song and who publishes it, with each person's PRO, IPI and share; writer and publisher shares each total 100%, and everyone listed signs.",
    sections: ['Song', 'Writers', 'Publishers', 'Signatures'],
    defaults: { writers: [{ share: 50 }, { share: 50 }], publishers: [] },
  },
];

export function templatesOf(type: DocumentType): Template[] {
  return TEMPLATES.filter((t) => t.documentType === type);
}
