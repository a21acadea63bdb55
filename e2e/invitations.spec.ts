// Joining a project by invitation (issue #20): the owner invites from the Overview's collaborators card and
// sees the invitation pending; the invitee finds it on the projects screen (and in the bell) and accepts or
// declines it there or on /invitations/:id; a revoked invitation is no longer open. Until accepted, the
// project stays out of the invitee's list.
import { expect, type Page, test } from '@playwright/test';
import { tokenOf } from './account-helpers.ts';
import { createAccount, expectAccessible, signInThroughUi } from './fixtures.ts';
import { invite } from './invitation-helpers.ts';
import { createProject, screenshots } from './media-fixtures.ts';
import { openAs } from './review-fixtures.ts';

const SHOTS = '/tmp/shots-invitations';

const card = (page: Page) => page.getByRole('region', { name: 'Collaborators' });
const pending = (page: Page) => card(page).getByRole('list', { name: 'Pending invitations' });
const inviteForm = (page: Page) => page.getByRole('form', { name: 'Invite a collaborator' });
const projectCard = (page: Page, title: string) => page.getByRole('article').filter({ hasText: title });

async function sendInvitation(page: Page, email: string, permission: 'view' | 'edit', role: string) {
  const form = inviteForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Permission').selectOption(permission);
  await form.getByLabel('Role').fill(role);
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/collaborators'),
  );
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  return (await (await answer).json()).data?.invitation?._id as string | undefined;
}

test('the invited artist accepts on the projects screen and the project joins their list', async ({
  page,
  request,
  browser,
}) => {
  const owner = await createAccount(request, { name: 'Paula Producer' });
  const artist = await createAccount(request, { name: 'Arlo Artist' });
  const projectId = await createProject(request, owner, 'Harbour Sessions');
  await page.goto(`/projects/${projectId}`);
  await signInThroughUi(page, owner);

  // The server's refusals read inline, in its words.
  await sendInvitation(page, owner.email, 'view', '');
  await expect(inviteForm(page).getByText('You own this project already.')).toBeVisible();

  await sendInvitation(page, artist.email, 'edit', 'Artist');
  await expect(inviteForm(page).getByText(`Invitation sent to ${artist.email}`)).toBeVisible();
  await expect(inviteForm(page).getByLabel('Email')).toHaveValue('');
  await expect(pending(page).getByRole('listitem')).toHaveCount(1);
  await expect(pending(page)).toContainText(artist.email);
  await expect(pending(page)).toContainText('Can edit');
  await expect(pending(page)).toContainText(/expires \w{3} \d{1,2}, \d{4}/);
  await expect(card(page).getByRole('list', { name: 'People on this project' })).not.toContainText(
    'Arlo Artist',
  );
  await sendInvitation(page, artist.email, 'view', '');
  await expect(inviteForm(page).getByText(/has been invited already and has not answered yet/)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'overview-pending', SHOTS);

  // The artist, in a browser of their own: the invitation waits; the project is not theirs yet.
  const artistPage = await openAs(browser, artist, '/projects');
  const panel = artistPage.getByRole('region', { name: 'Invitations' });
  await expect(panel).toContainText('Paula Producer invited you to Harbour Sessions');
  await expect(panel).toContainText('Can edit');
  await expect(panel).toContainText('Artist');
  await expect(artistPage.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(artistPage.getByRole('heading', { name: 'No projects found' })).toBeVisible();
  await expect(projectCard(artistPage, 'Harbour Sessions')).toHaveCount(0);
  await expectAccessible(artistPage);
  await screenshots(artistPage, 'projects-panel', SHOTS);

  await panel.getByRole('button', { name: 'Accept invitation to Harbour Sessions' }).click();
  await expect(artistPage.getByText('You joined Harbour Sessions')).toBeVisible();
  await expect(projectCard(artistPage, 'Harbour Sessions')).toContainText('Can edit');
  await expect(panel).toHaveCount(0);

  // The owner sees the answer arrive without reloading, and after a reload: a collaborator, no longer pending.
  await expect(card(page).getByRole('list', { name: 'People on this project' })).toContainText('Arlo Artist');
  await expect(pending(page)).toHaveCount(0);
  await page.reload();
  await expect(card(page).getByRole('list', { name: 'People on this project' })).toContainText('Arlo Artist');
  await expect(page.getByLabel('Role of Arlo Artist')).toHaveValue('Artist');
  await expect(pending(page)).toHaveCount(0);
  await artistPage.context().close();
});

test('a revoked invitation is no longer open for the invitee', async ({ page, request, browser }) => {
  const owner = await createAccount(request, { name: 'Paula Producer' });
  const artist = await createAccount(request, { name: 'Arlo Artist' });
  const projectId = await createProject(request, owner, 'Second Thoughts');
  await page.goto(`/projects/${projectId}`);
  await signInThroughUi(page, owner);

  const id = await sendInvitation(page, artist.email, 'view', 'A&R');
  expect(id).toBeTruthy();
  await expect(pending(page)).toContainText(artist.email);
  await pending(page)
    .getByRole('button', { name: `Revoke invitation to ${artist.email}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke invitation?' });
  await expect(confirm).toContainText(artist.email);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Revoke Invitation' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`Invitation to ${artist.email} revoked`)).toBeVisible();
  await expect(pending(page)).toHaveCount(0);
  await page.reload();
  await expect(card(page)).toBeVisible();
  await expect(pending(page)).toHaveCount(0);

  const artistPage = await openAs(browser, artist, `/invitations/${id}?answer=accept`);
  await expect(artistPage.getByRole('heading', { name: 'This invitation is no longer open' })).toBeVisible();
  await expect(artistPage.getByRole('link', { name: 'Go to Projects' })).toBeVisible();
  await expectAccessible(artistPage);
  await screenshots(artistPage, 'invitation-closed', SHOTS);
  await artistPage.getByRole('link', { name: 'Go to Projects' }).click();
  await expect(artistPage).toHaveURL(/\/projects$/);
  await expect(artistPage.getByRole('heading', { name: 'No projects found' })).toBeVisible();
  await expect(artistPage.getByRole('region', { name: 'Invitations' })).toHaveCount(0);
  await artistPage.context().close();
});

test('the emailed decline link opens the invitation, and nothing changes until Decline is pressed', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { name: 'Paula Producer' });
  const artist = await createAccount(request, { name: 'Arlo Artist' });
  const projectId = await createProject(request, owner, 'Maybe Later');
  const ownerToken = await tokenOf(request, owner);
  const id = await invite(request, ownerToken, projectId, artist.email, {
    permission: 'edit',
    role: 'Vocals',
  });

  await page.goto(`/invitations/${id}?answer=decline`);
  await signInThroughUi(page, artist);
  await expect(page).toHaveURL(new RegExp(`/invitations/${id}\\?answer=decline$`));
  const invitation = page.getByRole('region', { name: 'Maybe Later' });
  await expect(invitation).toContainText('Paula Producer invited you');
  await expect(invitation).toContainText('Can edit');
  await expect(invitation).toContainText('Vocals');
  await expect(page.getByRole('button', { name: 'Decline' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'invitation-page', SHOTS);

  // Opening the link answered nothing: the owner still sees it pending.
  const listed = await request.get(`/api/projects/${projectId}/invitations`, {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  expect((await listed.json()).data.invitations).toHaveLength(1);

  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Invitation declined' })).toBeVisible();
  await expectAccessible(page);
  const after = await request.get(`/api/projects/${projectId}/invitations`, {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  expect((await after.json()).data.invitations).toHaveLength(0);
  await page.getByRole('link', { name: 'Go to Projects' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(projectCard(page, 'Maybe Later')).toHaveCount(0);
});

test('the bell leads to the invitation, and Accept there opens the project', async ({ page, request }) => {
  const owner = await createAccount(request, { name: 'Paula Producer' });
  const artist = await createAccount(request, { name: 'Arlo Artist' });
  const projectId = await createProject(request, owner, 'Bell Tower');
  const id = await invite(request, await tokenOf(request, owner), projectId, artist.email, {
    permission: 'view',
  });

  await page.goto('/');
  await signInThroughUi(page, artist);
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const item = page.getByRole('menuitem').filter({ hasText: 'Bell Tower' });
  await expect(item).toHaveAttribute('href', `/invitations/${id}`);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/invitations/${id}$`));
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  await expect(page.getByRole('heading', { name: 'Bell Tower', level: 1 })).toBeVisible();
  await expect(page.getByText('You joined Bell Tower')).toBeVisible();
});
