// Every SPEC §5 rule and every bad input the issue lists: a clear 4xx JSON error naming the field, and
// nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { documentsSnapshot, generateVia, payloads, request } from './documents-testing.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Careful Owner' });
  await generateVia(t.app, owner, payloads.contract());
});
afterAll(async () => {
  await t.close();
});

const contract = payloads.contract();
const invoice = payloads.invoice();
const agreement = payloads.agreement();
const split = payloads.splitSheet();
const withContract = (d: Record<string, unknown>) => ({
  ...contract,
  contractDetails: { ...contract.contractDetails, ...d },
});
const withInvoice = (d: Record<string, unknown>) => ({
  ...invoice,
  invoiceDetails: { ...invoice.invoiceDetails, ...d },
});
const withParty = (who: 'primary' | 'secondary', p: Record<string, unknown>) => ({
  ...contract,
  parties: { ...contract.parties, [who]: { ...contract.parties[who], ...p } },
});
const item = (d: Record<string, unknown>) =>
  withInvoice({ items: [{ ...invoice.invoiceDetails.items[0], ...d }] });
const share = (primaryPercentage: unknown) => ({
  ...agreement,
  agreementDetails: { ...agreement.agreementDetails, revenueShare: { primaryPercentage } },
});
const writers = split.splitSheetDetails.writers;

/** [case, body, the field error's path, its message]. */
const CASES: Array<[string, unknown, string, string]> = [
  ['template missing', { ...contract, templateName: undefined }, 'templateName', 'Template is required'],
  ['template blank', { ...contract, templateName: '' }, 'templateName', 'Template is required'],
  [
    'unknown template',
    { ...contract, templateName: 'nda' },
    'templateName',
    'Template must be one of: producer-contract, collaboration-agreement, studio-session-invoice, split-sheet',
  ],
  [
    'primary name blank',
    withParty('primary', { name: '  ' }),
    'parties.primary.name',
    'Primary party name is required',
  ],
  [
    'primary email missing',
    withParty('primary', { email: undefined }),
    'parties.primary.email',
    'Primary party email is required',
  ],
  [
    'secondary name missing',
    withParty('secondary', { name: undefined }),
    'parties.secondary.name',
    'Secondary party name is required',
  ],
  [
    'secondary email blank',
    withParty('secondary', { email: '' }),
    'parties.secondary.email',
    'Secondary party email is required',
  ],
  [
    'secondary email invalid',
    withParty('secondary', { email: 'jon@' }),
    'parties.secondary.email',
    'Secondary party email must be a valid email address',
  ],
  ['parties missing', { ...contract, parties: undefined }, 'parties', 'Parties are required'],
  [
    'project title blank',
    withContract({ projectTitle: '' }),
    'contractDetails.projectTitle',
    'Project title is required',
  ],
  ['budget zero', withContract({ budget: 0 }), 'contractDetails.budget', 'Budget must be greater than 0'],
  [
    'budget negative',
    withContract({ budget: -5 }),
    'contractDetails.budget',
    'Budget must be greater than 0',
  ],
  [
    'budget as text',
    withContract({ budget: '100' }),
    'contractDetails.budget',
    'Budget must be a finite number',
  ],
  [
    'budget with three decimals',
    withContract({ budget: 10.005 }),
    'contractDetails.budget',
    'Budget can have at most two decimal places',
  ],
  [
    'contract details missing',
    { ...contract, contractDetails: undefined },
    'contractDetails',
    'Contract details are required for a contract',
  ],
  [
    'invoice number blank',
    withInvoice({ invoiceNumber: ' ' }),
    'invoiceDetails.invoiceNumber',
    'Invoice number is required',
  ],
  ['due date missing', withInvoice({ dueDate: undefined }), 'invoiceDetails.dueDate', 'Due date is required'],
  [
    'due date not a date',
    withInvoice({ dueDate: '2030-02-30' }),
    'invoiceDetails.dueDate',
    'Due date must be a date (YYYY-MM-DD)',
  ],
  [
    'negative quantity',
    item({ quantity: -1 }),
    'invoiceDetails.items.0.quantity',
    "Quantity can't be negative",
  ],
  ['negative rate', item({ rate: -0.01 }), 'invoiceDetails.items.0.rate', "Rate can't be negative"],
  [
    '101 items',
    withInvoice({ items: Array.from({ length: 101 }, () => invoice.invoiceDetails.items[0]) }),
    'invoiceDetails.items',
    'An invoice can have at most 100 items',
  ],
  ['no items', withInvoice({ items: [] }), 'invoiceDetails.items', 'Add at least one item'],
  [
    // Found by the property test: an out-of-range quantity beside a tax amount once reached the arithmetic.
    'a quantity of -1.8e306 beside a tax amount',
    withInvoice({
      taxRate: undefined,
      tax: 0,
      items: [{ ...invoice.invoiceDetails.items[0], quantity: -1.797693134862316e306 }],
    }),
    'invoiceDetails.items.0.quantity',
    "Quantity can't be negative",
  ],
  [
    'tax rate over 100 %',
    withInvoice({ taxRate: 100.01 }),
    'invoiceDetails.taxRate',
    'Tax rate must be between 0 and 100',
  ],
  [
    'tax amount over the subtotal',
    withInvoice({ taxRate: undefined, tax: 1000 }),
    'invoiceDetails.tax',
    "Tax can't be more than 100% of the subtotal",
  ],
  [
    'revenue share 101',
    share(101),
    'agreementDetails.revenueShare.primaryPercentage',
    'Primary percentage must be between 0 and 100',
  ],
  [
    'revenue share -1',
    share(-1),
    'agreementDetails.revenueShare.primaryPercentage',
    'Primary percentage must be between 0 and 100',
  ],
  [
    'revenue share NaN-like',
    share('fifty'),
    'agreementDetails.revenueShare.primaryPercentage',
    'Primary percentage must be a finite number',
  ],
  [
    'split writer shares totalling 99.99 %',
    {
      ...split,
      splitSheetDetails: {
        ...split.splitSheetDetails,
        writers: [{ ...writers[0], share: 33.33 }, writers[1], writers[2]],
      },
    },
    'splitSheetDetails.writers',
    'Writer shares must total exactly 100% (now 99.99%)',
  ],
  [
    'split publisher shares over 100 %',
    {
      ...split,
      splitSheetDetails: {
        ...split.splitSheetDetails,
        publishers: [
          { ...split.splitSheetDetails.publishers[0], share: 60 },
          { ...split.splitSheetDetails.publishers[0], email: 'p2@example.com', share: 40.01 },
        ],
      },
    },
    'splitSheetDetails.publishers',
    'Publisher shares must total exactly 100% (now 100.01%)',
  ],
  [
    'split sheet with one person',
    {
      ...split,
      splitSheetDetails: { songTitle: 'Solo', writers: [{ ...writers[0], share: 100 }], publishers: [] },
    },
    'splitSheetDetails.writers',
    'A split sheet needs at least two people with different emails',
  ],
  [
    'split IPI with letters',
    {
      ...split,
      splitSheetDetails: {
        ...split.splitSheetDetails,
        writers: [{ ...writers[0], ipi: 'ABC123456' }, writers[1], writers[2]],
      },
    },
    'splitSheetDetails.writers.0.ipi',
    'IPI must be 9 to 11 digits',
  ],
  [
    'type and template disagree',
    { ...contract, documentType: 'invoice' },
    'documentType',
    'The producer-contract template makes a contract, not a invoice',
  ],
  [
    'details of another type',
    { ...contract, invoiceDetails: invoice.invoiceDetails },
    'invoiceDetails',
    'A contract takes no invoiceDetails',
  ],
  ['an unknown field', { ...contract, ownerId: 'someone' }, '', 'Unrecognized key: "ownerId"'],
];

describe('generate refuses bad input with a clear error and stores nothing', () => {
  for (const [name, body, path, message] of CASES)
    it(name, async () => {
      const before = await documentsSnapshot(t.app);
      const res = await request(t.app, 'POST', '/api/documents/generate', owner, body);
      expect(res.statusCode).toBe(400);
      const json = res.json();
      expect(json).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
      expect(json.error.details).toContainEqual({ path, message });
      expect(await documentsSnapshot(t.app)).toEqual(before);
    });

  it('10,000 items are refused before they are read (the body is over the JSON limit), storing nothing', async () => {
    const before = await documentsSnapshot(t.app);
    const items = Array.from({ length: 10_000 }, () => invoice.invoiceDetails.items[0]);
    const res = await request(t.app, 'POST', '/api/documents/generate', owner, withInvoice({ items }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: 'The request body is too large.' });
    expect(await documentsSnapshot(t.app)).toEqual(before);
  });

  it('a body that is not JSON, or is empty, gets a 4xx', async () => {
    for (const [type, payload] of [
      ['application/json', '{"templateName":'],
      ['text/plain', 'hello'],
      ['application/json', ''],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/documents/generate',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().success).toBe(false);
    }
  });
});
