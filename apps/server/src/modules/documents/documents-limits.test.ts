// Limits tested where they bite: exactly at the limit is accepted, one over gets the limit's own error and
// stores nothing. The split sheet's writers (SPLIT_PEOPLE_MAX), an invoice number's length
// (INVOICE_NUMBER_MAX) and a payment date, which may be "today" anywhere on Earth (UTC+14) and no later.
import { INVOICE_NUMBER_MAX, SPLIT_PEOPLE_MAX } from '@mixdesk/contract/documents';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { documentsSnapshot, generateVia, payloads, request, sendVia } from './documents-testing.ts';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Edge Owner' });
});
afterAll(async () => {
  await t.close();
});

/** A generate one over a limit: 400 with the limit's message at its field, and nothing stored. */
async function expectRefused(body: Record<string, unknown>, path: string, message: string) {
  const before = await documentsSnapshot(t.app);
  const res = await request(t.app, 'POST', '/api/documents/generate', owner, body);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
  expect(res.json().error.details).toContainEqual({ path, message });
  expect(await documentsSnapshot(t.app)).toEqual(before);
}

/** `count` writers whose shares total exactly 100 %: equal hundredths, the rest on the last one. */
function writers(count: number) {
  const each = Math.floor(10_000 / count);
  return Array.from({ length: count }, (_, i) => ({
    name: `Writer ${i + 1}`,
    email: `writer${i + 1}.${count}@example.com`,
    role: 'Composer',
    pro: 'ASCAP',
    ipi: '',
    share: (i === count - 1 ? 10_000 - each * (count - 1) : each) / 100,
  }));
}
const splitWith = (count: number) => {
  const body = payloads.splitSheet();
  return {
    ...body,
    splitSheetDetails: { ...body.splitSheetDetails, writers: writers(count), publishers: [] },
  };
};

describe('a split sheet’s writers', () => {
  it(`${SPLIT_PEOPLE_MAX} writers (the most) are accepted, each a signer`, async () => {
    expect(SPLIT_PEOPLE_MAX).toBe(30);
    const doc = await generateVia(t.app, owner, splitWith(30));
    expect(doc.splitSheetDetails?.writers).toHaveLength(30);
    expect(doc.signers).toHaveLength(30);
  });

  it(`${SPLIT_PEOPLE_MAX + 1} writers are refused`, async () => {
    await expectRefused(
      splitWith(31),
      'splitSheetDetails.writers',
      'A split sheet can list at most 30 writers',
    );
  });
});

describe('an invoice number’s length', () => {
  const withNumber = (invoiceNumber: string) => {
    const body = payloads.invoice();
    return { ...body, invoiceDetails: { ...body.invoiceDetails, invoiceNumber } };
  };

  it(`${INVOICE_NUMBER_MAX} characters (the most) are accepted and kept whole`, async () => {
    expect(INVOICE_NUMBER_MAX).toBe(40);
    const number = `INV-${'7'.repeat(36)}`;
    const doc = await generateVia(t.app, owner, withNumber(number));
    expect(doc.invoiceDetails?.invoiceNumber).toBe(number);
  });

  it(`${INVOICE_NUMBER_MAX + 1} characters are refused`, async () => {
    await expectRefused(
      withNumber(`INV-${'8'.repeat(37)}`),
      'invoiceDetails.invoiceNumber',
      'Invoice number must be at most 40 characters',
    );
  });
});

describe('a payment date', () => {
  // 10:00 UTC is midnight in UTC+14, the first place a new day begins: from then on, tomorrow in UTC is
  // "today" somewhere, and a payment dated so is not in the future.
  const at = (iso: string) => vi.setSystemTime(new Date(iso));

  // Signed in at the faked time, so the session is valid throughout.
  let payer: SignedIn;
  async function sentInvoice(): Promise<string> {
    const doc = await generateVia(t.app, payer, payloads.invoice());
    await sendVia(t.app, payer, doc._id);
    return doc._id;
  }
  const markPaid = (id: string, paidAt: string) =>
    request(t.app, 'POST', `/api/documents/${id}/mark-paid`, payer, { paidAt });

  async function expectFuture(id: string, paidAt: string) {
    const res = await markPaid(id, paidAt);
    expect(res.statusCode, paidAt).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: 'paidAt', message: "Payment date can't be in the future" },
    ]);
    const doc = (await request(t.app, 'GET', `/api/documents/${id}`, payer)).json().data.document;
    expect(doc).toMatchObject({ status: 'sent', paidAt: null });
  }

  it('is accepted up to the date it is in UTC+14, and refused a day past it', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-10T09:59:59.999Z') });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    payer = await registerUser(t.app, { name: 'Paying Owner' });

    // 09:59:59.999 UTC: it is 10 March everywhere but past 23:59:59 nowhere; 11 March is the future.
    const id = await sentInvoice();
    await expectFuture(id, '2031-03-11');
    await expectFuture(id, '2031-03-13');
    const res = await markPaid(id, '2031-03-10');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.document).toMatchObject({ status: 'paid', paidAt: '2031-03-10' });

    // 10:00 UTC: 11 March has begun in UTC+14; 12 March (and three days ahead) have not.
    at('2031-03-10T10:00:00.000Z');
    const next = await sentInvoice();
    await expectFuture(next, '2031-03-12');
    await expectFuture(next, '2031-03-13');
    expect((await markPaid(next, '2031-03-11')).statusCode).toBe(200);

    // A payment made earlier is recorded as made.
    const earlier = await sentInvoice();
    const past = await markPaid(earlier, '2031-02-28');
    expect(past.statusCode).toBe(200);
    expect(past.json().data.document.paidAt).toBe('2031-02-28');
  });
});
