// Settings › Webhooks (issue #38): a person makes a webhook to a receiver this test runs (node:http), copies its
// secret once, and the receiver gets a project's creation as a POST it verifies with node:crypto; the delivery
// log shows it, Redeliver sends the same event again; the webhook is edited, turned off and deleted.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { signInTo } from './account-helpers.ts';
import { createAccount, expectAccessible } from './fixtures.ts';
import { createProject, screenshots } from './media-fixtures.ts';

const SHOTS = '/tmp/shots-webhooks';

interface Received {
  body: string;
  signature: string;
  event: { id: string; type: string; data: { summary: string } };
}

/** A receiver on 127.0.0.1 that answers 200 and keeps what it was sent. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ body, signature: String(req.headers['mixdesk-signature']), event: JSON.parse(body) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mixdesk`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether `signature` signs `body` with `secret`, checked as a receiver following the documentation would. */
function verified(secret: string, signature: string, body: string): boolean {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
  return v1 === createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
}

const webhooksCard = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Webhooks', exact: true }) });

test('make a webhook, receive a signed event, see it in the log, redeliver, edit, turn off, delete', async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    const account = await createAccount(request, { name: 'Hook Keeper' });
    await signInTo(page, account, '/settings');
    const card = webhooksCard(page);
    await expect(card.getByText('No webhooks yet.')).toBeVisible();
    await expect(card.getByText('0 of 20 webhooks')).toBeVisible();

    await card.getByRole('button', { name: 'New Webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'New webhook' });
    await dialog.getByRole('button', { name: 'Create Webhook' }).click();
    await expect(dialog.getByText('URL is required')).toBeVisible();
    await dialog.getByLabel('URL').fill(receiver.url);
    await dialog.getByRole('checkbox', { name: 'All events, including kinds added later' }).click();
    await dialog.getByRole('button', { name: 'Create Webhook' }).click();
    await expect(dialog.getByText('Choose at least one event')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Project created' }).click();
    await dialog.getByRole('checkbox', { name: 'Signed', exact: true }).click();
    await dialog.getByLabel('Description').fill('Catalogue sync');
    await expectAccessible(page);
    await screenshots(page, 'webhooks-new', SHOTS);
    await dialog.getByRole('button', { name: 'Create Webhook' }).click();
    await expect(dialog).toBeHidden();

    // The secret, shown once, to copy.
    const panel = page.getByRole('region', { name: `Signing secret for ${receiver.url}` });
    await expect(panel).toContainText('you won’t see it again');
    const secret = await panel.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await panel.getByRole('button', { name: 'Copy' }).click();
    await expect(panel.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const row = card.getByRole('list', { name: 'Webhooks' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(receiver.url);
    await expect(row).toContainText('On');
    await expect(row).toContainText('Catalogue sync');
    await expect(row).toContainText('Project created, Signed');
    await expect(card.getByText('1 of 20 webhooks')).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'webhooks-created', SHOTS);

    // An event: the receiver gets it, signed with the secret the page showed.
    const projectId = await createProject(request, account, 'Hooked Album');
    await expect.poll(() => receiver.received.length).toBe(1);
    const [first] = receiver.received;
    expect(verified(secret, first!.signature, first!.body)).toBe(true);
    expect(first!.event).toMatchObject({
      id: `project_created:${projectId}`,
      type: 'project_created',
      data: { summary: 'Hook Keeper created the project Hooked Album' },
    });

    // The log, and Redeliver: the same event again.
    await panel.getByRole('button', { name: 'Done' }).click();
    await row.getByRole('button', { name: 'Deliveries of Catalogue sync' }).click();
    const log = page.getByRole('dialog', { name: 'Deliveries' });
    const entries = log.getByRole('list', { name: 'Deliveries' }).getByRole('listitem');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Delivered');
    await expect(entries.first()).toContainText('Project created');
    await expect(entries.first()).toContainText('200');
    await expectAccessible(page);
    await screenshots(page, 'webhooks-deliveries', SHOTS);
    await entries
      .first()
      .getByRole('button', { name: /^Redeliver Project created/ })
      .click();
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(receiver.received[1]!.event.id).toBe(first!.event.id);
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText('Redelivery');
    await expect(entries.first()).toContainText('Delivered');
    await log.getByRole('button', { name: 'Close' }).click();

    // Edited, turned off, deleted.
    await row.getByRole('button', { name: 'Edit Catalogue sync' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit webhook' });
    await expect(edit.getByLabel('URL')).toHaveValue(receiver.url);
    await edit.getByLabel('Description').fill('Label catalogue');
    await edit.getByRole('button', { name: 'Save Webhook' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Label catalogue');
    await row.getByRole('button', { name: 'Turn off Label catalogue' }).click();
    await expect(row).toContainText('Off');
    await expect(row.getByRole('button', { name: 'Turn on Label catalogue' })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'webhooks-off', SHOTS);
    await row.getByRole('button', { name: 'Delete Label catalogue' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this webhook?' });
    await confirm.getByRole('button', { name: 'Delete Webhook' }).click();
    await expect(card.getByText('No webhooks yet.')).toBeVisible();
    await expect(card.getByText('0 of 20 webhooks')).toBeVisible();
  } finally {
    await receiver.close();
  }
});
