// Share links (issue #15): the owner makes a password-protected link on the Share tab and copies it from the
// panel; a guest with no account unlocks it, plays the mix and leaves a comment, which reaches the owner's
// tracks page at once marked Guest; the access log shows what the guest did; once revoked, the link is dead.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';
import { screenshots } from './media-fixtures.ts';
import { openAs, seedReview } from './review-fixtures.ts';

const SHOTS = '/tmp/shots-share';

const seed = (request: APIRequestContext) =>
  seedReview(request, { project: 'Night Shift LP', track: 'Glasshouse', version: 'Mix 3', seconds: 20 });

const projectTab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name, exact: true });

test('a guest unlocks a shared mix, plays it and comments; the owner sees it live, reads the log and revokes', async ({
  browser,
  request,
}) => {
  const { owner, projectId } = await seed(request);
  const producer = await openAs(browser, owner, `/projects/${projectId}/share`);
  await expect(producer.getByText('No share links yet')).toBeVisible();
  await expectAccessible(producer);

  // The new link: a password the contract refuses first, then a good one; downloads on, comments on.
  await producer.getByRole('button', { name: 'New share link' }).click();
  const dialog = producer.getByRole('dialog', { name: 'New share link' });
  await dialog.getByLabel('Label', { exact: true }).fill('Label A&R, first listen');
  await dialog.getByLabel('Password', { exact: true }).fill('abc');
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(dialog.getByText('Password must be at least 4 characters')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill('open-sesame');
  await dialog.getByRole('switch', { name: 'Allow download' }).click();
  await expect(dialog.getByRole('switch', { name: 'Allow download' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Allow comments' })).toBeChecked();
  await expectAccessible(producer);
  await screenshots(producer, 'share-new-link', SHOTS);
  await dialog.getByRole('button', { name: 'Create Link' }).click();
  await expect(dialog).toBeHidden();

  // The address is shown once, in the panel, to copy.
  const panel = producer.getByRole('region', { name: /is ready to send/ });
  await expect(panel).toContainText('it will not be shown again');
  const url = await panel.getByLabel('Share link URL').inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{20,}$/);
  await producer.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await panel.getByRole('button', { name: 'Copy' }).click();
  await expect(panel.getByRole('button', { name: 'Copied' })).toBeVisible();
  const card = producer
    .getByRole('list', { name: 'Share links' })
    .getByRole('region', { name: 'Label A&R, first listen' });
  await expect(card).toContainText('Active');
  await expect(card).toContainText('Whole project');
  await expect(card.getByRole('list', { name: 'Settings' })).toContainText(
    'PasswordNo expiryDownloads allowedComments allowed',
  );
  await expect(card).toContainText('Never opened');
  await screenshots(producer, 'share-created', SHOTS);

  // The owner waits on the tracks page, where comments arrive live.
  await projectTab(producer, 'Tracks').click();
  await expect(producer.getByText('No comments yet.')).toBeVisible();

  // A guest, in a browser with no session, is asked for the password; a wrong one is refused in the server's words.
  const guestContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const guest = await guestContext.newPage();
  await guest.goto(url);
  await expect(guest.getByRole('heading', { name: 'This link is protected' })).toBeVisible();
  await expect(guest.getByText('Night Shift LP')).toHaveCount(0);
  await guest.getByLabel('Password').fill('not-the-password');
  await guest.getByRole('button', { name: 'Unlock' }).click();
  await expect(guest.getByRole('alert')).toHaveText('Wrong password');
  await expectAccessible(guest);
  await screenshots(guest, 'shared-locked', SHOTS);
  await guest.getByLabel('Password').fill('open-sesame');
  await guest.getByRole('button', { name: 'Unlock' }).click();

  // The shared project: its track, the player, Download; no app navigation.
  await expect(guest.getByRole('heading', { name: 'Night Shift LP' })).toBeVisible();
  await expect(guest.getByText('Label A&R, first listen')).toBeVisible();
  await expect(guest.getByText('Shared by Paula Producer')).toBeVisible();
  await expect(guest.getByRole('list', { name: 'Shared tracks' })).toContainText('Glasshouse');
  await expect(guest.getByRole('button', { name: 'Download' })).toBeVisible();
  await expect(guest.getByRole('navigation')).toHaveCount(0);
  const player = guest.getByRole('region', { name: 'Player' });
  await expect(player).toContainText('Mix 3');
  await expect(player.getByTestId('waveform')).toBeVisible();
  await player.getByRole('button', { name: 'Play' }).click();
  await expect
    .poll(() => player.locator('audio').evaluate((el: HTMLAudioElement) => el.currentTime))
    .toBeGreaterThan(0);
  // A second in, so the access log has a listen to show.
  await expect(player.getByTestId('player-time')).not.toHaveText('0:00');
  await player.getByRole('button', { name: 'Pause' }).click();
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();

  // The guest comments with a name; it joins the list and the waveform's markers.
  const form = guest.getByRole('form', { name: 'New comment' });
  await form.getByLabel('Your name').fill('Gina Guest');
  await form.getByLabel('Comment', { exact: true }).fill('Love the bridge, the vocal is a touch loud');
  await form.getByLabel('At', { exact: true }).fill('0:04');
  await form.getByRole('button', { name: 'Post Comment' }).click();
  await expect(guest.getByRole('article', { name: 'Comment by Gina Guest at 0:04' })).toContainText(
    'Love the bridge',
  );
  await expect(form.getByLabel('Comment', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('Your name')).toHaveValue('Gina Guest');
  await expect(
    guest.getByRole('list', { name: 'Comment markers' }).getByRole('button', { name: /Gina Guest at 0:04/ }),
  ).toBeVisible();
  await expectAccessible(guest);
  await screenshots(guest, 'shared-page', SHOTS);

  // The owner sees it without reloading, marked Guest.
  const thread = producer.getByRole('article', { name: 'Comment by Gina Guest at 0:04' });
  await expect(thread).toContainText('Love the bridge, the vocal is a touch loud');
  await expect(thread.getByText('Guest', { exact: true })).toBeVisible();

  // The owner answers the guest; the guest sees the answer under their comment, marked Team.
  await thread.getByRole('button', { name: 'Reply' }).click();
  const answer = producer.getByRole('form', { name: 'Reply to Gina Guest' });
  await answer.getByLabel('Reply to Gina Guest').fill('Thanks Gina, pulling it down in Mix 4');
  await answer.getByRole('button', { name: 'Reply' }).click();
  // In the thread's replies: the reply box may still hold the same words until the POST's answer clears it,
  // while the reply itself can arrive first over the socket.
  await expect(
    producer.getByRole('list', { name: 'Replies' }).getByText('Thanks Gina, pulling it down in Mix 4'),
  ).toBeVisible();
  await guest.reload();
  const answered = guest.getByRole('article', { name: /^Reply by Paula Producer/ });
  await expect(answered).toContainText('Thanks Gina, pulling it down in Mix 4');
  await expect(answered.getByText('Team', { exact: true })).toBeVisible();

  // The access log: opened, played, commented.
  await projectTab(producer, 'Share').click();
  await expect(card).toContainText('Last opened');
  await card.getByRole('button', { name: 'Access log' }).click();
  const log = card.getByRole('region', { name: 'Access log' });
  await expect(log.getByText('Opened', { exact: true }).first()).toBeVisible();
  await expect(log.getByText('Played', { exact: true })).toBeVisible();
  await expect(log.getByText('Commented', { exact: true })).toBeVisible();
  await expect(log).toContainText('Glasshouse · Mix 3 · by Gina Guest');
  await expect(log).toContainText(/Glasshouse · Mix 3 · to 0:0[1-9]/);
  await expectAccessible(producer);
  await screenshots(producer, 'share-tab', SHOTS);

  // Revoked, the link stops working at once.
  await card.getByRole('button', { name: 'Revoke Label A&R, first listen' }).click();
  await producer
    .getByRole('alertdialog', { name: 'Revoke share link?' })
    .getByRole('button', { name: 'Revoke Link' })
    .click();
  await expect(card).toContainText('Revoked');
  await expect(card.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'This link is invalid or has expired' })).toBeVisible();
  await expect(guest.getByText('Night Shift LP')).toHaveCount(0);
  await expectAccessible(guest);
  await screenshots(guest, 'shared-dead', SHOTS);
  await guestContext.close();
  await producer.context().close();
});

test('a view-only collaborator has no Share tab, and an unknown link says only that it is not valid', async ({
  browser,
  request,
  page,
}) => {
  const { artist, projectId } = await seed(request);
  const singer = await openAs(browser, artist, `/projects/${projectId}`);
  await expect(projectTab(singer, 'Tracks')).toBeVisible();
  await expect(projectTab(singer, 'Share')).toHaveCount(0);
  await singer.context().close();

  await page.goto('/s/not-a-real-link');
  await expect(page.getByRole('heading', { name: 'This link is invalid or has expired' })).toBeVisible();
  await expect(page.getByRole('link')).toHaveCount(0);
});
