// Approvals (issue #15): the producer asks the artist to review a version; the request rings the artist's
// bell; the artist approves and the producer's track turns Approved at once; asking for changes with a note
// turns it back, for everyone.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';
import { screenshots } from './media-fixtures.ts';
import { openAs, seedReview } from './review-fixtures.ts';

const seed = (request: APIRequestContext) =>
  seedReview(request, { project: 'Sign-off EP', track: 'Lanterns', version: 'Master 1', seconds: 6 });

test('ask for review, approve, and the track turns Approved for everyone; changes turn it back', async ({
  browser,
  request,
}) => {
  const { owner, artist, projectId } = await seed(request);
  const route = `/projects/${projectId}/tracks`;
  const producer = await openAs(browser, owner, route);
  const singer = await openAs(browser, artist, route);

  const panel = producer.getByRole('region', { name: 'Review of Master 1' });
  await expect(panel).toContainText('Nobody has reviewed this version yet.');
  await panel.getByRole('button', { name: 'Ask for review' }).click();
  await panel.getByRole('checkbox', { name: 'Arlo Artist' }).check();
  await panel.getByRole('button', { name: 'Ask for review' }).click();
  const reviewers = panel.getByRole('list', { name: 'Reviewers' });
  await expect(reviewers.getByRole('listitem').filter({ hasText: 'Arlo Artist' })).toContainText('Waiting');
  const running = producer.getByRole('list', { name: 'Running order' });
  await expect(running).toContainText('In review · 0/1');

  // The artist's bell rings with the request, and their panel shows it.
  const bell = singer.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await bell.click();
  await expect(
    singer.getByRole('menuitem', { name: /Paula Producer asked you to review 'Master 1' of Lanterns/ }),
  ).toBeVisible();
  await singer.keyboard.press('Escape');
  const theirs = singer.getByRole('region', { name: 'Review of Master 1' });
  await expect(theirs.getByRole('list', { name: 'Reviewers' })).toContainText('Waiting');
  await expectAccessible(singer);

  await theirs.getByRole('button', { name: 'Approve' }).click();
  await expect(panel.getByText('Approved').first()).toBeVisible();
  await expect(running).toContainText('Approved');
  await expect(
    producer
      .getByRole('region', { name: /Lanterns/ })
      .getByText('Approved')
      .first(),
  ).toBeVisible();
  await screenshots(producer, 'review-approved');

  await theirs.getByLabel('Note').fill('Bass is too hot in the chorus');
  await theirs.getByRole('button', { name: 'Request changes' }).click();
  await expect(panel.getByRole('list', { name: 'Review notes' })).toContainText(
    'Bass is too hot in the chorus',
  );
  await expect(running).toContainText('Changes requested');
  await producer.context().close();
  await singer.context().close();
});
