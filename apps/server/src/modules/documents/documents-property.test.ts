// Property-based bad input: whatever body generate or update receives, the answer is a success or a clear
// 4xx JSON error, never a 5xx; a refused request stores nothing, and an accepted one has exact figures.
import { DocumentSchema } from '@mixdesk/contract/document-responses';
import { invoiceTotalsCents, TEMPLATE_NAMES } from '@mixdesk/contract/documents';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maybe, money } from '../../../test/arbitraries.ts';
import {
  createTestApp,
  RAISED_RATE_LIMITS,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { generateVia, payloads, request } from './documents-testing.ts';

const RUNS = 1000;

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp(RAISED_RATE_LIMITS);
  owner = await registerUser(t.app, { name: 'Property Owner' });
});
afterAll(async () => {
  await t.close();
});

const percent = fc.oneof(
  fc.integer({ min: -2, max: 102 }),
  fc.double(),
  fc.constantFrom(0, 100, 33.33, 33.333, 99.99),
);
const shortText = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.string({ minLength: max - 2, maxLength: max + 2 }),
    fc.constant('  '),
  );
const email = fc.oneof(fc.emailAddress(), fc.string({ maxLength: 12 }), fc.constant(''));
const party = fc.record(
  {
    name: maybe(shortText(120)),
    email: maybe(email),
    address: maybe(shortText(300)),
    phone: maybe(shortText(40)),
  },
  { requiredKeys: [] },
);
const item = fc.record(
  { description: maybe(shortText(200)), quantity: maybe(money), rate: maybe(money), amount: maybe(money) },
  { requiredKeys: [] },
);
const person = fc.record(
  {
    name: maybe(shortText(120)),
    email: maybe(email),
    role: maybe(shortText(60)),
    pro: maybe(shortText(40)),
    ipi: maybe(fc.oneof(fc.stringMatching(/^\d{9,11}$/), fc.string({ maxLength: 12 }))),
    share: maybe(percent),
  },
  { requiredKeys: [] },
);

const body = fc.record(
  {
    templateName: maybe(fc.constantFrom(...TEMPLATE_NAMES, 'nda', '')),
    documentType: maybe(fc.constantFrom('contract', 'invoice', 'agreement', 'split_sheet', 'memo')),
    title: maybe(shortText(200)),
    projectId: maybe(fc.oneof(fc.uuid(), fc.constant(null), fc.string({ maxLength: 10 }))),
    parties: maybe(fc.record({ primary: maybe(party), secondary: maybe(party) }, { requiredKeys: [] })),
    contractDetails: maybe(
      fc.record(
        {
          projectTitle: maybe(shortText(200)),
          deliverables: maybe(fc.array(shortText(200), { maxLength: 52 })),
          budget: maybe(money),
          revisions: maybe(fc.oneof(fc.integer({ min: -1, max: 101 }), fc.double())),
          rights: maybe(shortText(4000)),
        },
        { requiredKeys: [] },
      ),
    ),
    invoiceDetails: maybe(
      fc.record(
        {
          invoiceNumber: maybe(shortText(40)),
          items: maybe(fc.array(item, { maxLength: 4 })),
          taxRate: maybe(percent),
          tax: maybe(money),
          subtotal: maybe(money),
          total: maybe(money),
          dueDate: maybe(
            fc.oneof(
              fc.constantFrom('2030-01-31', '2030-02-30', '31/01/2030', ''),
              fc.string({ maxLength: 10 }),
            ),
          ),
        },
        { requiredKeys: [] },
      ),
    ),
    agreementDetails: maybe(
      fc.record(
        {
          revenueShare: maybe(
            fc.record(
              { primaryPercentage: maybe(percent), secondaryPercentage: maybe(percent) },
              { requiredKeys: [] },
            ),
          ),
          exclusivity: maybe(fc.boolean()),
          terminationClause: maybe(shortText(4000)),
        },
        { requiredKeys: [] },
      ),
    ),
    splitSheetDetails: maybe(
      fc.record(
        {
          songTitle: maybe(shortText(200)),
          writers: maybe(fc.array(person, { maxLength: 4 })),
          publishers: maybe(fc.array(person, { maxLength: 3 })),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: [] },
);

/** An accepted invoice's figures, worked out again here from what was sent. */
function expectExactInvoice(sent: Record<string, unknown>, doc: ReturnType<typeof DocumentSchema.parse>) {
  const d = sent.invoiceDetails as {
    items: Array<{ quantity: number; rate: number }>;
    taxRate?: number;
    tax?: number;
  };
  const cents = invoiceTotalsCents(d.items, { taxRate: d.taxRate, tax: d.tax });
  expect(Math.round(doc.invoiceDetails!.total * 100)).toBe(cents.total);
  expect(cents.total).toBe(cents.subtotal + cents.tax);
  expect(doc.invoiceDetails!.items.map((i) => Math.round(i.amount * 100))).toEqual(
    d.items.map((i) => Math.round((Math.round(i.quantity * 100) * Math.round(i.rate * 100)) / 100)),
  );
}

async function countDocuments() {
  const row = await t.app.ctx.db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('documents under arbitrary input', () => {
  it(`generate answers 201 or a clear 4xx, never a 5xx (${RUNS} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const before = await countDocuments();
        const res = await request(t.app, 'POST', '/api/documents/generate', owner, payload);
        expect(res.statusCode, res.body).toBeLessThan(500);
        const json = res.json();
        if (res.statusCode === 201) {
          const doc = DocumentSchema.parse(json.data.document);
          if (doc.documentType === 'invoice') expectExactInvoice(payload, doc);
          expect(await countDocuments()).toBe(before + 1);
        } else {
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(json).toMatchObject({ success: false });
          expect(typeof json.message).toBe('string');
          expect(await countDocuments()).toBe(before);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it(`update answers 200 or a clear 4xx, never a 5xx, and a refused edit keeps the document (${RUNS} cases)`, async () => {
    const doc = await generateVia(t.app, owner, payloads.invoice());
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const before = (await request(t.app, 'GET', `/api/documents/${doc._id}`, owner)).json().data.document;
        const res = await request(t.app, 'PUT', `/api/documents/${doc._id}`, owner, payload);
        expect(res.statusCode, res.body).toBeLessThan(500);
        const after = (await request(t.app, 'GET', `/api/documents/${doc._id}`, owner)).json().data.document;
        if (res.statusCode === 200) {
          expect(after.documentType).toBe('invoice');
          expectExactInvoice(payload, DocumentSchema.parse(after));
        } else {
          expect(res.json()).toMatchObject({ success: false });
          expect(after).toEqual(before);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
