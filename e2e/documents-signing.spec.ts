// Signing documents as people do (decision 010): the owner sends a contract for signature from /documents,
// each party opens the link mailed to them in their own browser, draws or types a signature and signs, and
// the owner downloads the completed PDF; a party who is the signed-in user signs from the card; an owner who
// is not a party resends the links; a party declines; an invoice is marked paid; a dead link says so.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { tokenOf } from './account-helpers.ts';
import {
  CONSENT,
  canvasInk,
  card,
  drawSignature,
  expectPdfDrawn,
  generateContract,
  generateInvoice,
  openDocuments,
  openLinkAsParty,
  screenshots,
  sendForSignature,
  signingLink,
  signingMails,
} from './documents-fixtures.ts';
import { createAccount, expectAccessible, newEmail } from './fixtures.ts';

/** One full-page picture at the page's own size, to look at: /tmp/shots/<name>.png. */
async function screenshotOf(page: Page, name: string) {
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
}

test('the owner sends a contract; one party draws, the other types, and the completed PDF carries the certificate', async ({
  page,
  request,
  browser,
}) => {
  // Two signers in their own browser contexts and a sealed PDF: over a minute on a slow day of this 2-core
  // machine (2026-11-28 ran every CI step 1.3-2.5x slower), so three times the default timeout.
  test.slow();
  const owner = await createAccount(request, { name: 'Nia Cole' });
  const primary = { name: 'Ari Lennox', email: newEmail('ari') };
  const secondary = { name: 'Jonas Berg', email: newEmail('jonas') };
  const title = 'Night Drive Contract';
  const doc = await generateContract(request, owner, title, primary, secondary);

  // The owner sends it for signature from the details view, everyone at once.
  await openDocuments(page, owner);
  await card(page, title)
    .getByRole('button', { name: /View details/ })
    .click();
  const details = page.getByRole('dialog', { name: title });
  await details.getByRole('button', { name: 'Send for signature' }).click();
  const send = page.getByRole('dialog', { name: 'Send for signature' });
  await expect(send).toContainText(primary.email);
  await expect(send).toContainText(secondary.email);
  await expect(send.getByRole('radio', { name: /All at once/ })).toBeChecked();
  await expectAccessible(page);
  await screenshots(page, 'documents-send-dialog', send);
  await send.getByRole('button', { name: 'Send for signature' }).click();
  await expect(page.getByText('Signing links sent')).toBeVisible();
  await expect(send).toBeHidden();
  await expect(details.getByRole('button', { name: 'Resend links' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Send for signature' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Void' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'documents-details-sent', details);
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(card(page, title)).toContainText('Sent');

  // The primary party, in a browser of their own, reads it and draws a signature with the mouse.
  const first = await openLinkAsParty(browser, primary);
  await expect(first.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(first.getByText(`${owner.name} (${owner.email}) asks you to read and sign`)).toBeVisible();
  await expect(first.getByRole('img', { name: /^Page 1 of \d+$/ })).toHaveAttribute('data-drawn', 'true');
  await expect(first.getByRole('link', { name: 'Open PDF' })).toBeVisible();
  const signers = first.getByRole('heading', { name: 'Signers' }).locator('..');
  await expect(signers).toContainText(`${primary.name} (you)`);
  await expect(signers).toContainText(secondary.name);
  await expect(first.getByText('$2,500.00')).toBeVisible();
  await expectAccessible(first);
  await screenshots(first, 'sign-page');

  // An empty pad and a missing consent are refused before anything is sent.
  await first.getByRole('button', { name: 'Sign document' }).click();
  await expect(first.getByText('Draw your signature to sign')).toBeVisible();
  await expect(first.getByText('You must agree to sign electronically')).toBeVisible();
  const pad = first.getByRole('img', { name: /Signature pad/ });
  await drawSignature(first, pad);
  await expect(pad).toHaveAccessibleName('Signature pad, with your signature');
  await expect(first.getByText('Draw your signature to sign')).toBeHidden();
  await first.getByRole('checkbox', { name: CONSENT }).check();
  await expect(first.getByText('You must agree to sign electronically')).toBeHidden();
  await screenshots(first, 'sign-page-drawn');
  await first.getByRole('button', { name: 'Sign document' }).click();
  await expect(first.getByRole('heading', { name: 'Thank you — you have signed.' })).toBeVisible();
  await expect(
    first.getByText('When everyone has signed, you will get the final copy by email.'),
  ).toBeVisible();
  await expectAccessible(first);
  await screenshots(first, 'sign-signed');
  await first.context().close();

  // The secondary party types the signature instead: their name is already there.
  const second = await openLinkAsParty(browser, secondary);
  await expect(second.getByRole('heading', { name: 'Signers' }).locator('..')).toContainText('Signed');
  await second.getByRole('tab', { name: 'Type' }).click();
  const typed = second.getByLabel('Your name, as your signature');
  await expect(typed).toHaveValue(secondary.name);
  await screenshots(second, 'sign-page-typed');
  await second.getByRole('checkbox', { name: CONSENT }).check();
  await second.getByRole('button', { name: 'Sign document' }).click();
  await expect(second.getByRole('heading', { name: 'Thank you — you have signed.' })).toBeVisible();
  await expect(second.getByText(/Everyone has signed/)).toBeVisible();
  await screenshots(second, 'sign-completed');
  await second.context().close();

  // The owner sees it completed, and the download is the sealed copy with its certificate.
  await page.reload();
  const done = card(page, title);
  await expect(done).toContainText('Completed');
  await expect(done.getByRole('button', { name: /^Sign/ })).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await done.getByRole('button', { name: /Download/ }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`document-${doc._id}.pdf`);
  const text = execFileSync('pdftotext', [await file.path(), '-'], { encoding: 'utf8' });
  expect(text).toContain('Certificate of Completion');
  expect(text).toContain(primary.name);
  expect(text).toContain(secondary.name);

  // The details list both signatures with their times; a completed document can no longer be voided or sent.
  await done.getByRole('button', { name: /View details/ }).click();
  const completed = page.getByRole('dialog', { name: title });
  const list = completed.getByRole('heading', { name: 'Signers' }).locator('..').getByRole('listitem');
  await expect(list).toHaveCount(2);
  for (const item of await list.all()) {
    await expect(item).toContainText('Signed');
    await expect(item.locator('time')).toBeVisible();
  }
  await expect(completed.getByRole('button', { name: 'Void' })).toHaveCount(0);
  await expect(completed.getByRole('button', { name: 'Resend links' })).toHaveCount(0);
});

/** How many pages the server's PDF has, as poppler's pdfinfo reads it (not pdf.js, which the page uses). */
async function pdfPages(request: APIRequestContext, href: string): Promise<number> {
  const res = await request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const dir = mkdtempSync(path.join(tmpdir(), 'signing-pdf-'));
  const file = path.join(dir, 'document.pdf');
  writeFileSync(file, await res.body());
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  rmSync(dir, { recursive: true, force: true });
  const pages = Number(info.match(/^Pages:\s+(\d+)$/m)?.[1]);
  expect(pages).toBeGreaterThan(0);
  return pages;
}

test('the signing page draws every page of the PDF on a phone and a desktop, zooms, and still links to the file', async ({
  request,
  browser,
}) => {
  const owner = await createAccount(request, { name: 'Nia Cole' });
  const primary = { name: 'Ari Lennox', email: newEmail('ari') };
  const title = 'Slow Burn Contract';
  // Long enough to run over several pages.
  const created = await request.post('/api/documents/generate', {
    headers: { authorization: `Bearer ${await tokenOf(request, owner)}` },
    data: {
      templateName: 'producer-contract',
      title,
      parties: { primary, secondary: { name: 'Jonas Berg', email: newEmail('jonas') } },
      contractDetails: {
        projectTitle: 'Night Drive',
        deliverables: Array.from(
          { length: 30 },
          (_, i) => `Stem ${i + 1}, 24-bit WAV, with a print-ready cue`,
        ),
        budget: 2500,
        rights: 'The producer keeps the right to show the work in a portfolio. '.repeat(40),
      },
    },
  });
  expect(created.status()).toBe(201);
  await sendForSignature(request, owner, (await created.json()).data.document._id);
  const link = await signingLink(primary.email);
  const href = `/api/sign/${link.split('/sign/')[1]}/pdf`;
  const pages = await pdfPages(request, href);
  expect(pages, 'a contract of several pages').toBeGreaterThan(1);

  for (const { width, scale } of [
    { width: 390, scale: 3 },
    { width: 1280, scale: 1 },
  ]) {
    const context = await browser.newContext({
      viewport: { width, height: 844 },
      deviceScaleFactor: scale,
      isMobile: width < 640,
      hasTouch: width < 640,
    });
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto(link);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

    // One canvas per page of the PDF, each drawn with ink on white paper, crisp at the screen's density.
    await expectPdfDrawn(page, { pages, scale, label: `at ${width} px` });

    // At fit width the page fills the viewer, and the page itself never scrolls sideways.
    const first = page.getByRole('img', { name: `Page 1 of ${pages}`, exact: true });
    const fitted = await canvasInk(first);
    expect(fitted.cssWidth).toBeGreaterThan(width < 640 ? width - 40 : 600);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const zoom = page.getByRole('group', { name: 'Zoom' });
    await expect(zoom.getByRole('status')).toHaveText('Zoom 100%');
    await expect(zoom.getByRole('button', { name: 'Fit width' })).toBeDisabled();

    // Zoom in twice: the page is drawn wider and at more pixels; the viewer scrolls sideways, not the page.
    await zoom.getByRole('button', { name: 'Zoom in' }).click();
    await zoom.getByRole('button', { name: 'Zoom in' }).click();
    await expect(zoom.getByRole('status')).toHaveText('Zoom 150%');
    await expect(first).toHaveAttribute('data-drawn', 'true');
    const zoomed = await canvasInk(first);
    expect(zoomed.cssWidth).toBeGreaterThan(fitted.cssWidth * 1.45);
    expect(zoomed.width).toBeGreaterThan(fitted.width * 1.45);
    expect(zoomed.ink).toBeGreaterThan(fitted.ink);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const viewer = page.getByRole('region', { name: 'Document pages' });
    expect(await viewer.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    if (width < 640) {
      await screenshotOf(page, `signing-zoomed-${width}`);
    }

    // Zoom out and back to fit width.
    await zoom.getByRole('button', { name: 'Zoom out' }).click();
    await expect(zoom.getByRole('status')).toHaveText('Zoom 125%');
    await zoom.getByRole('button', { name: 'Fit width' }).click();
    await expect(zoom.getByRole('status')).toHaveText('Zoom 100%');
    await expect(first).toHaveAttribute('data-drawn', 'true');
    expect((await canvasInk(first)).cssWidth).toBe(fitted.cssWidth);

    // On a phone the zoom buttons stay at the top of the screen while the pages scroll by.
    if (width < 640) {
      await page
        .getByRole('img', { name: `Page ${pages} of ${pages}`, exact: true })
        .evaluate((canvas) => canvas.scrollIntoView({ block: 'start' }));
      await expect(first).not.toBeInViewport();
      await expect(zoom).toBeInViewport();
      await page.evaluate(() => window.scrollTo(0, 0));
    }

    // Beside the panel, the document stays in view while the page scrolls down to Sign.
    if (width >= 1024) {
      await page.getByRole('button', { name: 'Sign document' }).scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      await expect(first).toBeInViewport({ ratio: 0.5 });
      await page.evaluate(() => window.scrollTo(0, 0));
    }

    // Open PDF still opens the file itself.
    const open = page.getByRole('link', { name: 'Open PDF', exact: true });
    await expect(open).toHaveAttribute('href', href);
    await expect(open).toHaveAttribute('target', '_blank');
    await expectAccessible(page);
    await screenshotOf(page, `signing-${width}`);
    // pdf.js and its worker run under the page's Content-Security-Policy as it is.
    expect(blocked).toEqual([]);
    await context.close();
  }
});

test('when the PDF cannot be drawn the page says so, offers the file itself, and Try again draws it', async ({
  request,
  page,
}) => {
  const owner = await createAccount(request, { name: 'Nia Cole' });
  const primary = { name: 'Ari Lennox', email: newEmail('ari') };
  const doc = await generateContract(request, owner, 'Glass House Contract', primary, {
    name: 'Jonas Berg',
    email: newEmail('jonas'),
  });
  await sendForSignature(request, owner, doc._id);
  const link = await signingLink(primary.email);
  const href = `/api/sign/${link.split('/sign/')[1]}/pdf`;

  // While the file is on its way the viewer says so; then it turns out to be damaged.
  let deliver = () => {};
  const held = new Promise<void>((resolve) => {
    deliver = resolve;
  });
  await page.route('**/api/sign/*/pdf', async (route) => {
    await held;
    await route.fulfill({ status: 200, contentType: 'application/pdf', body: 'not a PDF at all' });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: 'Loading the document…' })).toBeVisible();
  await screenshotOf(page, 'signing-loading-390');
  deliver();
  const problem = page.getByRole('alert').filter({ hasText: "This document can't be shown here" });
  await expect(problem).toBeVisible();
  await expect(problem.getByRole('link', { name: 'Open the PDF instead' })).toHaveAttribute('href', href);
  await expect(page.getByRole('link', { name: 'Open PDF', exact: true })).toHaveAttribute('href', href);
  await expect(page.getByRole('img', { name: /^Page \d+ of \d+$/ })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Zoom' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshotOf(page, 'signing-error-390');

  await page.unroute('**/api/sign/*/pdf');
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(problem).toBeHidden();
  await expect(page.getByRole('img', { name: /^Page 1 of \d+$/ })).toHaveAttribute('data-drawn', 'true');
});

test("a party who is the signed-in user signs from the card's Sign, in the same tab", async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { name: 'Nia Cole' });
  const title = 'Paper Lanterns Contract';
  const doc = await generateContract(
    request,
    owner,
    title,
    { name: owner.name, email: owner.email },
    { name: 'Jonas Berg', email: newEmail('jonas') },
  );
  await sendForSignature(request, owner, doc._id);
  await openDocuments(page, owner);
  const sent = card(page, title);
  await expect(sent).toContainText('Sent');
  await sent.getByRole('button', { name: `Sign ${title}` }).click();
  await expect(page).toHaveURL(/\/sign\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { name: `Sign as ${owner.name}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Type' }).click();
  await page.getByRole('checkbox', { name: CONSENT }).check();
  await page.getByRole('button', { name: 'Sign document' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you — you have signed.' })).toBeVisible();

  // Back on the list the document is signed by one party, so Sign is gone.
  await page.getByRole('link', { name: 'Go to your documents' }).click();
  const signed = card(page, title);
  await expect(signed).toContainText('Signed');
  await expect(signed.getByRole('button', { name: `Sign ${title}` })).toHaveCount(0);
});

test('Sign on a document the owner is not a party to offers to resend the links, and Resend mails new ones', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { name: 'Nia Cole' });
  const primary = { name: 'Ari Lennox', email: newEmail('ari') };
  const title = 'Velvet Hours Contract';
  const doc = await generateContract(request, owner, title, primary, {
    name: 'Jonas Berg',
    email: newEmail('jonas'),
  });
  await sendForSignature(request, owner, doc._id);
  const mailed = signingMails(primary.email);
  expect(mailed).toBe(1);

  await openDocuments(page, owner);
  await card(page, title)
    .getByRole('button', { name: `Sign ${title}` })
    .click();
  const offer = page.getByRole('dialog', { name: 'You are not a party to this document' });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText(primary.email);
  await expectAccessible(page);
  await screenshots(page, 'documents-not-a-party', offer);
  await offer.getByRole('button', { name: 'Resend signing links' }).click();
  await expect(page.getByText('Signing links sent')).toBeVisible();
  await expect(offer).toBeHidden();
  await expect.poll(() => signingMails(primary.email)).toBe(mailed + 1);
  await expect(page).toHaveURL(/\/documents$/);
});

test('a party declines with a reason; the page says so and the owner sees the document rejected', async ({
  page,
  request,
  browser,
}) => {
  const owner = await createAccount(request, { name: 'Nia Cole' });
  const primary = { name: 'Ari Lennox', email: newEmail('ari') };
  const title = 'Harbour Lights Contract';
  const doc = await generateContract(request, owner, title, primary, {
    name: 'Jonas Berg',
    email: newEmail('jonas'),
  });
  await sendForSignature(request, owner, doc._id);

  const party = await openLinkAsParty(browser, primary);
  await party.getByRole('button', { name: 'Decline to sign' }).click();
  const decline = party.getByRole('dialog', { name: 'Decline to sign' });
  await decline.getByRole('button', { name: 'Decline to sign' }).click();
  await expect(decline.getByText('Say why you decline to sign')).toBeVisible();
  await decline.getByLabel('Why do you decline?').fill('The budget is not what we agreed.');
  await expectAccessible(party);
  await decline.getByRole('button', { name: 'Decline to sign' }).click();
  await expect(party.getByRole('heading', { name: 'You declined to sign' })).toBeVisible();
  await expect(party.getByText(`${owner.name} has been told`)).toBeVisible();
  await screenshots(party, 'sign-declined');
  await party.context().close();

  await openDocuments(page, owner);
  const rejected = card(page, title);
  await expect(rejected).toContainText('Rejected');
  await rejected.getByRole('button', { name: /View details/ }).click();
  const details = page.getByRole('dialog', { name: title });
  await expect(details.getByRole('heading', { name: 'Signers' }).locator('..')).toContainText('Declined');
  // Declined: it can be edited and sent again, or voided, but not resent as it is.
  await expect(details.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Resend links' })).toHaveCount(0);
  await details.getByRole('button', { name: 'Void' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Void Document' });
  await confirm.getByRole('button', { name: 'Void Document' }).click();
  await expect(confirm).toBeHidden();
  await expect(details.getByText('Voided', { exact: true })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Void' })).toHaveCount(0);
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(card(page, title)).toContainText('Voided');
});

test('an invoice that went out is marked as paid on a day, today by default', async ({ page, request }) => {
  const owner = await createAccount(request, { name: 'Nia Cole' });
  const invoice = await generateInvoice(request, owner, 'INV-0107', {
    name: 'Velvet Hours',
    email: newEmail('band'),
  });
  await openDocuments(page, owner);
  await card(page, 'Invoice INV-0107')
    .getByRole('button', { name: /View details/ })
    .click();
  const details = page.getByRole('dialog', { name: 'Invoice INV-0107' });
  // Not before it went out.
  await expect(details.getByRole('button', { name: 'Send for signature' })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);
  await details.getByRole('button', { name: 'Close' }).click();
  await sendForSignature(request, owner, invoice._id);
  await page.reload();

  await card(page, 'Invoice INV-0107')
    .getByRole('button', { name: /View details/ })
    .click();
  await details.getByRole('button', { name: 'Mark as paid' }).click();
  const paying = page.getByRole('dialog', { name: 'Mark as paid' });
  const day = await paying.getByLabel('Paid on').inputValue();
  expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expectAccessible(page);
  await screenshots(page, 'documents-mark-paid', paying);
  await paying.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(page.getByText('Invoice marked as paid')).toBeVisible();
  await expect(paying).toBeHidden();
  const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(`${day}T12:00:00`));
  await expect(details.getByText(`Paid on ${shown}`)).toBeVisible();
  await expect(details.getByText('Paid', { exact: true })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Void' })).toHaveCount(0);
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(card(page, 'Invoice INV-0107')).toContainText('Paid');
});

test('an invalid signing link shows a friendly page with the reason; a throttled address is told to wait', async ({
  page,
}) => {
  await page.goto(`/sign/${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: "This link can't be used" })).toBeVisible();
  await expect(page.getByText('This signing link is invalid or has expired')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'sign-invalid');

  // Twenty bad links in a quarter of an hour from one address answer 429 (decision 010).
  const wait = 'Too many invalid signing links from this address. Try again in 14 minutes.';
  await page.route('**/api/sign/*', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: wait, error: { code: 'RATE_LIMITED' } }),
    }),
  );
  await page.goto(`/sign/${'B'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Too many attempts' })).toBeVisible();
  await expect(page.getByText(wait)).toBeVisible();
});
