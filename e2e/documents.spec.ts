// The documents screen (/documents) as a producer uses it: generating each kind of document through the form
// (Auto-Populate, live invoice totals, the revenue share, split sheet totals), the stats, search and filters,
// the details view with its PDF, downloading, editing and deleting, and SPEC §8's failure texts.
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, type Response, test } from '@playwright/test';
import { tokenOf } from './account-helpers.ts';
import {
  canvasInk,
  card,
  cards,
  createProjectWithCollaborator,
  expectPdfDrawn,
  fillParties,
  form,
  generate,
  openDocuments,
  openForm,
  party,
  pdfPage,
  screenshots,
  tile,
} from './documents-fixtures.ts';
import { type Account, createAccount, expectAccessible } from './fixtures.ts';

const json = (status: number, body: object) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

/** A contract made through the API, for the tests that start from documents; `more` adds contract details. */
async function seedContract(page: Page, account: Account, title = 'Night Drive Contract', more: object = {}) {
  const token = await tokenOf(page.request, account);
  const res = await page.request.post('/api/documents/generate', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      templateName: 'producer-contract',
      title,
      parties: {
        primary: {
          name: 'Nia Cole',
          email: account.email,
          address: '12 Harbour Rd\nBristol',
          phone: '+44 117 555 0100',
        },
        secondary: { name: 'Jonas Berg', email: 'jonas@northline.se' },
      },
      contractDetails: {
        projectTitle: 'Night Drive',
        deliverables: ['Stereo master'],
        budget: 2500,
        ...more,
      },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data.document as { _id: string; documentId: string };
}

/** An invoice made through the API. */
async function seedInvoice(page: Page, account: Account, invoiceNumber: string) {
  const token = await tokenOf(page.request, account);
  const res = await page.request.post('/api/documents/generate', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      templateName: 'studio-session-invoice',
      parties: {
        primary: { name: 'Nia Cole', email: account.email },
        secondary: { name: 'Velvet Hours', email: 'band@velvethours.example' },
      },
      invoiceDetails: {
        invoiceNumber,
        items: [{ description: 'Tracking', quantity: 1, rate: 200 }],
        dueDate: '2031-01-31',
      },
    },
  });
  expect(res.status()).toBe(201);
}

test('submitting an empty form shows the SPEC messages, and each type adds its own', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await openDocuments(page, account);
  await expect(page.getByRole('heading', { name: 'No documents yet' })).toBeVisible();
  await expect(tile(page, 'Total')).toHaveText('0');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Generate Your First Document' }).click();
  const dialog = form(page);
  await dialog.getByRole('button', { name: 'Generate Document' }).click();
  for (const message of [
    'Template is required',
    'Primary party name is required',
    'Primary party email is required',
    'Secondary party name is required',
    'Secondary party email is required',
  ])
    await expect(dialog.getByText(message)).toBeVisible();
  await expect(dialog.getByLabel('Template')).toBeFocused();
  await expectAccessible(page);
  await screenshots(page, 'documents-form-errors', dialog);

  // Choosing a template clears its message and adds the type's own checks.
  await dialog.getByLabel('Template').selectOption({ label: 'Producer Contract' });
  await expect(dialog.getByText('Template is required')).toBeHidden();
  await expect(dialog.getByText(/Engages a producer for a project/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Generate Document' }).click();
  await expect(dialog.getByText('Project title is required')).toBeVisible();
  await expect(dialog.getByText('Budget must be greater than 0')).toBeVisible();
  // At least one deliverable row stays: Remove appears only with a second row.
  await expect(dialog.getByRole('button', { name: /Remove deliverable/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add deliverable' }).click();
  await expect(dialog.getByRole('button', { name: /Remove deliverable/ })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Remove deliverable 2' }).click();
  await expect(dialog.getByRole('button', { name: /Remove deliverable/ })).toHaveCount(0);

  await dialog.getByLabel('Template').selectOption({ label: 'Studio Session Invoice' });
  await dialog.getByRole('button', { name: 'Generate Document' }).click();
  await expect(dialog.getByText('Invoice number is required')).toBeVisible();
  await expect(dialog.getByText('Due date is required')).toBeVisible();
  await expect(dialog.getByText('Project title is required')).toBeHidden();

  // A split sheet's parties are its people: the party fields go away.
  await dialog.getByLabel('Template').selectOption({ label: 'Split Sheet' });
  await expect(party(dialog, 'Primary')).toHaveCount(0);
  await expectAccessible(page);

  // A new account has no projects to fill the form from.
  await dialog.getByRole('button', { name: 'Auto-Populate' }).click();
  const chooser = page.getByRole('dialog', { name: 'Auto-Populate from a Project' });
  await expect(chooser.getByText('No projects yet')).toBeVisible();
  await chooser.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeVisible();
});

test('a producer contract filled by Auto-Populate, and an invoice whose totals follow every keystroke', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { name: 'Nia Cole' });
  const { collaborator } = await createProjectWithCollaborator(request, account, 'Midnight Frequencies');
  await openDocuments(page, account);

  // A producer contract filled from the project by Auto-Populate.
  let dialog = await openForm(page, 'Producer Contract');
  await dialog.getByRole('button', { name: 'Auto-Populate' }).click();
  const chooser = page.getByRole('dialog', { name: 'Auto-Populate from a Project' });
  await chooser.getByRole('button', { name: /Midnight Frequencies/ }).click();
  await expect(chooser).toBeHidden();
  await expect(dialog.getByText('Project:', { exact: true })).toBeVisible();
  await expect(party(dialog, 'Primary').getByLabel('Name')).toHaveValue('Nia Cole');
  await expect(party(dialog, 'Primary').getByLabel('Email')).toHaveValue(account.email);
  await expect(party(dialog, 'Secondary').getByLabel('Name')).toHaveValue('Rae Moss');
  await expect(party(dialog, 'Secondary').getByLabel('Email')).toHaveValue(collaborator.email);
  await expect(dialog.getByLabel('Project title')).toHaveValue('Midnight Frequencies');
  await expect(dialog.getByLabel('Revisions')).toHaveValue('3');
  await dialog.getByRole('textbox', { name: 'Deliverable 1' }).fill('Stereo master');
  await dialog.getByRole('button', { name: 'Add deliverable' }).click();
  await dialog.getByRole('textbox', { name: 'Deliverable 2' }).fill('Stems');
  await dialog.getByLabel('Budget (USD)').fill('4500');
  await screenshots(page, 'documents-form-contract', dialog);
  await generate(page, dialog);
  const contract = card(page, 'Producer Contract: Midnight Frequencies');
  await expect(contract).toContainText('Generated');
  await expect(contract).toContainText('Nia Cole');
  await expect(contract).toContainText('Rae Moss');
  await expect(contract).toContainText('Midnight Frequencies');
  await expect(contract).toContainText('$4,500.00');
  await expect(tile(page, 'Total')).toHaveText('1');
  await expect(tile(page, 'Generated')).toHaveText('1');

  // An invoice with two items: the amounts and totals follow every keystroke.
  dialog = await openForm(page, 'Studio Session Invoice');
  await expect(dialog.getByLabel('Payment terms')).toHaveValue('Net 30');
  await fillParties(dialog, ['Nia Cole', account.email], ['Velvet Hours', 'band@velvethours.example']);
  await dialog.getByLabel('Invoice number').fill('INV-0042');
  await dialog.getByLabel('Due date').fill('2031-05-30');
  await dialog.getByLabel('Item 1 description').fill('Tracking day');
  await dialog.getByLabel('Item 1 quantity').fill('2');
  await dialog.getByLabel('Item 1 rate').fill('450');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await dialog.getByLabel('Item 2 description').fill('Mix revisions');
  await dialog.getByLabel('Item 2 quantity').fill('3');
  await dialog.getByLabel('Item 2 rate').fill('85.50');
  await expect(dialog.getByTestId('item-amount').nth(0)).toHaveText('$900.00');
  await expect(dialog.getByTestId('item-amount').nth(1)).toHaveText('$256.50');
  const totals = dialog.getByLabel('Invoice totals');
  await expect(totals).toHaveText(/Subtotal\s*\$1,156\.50\s*Tax\s*\$0\.00\s*Total\s*\$1,156\.50/);
  await dialog.getByLabel('Tax rate (%)').fill('8.25');
  await expect(totals).toHaveText(/Subtotal\s*\$1,156\.50\s*Tax\s*\$95\.41\s*Total\s*\$1,251\.91/);
  await screenshots(page, 'documents-form-invoice', dialog);
  await generate(page, dialog);
  await expect(card(page, 'Invoice INV-0042')).toContainText('Generated');
  await expect(card(page, 'Invoice INV-0042')).toContainText('$1,251.91');
  await expect(tile(page, 'Total')).toHaveText('2');
});

test('an agreement and a split sheet through the form raise the stats; search and the filters narrow the list', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { name: 'Nia Cole' });
  await openDocuments(page, account);
  await seedContract(page, account, 'Producer Contract: Midnight Frequencies');
  await seedInvoice(page, account, 'INV-0042');
  await page.reload();
  await expect(tile(page, 'Total')).toHaveText('2');
  await expect(tile(page, 'Generated')).toHaveText('2');

  // A collaboration agreement: the secondary share is always 100 minus the primary.
  let dialog = await openForm(page, 'Collaboration Agreement');
  await fillParties(dialog, ['Nia Cole', account.email], ['Jonas Berg', 'jonas@northline.se']);
  const primaryShare = dialog.getByLabel('Primary party share (%)');
  const secondaryShare = dialog.getByLabel('Secondary party share (%)');
  await expect(primaryShare).toHaveValue('50');
  await expect(secondaryShare).toHaveValue('50');
  await primaryShare.fill('60');
  await expect(secondaryShare).toHaveValue('40');
  await primaryShare.fill('150');
  await expect(primaryShare).toHaveValue('100');
  await expect(secondaryShare).toHaveValue('0');
  await primaryShare.fill('60');
  await dialog.getByLabel('Collaboration type').fill('Co-production');
  await dialog.getByLabel('Primary party responsibility 1').fill('Beats and arrangement');
  await dialog.getByLabel('Secondary party responsibility 1').fill('Toplines and vocals');
  await dialog.getByText('Exclusive collaboration').click();
  await screenshots(page, 'documents-form-agreement', dialog);
  await generate(page, dialog);
  await expect(card(page, 'Collaboration Agreement: Nia Cole & Jonas Berg')).toContainText('Generated');

  // A split sheet with two writers at 50/50.
  dialog = await openForm(page, 'Split Sheet');
  await dialog.getByLabel('Song title').fill('Paper Lanterns');
  await dialog.getByLabel('Writer 1 name').fill('Nia Cole');
  await dialog.getByLabel('Writer 1 email').fill(account.email);
  await dialog.getByLabel('Writer 1 PRO').fill('ASCAP');
  await dialog.getByLabel('Writer 2 name').fill('Rae Moss');
  await dialog.getByLabel('Writer 2 email').fill('rae@example.com');
  await dialog.getByLabel('Writer 2 share').fill('40');
  await expect(dialog.getByText('Writer total 90% (must be 100%)')).toBeVisible();
  await dialog.getByLabel('Writer 2 share').fill('50');
  await expect(dialog.getByText('Writer total 100%', { exact: true })).toBeVisible();
  await screenshots(page, 'documents-form-split-sheet', dialog);
  await generate(page, dialog);
  await expect(card(page, 'Split Sheet: Paper Lanterns')).toContainText('Generated');
  await expect(tile(page, 'Total')).toHaveText('4');
  await expect(tile(page, 'Generated')).toHaveText('4');
  await expect(cards(page)).toHaveCount(4);
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: null });
  await screenshots(page, 'documents-list');

  // Search narrows the list (after the typing stops); the filters combine with it.
  await page.getByLabel('Search documents').fill('INV-0042');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Invoice INV-0042');
  await page.getByLabel('Search documents').fill('');
  await expect(cards(page)).toHaveCount(4);
  await page.getByLabel('Type', { exact: true }).selectOption('agreement');
  await expect(cards(page)).toHaveCount(1);
  await page.getByLabel('Type', { exact: true }).selectOption('');
  await page.getByLabel('Status').selectOption('sent');
  await expect(page.getByRole('heading', { name: 'No documents match' })).toBeVisible();
  await page.getByLabel('Status').selectOption('generated');
  await expect(cards(page)).toHaveCount(4);
  await page.getByLabel('Status').selectOption('');
});

/**
 * The PDF tab of an open details dialog at 1280 and 390 px: every page drawn, as wide as the dialog allows and
 * no wider; the pages run down the dialog's own scroll with the zoom bar held at its top, and zoomed in only
 * the pages scroll sideways, never the dialog or the page.
 */
async function expectDialogPdf(page: Page, dialog: Locator) {
  const body = dialog.locator('.overflow-y-auto').first();
  const viewer = dialog.getByRole('region', { name: 'Document pages' });
  const zoom = dialog.getByRole('group', { name: 'Zoom' });
  const sideways = (scroller: Locator) => scroller.evaluate((el) => el.scrollWidth > el.clientWidth);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(zoom).toBeVisible();
    // Fitted to the viewer's new width (it follows a resize) before the pages are read.
    await expect
      .poll(() =>
        viewer.evaluate((el) => {
          const style = getComputedStyle(el);
          const inner =
            el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
          const canvas = el.querySelector('canvas');
          return canvas ? Math.abs(canvas.getBoundingClientRect().width - inner) <= 1 : false;
        }),
      )
      .toBe(true);
    const pages = await expectPdfDrawn(dialog, { label: `at ${width} px` });
    expect(pages, 'a PDF of more than one page').toBeGreaterThan(1);
    const first = pdfPage(dialog, 1, pages);
    const fitted = await canvasInk(first);
    expect(fitted.cssWidth, `page width at ${width} px`).toBeGreaterThan(width < 640 ? width - 80 : 600);
    const frame = await dialog.boundingBox();
    const sheet = await first.boundingBox();
    expect(sheet!.x).toBeGreaterThanOrEqual(frame!.x);
    expect(sheet!.x + sheet!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
    expect(await sideways(viewer)).toBe(false);
    expect(await sideways(body)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // Down at the end of the last page, the zoom bar is still at the top of the dialog's body.
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(pdfPage(dialog, pages, pages)).toBeInViewport();
    await expect(first).not.toBeInViewport({ ratio: 0.9 });
    await expect(zoom).toBeInViewport({ ratio: 1 });
    // At the very top edge: no strip of page shows above it.
    const bar = await zoom.boundingBox();
    const port = await body.boundingBox();
    expect(
      Math.abs(bar!.y - port!.y),
      `zoom bar at the top of the dialog at ${width} px`,
    ).toBeLessThanOrEqual(1);
    await page.screenshot({ path: `/tmp/shots/details-pdf-view-${width}-end.png` });

    // Zoomed in, the pages scroll sideways within the viewer; the dialog and the page do not.
    await zoom.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoom.getByRole('status')).toHaveText('Zoom 125%');
    await expect(first).toHaveAttribute('data-drawn', 'true');
    expect((await canvasInk(first)).cssWidth).toBeGreaterThan(fitted.cssWidth * 1.2);
    expect(await sideways(viewer)).toBe(true);
    expect(await sideways(body)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await zoom.getByRole('button', { name: 'Fit width' }).click();
    await expect(zoom.getByRole('status')).toHaveText('Zoom 100%');
    await body.evaluate((el) => el.scrollTo(0, 0));
    // What a user sees, the dialog as it is on the screen: /tmp/shots/details-pdf-view-<width>.png.
    await page.screenshot({ path: `/tmp/shots/details-pdf-view-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('the details view shows the parties, the PDF and the audit trail; Download saves the PDF; Edit and Delete', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await openDocuments(page, account);
  // A rights clause long enough to take the PDF over a page: the PDF tab shows every page, not just the first.
  const doc = await seedContract(page, account, 'Night Drive Contract', {
    rights: 'The producer keeps the right to show the work in a portfolio and on a showreel. '.repeat(30),
  });
  await page.reload();
  const contract = card(page, 'Night Drive Contract');
  await contract.getByRole('button', { name: /View details/ }).click();
  const details = page.getByRole('dialog', { name: 'Night Drive Contract' });
  await expect(details.getByText(doc.documentId)).toBeVisible();
  const parties = details.getByRole('heading', { name: 'Parties' }).locator('..');
  await expect(parties).toContainText('Nia Cole');
  await expect(parties).toContainText('Jonas Berg');
  await expect(parties).toContainText('+44 117 555 0100');
  await expect(details).toContainText('$2,500.00');
  await expect(details.getByText('Stereo master')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'documents-details', details);

  // The PDF tab draws the pages (phones show nothing, or only page 1, of a framed PDF). pdf.js fetches the PDF
  // with no bearer token: it is the access cookie that lets it through.
  const inlinePdf = (r: Response) => r.url().includes(`/api/documents/${doc._id}/download?inline=1`);
  const inline = page.waitForResponse(inlinePdf);
  await details.getByRole('tab', { name: 'PDF' }).click();
  const shown = await inline;
  expect(shown.status()).toBe(200);
  expect(shown.headers()['content-type']).toBe('application/pdf');
  expect(await shown.request().headerValue('authorization')).toBeNull();
  expect(await shown.request().headerValue('cookie')).toBeTruthy();
  const revision = new URL(shown.url()).searchParams.get('rev');
  expect(revision).toBe('1');
  await expect(details.locator('iframe')).toHaveCount(0);
  const open = details.getByRole('link', { name: 'Open the PDF in a new tab' });
  await expect(open).toHaveAttribute('href', `/api/documents/${doc._id}/download?inline=1&rev=${revision}`);
  await expect(open).toHaveAttribute('target', '_blank');
  await expectDialogPdf(page, details);
  await expectAccessible(page);
  await screenshots(page, 'details-pdf', details);

  // Download gives document-<id>.pdf, a real PDF.
  const downloading = page.waitForEvent('download');
  await details.getByRole('button', { name: 'Download' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`document-${doc._id}.pdf`);
  expect(
    readFileSync(await file.path())
      .subarray(0, 4)
      .toString(),
  ).toBe('%PDF');

  await details.getByRole('tab', { name: 'Audit trail' }).click();
  const trail = details.getByRole('list', { name: 'Audit trail' });
  await expect(trail).toContainText('Generated');
  await expect(trail).toContainText('Downloaded');
  await expect(trail).toContainText(account.email);
  await screenshots(page, 'documents-details-audit', details);

  // Edit opens the same form, filled; saving sends PUT and the view shows the change.
  await details.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Document' });
  await expect(edit.getByLabel('Project title')).toHaveValue('Night Drive');
  await expect(party(edit, 'Primary').getByLabel('Address')).toHaveValue('12 Harbour Rd\nBristol');
  await edit.getByLabel('Title', { exact: true }).fill('Night Drive Contract v2');
  await edit.getByLabel('Budget (USD)').fill('3000');
  const put = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().includes(`/api/documents/${doc._id}`),
  );
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await put;
  await expect(edit).toBeHidden();
  const updated = page.getByRole('dialog', { name: 'Night Drive Contract v2' });
  await updated.getByRole('tab', { name: 'Details' }).click();
  await expect(updated).toContainText('$3,000.00');
  // The PDF was rendered again: its new revision is a new address, loaded afresh and drawn.
  const reloaded = page.waitForResponse(inlinePdf);
  await updated.getByRole('tab', { name: 'PDF' }).click();
  const again = await reloaded;
  expect(again.status()).toBe(200);
  expect(new URL(again.url()).searchParams.get('rev')).toBe('2');
  await expectPdfDrawn(updated);
  await updated.getByRole('button', { name: 'Close' }).click();
  await expect(card(page, 'Night Drive Contract v2')).toContainText('$3,000.00');

  // Delete asks first.
  await card(page, 'Night Drive Contract v2')
    .getByRole('button', { name: /View details/ })
    .click();
  await updated.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Document' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(updated).toBeVisible();
  await updated.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete Document' }).click();
  await expect(updated).toBeHidden();
  await expect(page.getByRole('heading', { name: 'No documents yet' })).toBeVisible();
  await expect(tile(page, 'Total')).toHaveText('0');
});

test('SPEC §8 failures: the list, the form, the details and the download each say what went wrong', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  let list: 'network' | '404' | '500' | 'real' = 'network';
  await page.route('**/api/documents?*', (route) => {
    if (list === 'network') return route.abort('connectionrefused');
    if (list === '404') return route.fulfill(json(404, { success: false, message: 'Not Found' }));
    if (list === '500')
      return route.fulfill(json(500, { success: false, message: 'boom', error: { code: 'INTERNAL' } }));
    return route.fallback();
  });
  await openDocuments(page, account);
  await expect(
    page.getByText('Unable to connect to the server. Please check your internet connection.'),
  ).toBeVisible();
  list = '404';
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(
    page.getByText('Document service not found. Please contact support if this issue persists.'),
  ).toBeVisible();
  list = '500';
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Failed to load documents/);
  list = 'real';
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'No documents yet' })).toBeVisible();

  // The server's field errors land beside their fields: a second invoice with a number already used.
  await seedInvoice(page, account, 'INV-7');
  await page.reload();
  let dialog = await openForm(page, 'Studio Session Invoice');
  await fillParties(dialog, ['Nia Cole', account.email], ['Velvet Hours', 'band@velvethours.example']);
  await dialog.getByLabel('Invoice number').fill('INV-7');
  await dialog.getByLabel('Due date').fill('2031-01-31');
  await dialog.getByLabel('Item 1 description').fill('Mixing');
  await dialog.getByLabel('Item 1 rate').fill('300');
  await dialog.getByRole('button', { name: 'Generate Document' }).click();
  const numberField = dialog.getByLabel('Invoice number');
  await expect(numberField).toHaveAttribute('aria-invalid', 'true');
  await expect(numberField).toBeFocused();
  await expect(dialog.getByText('An invoice with this number already exists')).toBeVisible();

  // Any other failure: 'Failed to generate document' as the form's error.
  await page.route('**/api/documents/generate', (route) =>
    route.fulfill(json(500, { success: false, message: 'Internal error', error: { code: 'INTERNAL' } })),
  );
  await numberField.fill('INV-8');
  await dialog.getByRole('button', { name: 'Generate Document' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Failed to generate document');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Details and download failures are alerts.
  await page.route('**/api/documents/*/download', (route) =>
    route.fulfill(json(500, { success: false, message: 'Storage offline', error: { code: 'INTERNAL' } })),
  );
  const invoice = card(page, 'Invoice INV-7');
  await invoice.getByRole('button', { name: /Download/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to download document' })).toBeVisible();
  await page.route(/\/api\/documents\/[^/?]+$/, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill(json(500, { success: false, message: 'boom', error: { code: 'INTERNAL' } }))
      : route.fallback(),
  );
  await invoice.getByRole('button', { name: /View details/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load document details' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  dialog = form(page);
  await expect(dialog).toHaveCount(0);
});
