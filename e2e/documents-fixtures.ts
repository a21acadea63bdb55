// Shared set-up for the documents browser tests: a project with a collaborator made through the API, the
// screen opened after signing in, locators for the cards, stats tiles and the form, screenshots to look at;
// for signing, contracts made and sent through the API and the signing links read from the server's outbox;
// for the PDF viewer (the signing page, a document's PDF tab), what its canvases hold.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { tokenOf } from './account-helpers.ts';
import { E2E_DATA_DIR } from './env.ts';
import { type Account, createAccount, signInThroughUi } from './fixtures.ts';
import { addMember } from './invitation-helpers.ts';

/** A project owned by `account` with one collaborator (a second, real account). */
export async function createProjectWithCollaborator(
  request: APIRequestContext,
  account: Account,
  title: string,
): Promise<{ projectId: string; collaborator: Account }> {
  const token = await tokenOf(request, account);
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/projects', {
    data: { title, type: 'single', description: 'Late-night sessions', metadata: { genre: 'soul' } },
    headers,
  });
  expect(created.status()).toBe(201);
  const projectId = (await created.json()).data.project._id as string;
  const collaborator = await createAccount(request, { name: 'Rae Moss' });
  await addMember(request, token, projectId, collaborator, {
    permission: 'edit',
    role: 'Vocalist',
  });
  return { projectId, collaborator };
}

export async function openDocuments(page: Page, account: Account) {
  await page.goto('/documents');
  await signInThroughUi(page, account);
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
}

export const cards = (page: Page) => page.getByRole('region', { name: 'Documents' }).getByRole('article');
export const card = (page: Page, title: string) => cards(page).filter({ hasText: title });

/** The number on a stats tile. */
export const tile = (page: Page, label: string) =>
  page
    .getByLabel('Document stats')
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

export const form = (page: Page) => page.getByRole('dialog', { name: 'Generate Document' });
export const party = (dialog: Locator, role: 'Primary' | 'Secondary') =>
  dialog.getByRole('group', { name: `${role} party` });

export async function openForm(page: Page, template?: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Generate Document' }).first().click();
  const dialog = form(page);
  await expect(dialog).toBeVisible();
  if (template) await dialog.getByLabel('Template').selectOption({ label: template });
  return dialog;
}

export async function fillParties(dialog: Locator, primary: [string, string], secondary: [string, string]) {
  await party(dialog, 'Primary').getByLabel('Name').fill(primary[0]);
  await party(dialog, 'Primary').getByLabel('Email').fill(primary[1]);
  await party(dialog, 'Secondary').getByLabel('Name').fill(secondary[0]);
  await party(dialog, 'Secondary').getByLabel('Email').fill(secondary[1]);
}

/** Submits the form and waits for the alert and the closed dialog. */
export async function generate(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Generate Document' }).click();
  await expect(page.getByText('Document generated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

const SHOTS = '/tmp/shots';

/**
 * Screenshots at 1280 px and 390 px wide in the default dark theme, to look at: the whole page, or an open
 * dialog with all of its scrolling content.
 */
export async function screenshots(page: Page, name: string, dialog?: Locator): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const file = path.join(SHOTS, `${name}-${width}.png`);
    if (dialog) {
      // A dialog scrolls inside itself: stretch the viewport to its content so one picture holds all of it.
      const scroller = dialog.locator('.overflow-y-auto').first();
      const height = await scroller.evaluate((el) => el.scrollHeight);
      await page.setViewportSize({ width, height: Math.min(6000, height + 260) });
      await page.screenshot({ path: file });
    } else await page.screenshot({ path: file, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
  await page.emulateMedia({ colorScheme: null });
}

export interface Party {
  name: string;
  email: string;
}

async function generateThroughApi(request: APIRequestContext, owner: Account, data: object) {
  const res = await request.post('/api/documents/generate', {
    headers: { authorization: `Bearer ${await tokenOf(request, owner)}` },
    data,
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data.document as { _id: string; documentId: string };
}

/** A producer contract between two parties, generated through the API by `owner`. */
export const generateContract = (
  request: APIRequestContext,
  owner: Account,
  title: string,
  primary: Party,
  secondary: Party,
) =>
  generateThroughApi(request, owner, {
    templateName: 'producer-contract',
    title,
    parties: { primary, secondary },
    contractDetails: { projectTitle: 'Night Drive', deliverables: ['Stereo master'], budget: 2500 },
  });

/** A studio session invoice from `owner` to a client, generated through the API. */
export const generateInvoice = (
  request: APIRequestContext,
  owner: Account,
  invoiceNumber: string,
  client: Party,
) =>
  generateThroughApi(request, owner, {
    templateName: 'studio-session-invoice',
    parties: { primary: { name: owner.name, email: owner.email }, secondary: client },
    invoiceDetails: {
      invoiceNumber,
      items: [{ description: 'Tracking day', quantity: 1, rate: 450 }],
      dueDate: '2031-01-31',
    },
  });

/** Sends a document for signature through the API, every party at once. */
export async function sendForSignature(request: APIRequestContext, owner: Account, id: string) {
  const res = await request.post(`/api/documents/${id}/send`, {
    headers: { authorization: `Bearer ${await tokenOf(request, owner)}` },
    data: { signingOrder: 'parallel' },
  });
  expect(res.status()).toBe(200);
}

function readOutbox<T>(read: (db: Database.Database) => T): T {
  const db = new Database(path.join(E2E_DATA_DIR, 'mixdesk.db'), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** How many signing requests have been mailed to an address. */
export const signingMails = (to: string) =>
  readOutbox(
    (db) =>
      (
        db
          .prepare("select count(*) as n from mail_outbox where to_address = ? and kind = 'document_signing'")
          .get(to) as { n: number }
      ).n,
  );

/** The newest signing link mailed to an address (waited for in the outbox). */
export async function signingLink(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () =>
        readOutbox((db) => {
          const row = db
            .prepare(
              "select text_body from mail_outbox where to_address = ? and kind = 'document_signing' order by created_at desc, id desc limit 1",
            )
            .get(to) as { text_body: string } | undefined;
          link = row?.text_body.match(/https?:\/\/\S+\/sign\/\S+/)?.[0] ?? '';
          return link;
        }),
      { message: `a signing link mailed to ${to}` },
    )
    .not.toBe('');
  return link;
}

export const CONSENT = /I agree to sign this document electronically/;

/** A fresh browser (no cookies, no session) at the link a party got by email. */
export async function openLinkAsParty(browser: Browser, party: Party): Promise<Page> {
  const link = await signingLink(party.email);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Sign as ${party.name}` })).toBeVisible();
  return page;
}

/** Draws a signature with the mouse: a loop and a long tail across the pad. */
export async function drawSignature(page: Page, pad: Locator) {
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature pad is not on screen');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(0.15, 0.6));
  await page.mouse.down();
  for (const [x, y] of [
    [0.25, 0.25],
    [0.32, 0.7],
    [0.4, 0.35],
    [0.5, 0.65],
    [0.62, 0.3],
    [0.85, 0.55],
  ] as const)
    await page.mouse.move(...at(x, y), { steps: 6 });
  await page.mouse.up();
}

/** What a page's canvas holds: its bitmap size, its size on screen, and how many of its pixels are ink. */
export const canvasInk = (canvas: Locator) =>
  canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    let ink = 0;
    let paper = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (a === 255 && r < 128 && g < 128 && b < 128) ink++;
      else if (a === 255 && r > 240 && g > 240 && b > 240) paper++;
    }
    const box = c.getBoundingClientRect();
    return { width: c.width, height: c.height, cssWidth: box.width, ink, paper, pixels: data.length / 4 };
  });

/** The canvas of page `n` of `pages` in the PDF viewer within `scope`. */
export const pdfPage = (scope: Page | Locator, n: number, pages: number) =>
  scope.getByRole('img', { name: `Page ${n} of ${pages}`, exact: true });

/**
 * Checks that the PDF viewer within `scope` drew the whole PDF: one canvas per page, the zoom bar counting them,
 * each canvas drawn for the size shown with ink on white paper, at `scale` device pixels per CSS pixel. Returns
 * how many pages there are (`pages` when given, else as many as the viewer shows, at least one).
 */
export async function expectPdfDrawn(
  scope: Page | Locator,
  { pages, scale = 1, label = '' }: { pages?: number; scale?: number; label?: string } = {},
): Promise<number> {
  const canvases = scope.getByRole('img', { name: /^Page \d+ of \d+$/ });
  const zoom = scope.getByRole('group', { name: 'Zoom' });
  await expect(zoom).toContainText(/\d+ pages?/);
  const count = pages ?? Number((await zoom.locator('p').textContent())?.match(/(\d+) pages?/)?.[1]);
  expect(count, `pages ${label}`).toBeGreaterThan(0);
  await expect(canvases).toHaveCount(count);
  await expect(zoom).toContainText(`${count} ${count === 1 ? 'page' : 'pages'}`);
  for (let n = 1; n <= count; n++) {
    const canvas = pdfPage(scope, n, count);
    await expect(canvas).toHaveAttribute('data-drawn', 'true');
    const drawn = await canvasInk(canvas);
    expect(drawn.ink, `ink on page ${n} ${label}`).toBeGreaterThan(500);
    expect(drawn.paper / drawn.pixels, `paper on page ${n} ${label}`).toBeGreaterThan(0.5);
    expect(
      Math.abs(drawn.width - drawn.cssWidth * scale),
      `density of page ${n} ${label}`,
    ).toBeLessThanOrEqual(scale);
  }
  return count;
}
