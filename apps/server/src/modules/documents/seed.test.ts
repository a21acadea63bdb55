// The demo account's documents: three real PDFs on /documents from the first visit, one on a demo project.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helper.ts';
import { seedProjects } from '../projects/seed.ts';
import { downloadVia, readPdf, squash } from './documents-testing.ts';
import { seedDocuments } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('gives the demo account a contract on its first project, an invoice and a split sheet', async () => {
  const demo = await registerUser(t.app, { name: 'Demo Producer' });
  await seedProjects(t.app.ctx, demo.user._id);
  await seedDocuments(t.app.ctx, demo.user._id);
  const data = (await t.app.inject({ url: '/api/documents', headers: bearer(demo.token) })).json().data;
  expect(data.stats).toMatchObject({ total: 3, generated: 3 });
  const byType = Object.fromEntries(data.documents.map((d: { documentType: string }) => [d.documentType, d]));
  expect(byType.contract.project?.name).toBeTruthy();
  // 8 × 75 + 3 × 350 = 1,650; 9.25 % of it = 152.625 → 152.63.
  expect(byType.invoice.invoiceDetails).toMatchObject({ subtotal: 1650, tax: 152.63, total: 1802.63 });
  expect(byType.split_sheet.signers.map((s: { name: string }) => s.name)).toEqual([
    'Demo Producer',
    'Rae Moss',
  ]);
  const text = squash(readPdf(await downloadVia(t.app, demo, byType.invoice._id)).text);
  expect(text).toContain('$1,802.63');
});
