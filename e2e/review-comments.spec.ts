// Review on the player (issue #15): two people in one project see each other there, a comment at 0:12 from one
// appears at once for the other with a marker on the waveform that seeks the player to 0:12, and the reply,
// the like and the resolve travel live the other way. The dashboard's activity leads back to the thread.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';
import { screenshots, tokenOf } from './media-fixtures.ts';
import { openAs, seedReview } from './review-fixtures.ts';

const seed = (request: APIRequestContext) =>
  seedReview(request, { project: 'Review Session EP', track: 'Glasshouse', version: 'Mix 3', seconds: 20 });

test('two people review a mix: presence, a comment at 0:12 live with its marker, reply, like and resolve', async ({
  browser,
  request,
}) => {
  const { owner, artist, projectId, trackId } = await seed(request);
  const route = `/projects/${projectId}/tracks`;
  const producer = await openAs(browser, owner, route);
  const singer = await openAs(browser, artist, route);

  // Each sees the other on the project.
  await expect(
    producer.getByRole('list', { name: 'Here now' }).getByRole('listitem', { name: /Arlo Artist/ }),
  ).toBeVisible();
  await expect(
    singer.getByRole('list', { name: 'Here now' }).getByRole('listitem', { name: /Paula Producer/ }),
  ).toBeVisible();
  await expect(singer.getByText('No comments yet.')).toBeVisible();

  // The artist writes at 0:12; a time that is not one is refused in the form.
  const box = singer.getByRole('form', { name: 'New comment' });
  await box.getByLabel('Comment').fill('At 0:12 the vocal is too loud, @Paula');
  await box.getByLabel('At').fill('twelve');
  await box.getByRole('button', { name: 'Comment' }).click();
  await expect(box.getByText('Time must look like 1:12')).toBeVisible();
  await box.getByLabel('At').fill('0:12');
  await box.getByRole('button', { name: 'Comment' }).click();
  await expect(singer.getByRole('article', { name: 'Comment by Arlo Artist at 0:12' })).toBeVisible();
  await expect(box.getByLabel('Comment')).toHaveValue('');

  // The producer sees it without reloading: the thread, and a marker under the waveform that seeks there.
  const thread = producer.getByRole('article', { name: 'Comment by Arlo Artist at 0:12' });
  await expect(thread).toContainText('At 0:12 the vocal is too loud');
  // The mention rings the producer's bell at once, and its entry leads to the thread.
  const bell = producer.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(
    producer.getByRole('menuitem', { name: /Arlo Artist mentioned you on Glasshouse at 0:12/ }),
  ).toBeVisible();
  await screenshots(producer, 'notification-bell');
  await producer.keyboard.press('Escape');
  const player = producer.getByRole('region', { name: 'Player' });
  await expect(player.getByTestId('player-time')).toHaveText('0:00');
  await producer
    .getByRole('list', { name: 'Comment markers' })
    .getByRole('button', { name: 'Comment by Arlo Artist at 0:12' })
    .click();
  await expect(player.getByTestId('player-time')).toHaveText('0:12');
  await expect(producer.getByRole('slider', { name: /Seek in Glasshouse/ })).toHaveAttribute(
    'aria-valuenow',
    '12',
  );
  await expectAccessible(producer);

  // The producer replies and resolves; the artist sees both at once, and likes the reply.
  await thread.getByRole('button', { name: 'Reply' }).click();
  const reply = producer.getByRole('form', { name: 'Reply to Arlo Artist' });
  await reply.getByLabel('Reply to Arlo Artist').fill('Pulled it down 2 dB in Mix 4');
  await reply.getByRole('button', { name: 'Reply' }).click();
  const replyOnSinger = singer
    .getByRole('list', { name: 'Replies' })
    .getByRole('article', { name: /Paula Producer/ });
  await expect(replyOnSinger).toContainText('Pulled it down 2 dB in Mix 4');
  await replyOnSinger.getByRole('button', { name: 'Like (0)' }).click();
  await expect(
    producer.getByRole('list', { name: 'Replies' }).getByRole('button', { name: 'Like (1)' }),
  ).toHaveAttribute('aria-pressed', 'false');
  await expect(replyOnSinger.getByRole('button', { name: 'Like (1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await producer
    .getByRole('article', { name: 'Comment by Arlo Artist at 0:12' })
    .getByRole('button', { name: 'Resolve' })
    .click();
  const onSinger = singer.getByRole('article', { name: 'Comment by Arlo Artist at 0:12' });
  await expect(onSinger.getByText('Resolved')).toBeVisible();
  await screenshots(producer, 'review-comments');

  // Resolved threads can be hidden.
  await singer.getByRole('switch', { name: /Hide resolved/ }).click();
  await expect(onSinger).toBeHidden();
  await expect(singer.getByText('Every thread is resolved.')).toBeVisible();

  // The producer's dashboard lists the comment; its link opens the thread at its time.
  await producer.goto('/');
  const item = producer.getByRole('link', { name: /Arlo Artist commented on Glasshouse at 0:12/ });
  await expect(item).toBeVisible();
  await item.click();
  await expect(producer).toHaveURL(new RegExp(`/projects/${projectId}/tracks\\?track=${trackId}`));
  await expect(producer.getByRole('region', { name: 'Player' }).getByTestId('player-time')).toHaveText(
    '0:12',
  );
  await expect(
    producer
      .getByRole('list', { name: 'Comment markers' })
      .getByRole('button', { name: /Comment by Arlo Artist at 0:12/ }),
  ).toHaveAttribute('aria-pressed', 'true');
  await producer.context().close();
  await singer.context().close();
});

test('a comment by someone else offers no Edit; the author edits and deletes their own, and a reply stays', async ({
  browser,
  request,
}) => {
  const { owner, artist, projectId } = await seed(request);
  const route = `/projects/${projectId}/tracks`;
  const singer = await openAs(browser, artist, route);
  const box = singer.getByRole('form', { name: 'New comment' });
  await box.getByLabel('Comment').fill('Kick is muddy');
  await box.getByLabel('At').fill('0:03');
  await box.getByLabel('Until (optional)').fill('0:07');
  await box.getByRole('button', { name: 'Comment' }).click();
  const mine = singer.getByRole('article', { name: 'Comment by Arlo Artist at 0:03' });
  await expect(mine).toContainText('0:03–0:07');
  await expect(singer.getByTestId('comment-bands').locator('div')).toHaveCount(1);

  const producer = await openAs(browser, owner, route);
  const theirs = producer.getByRole('article', { name: 'Comment by Arlo Artist at 0:03' });
  await expect(theirs).toBeVisible();
  await expect(theirs.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(theirs.getByRole('button', { name: 'Delete comment' })).toBeVisible();

  await mine.getByRole('button', { name: 'Edit' }).click();
  await mine.getByLabel('Edit comment').fill('Kick is muddy under the bass');
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(theirs).toContainText('Kick is muddy under the bass');
  await expect(theirs).toContainText('edited');

  // The producer replies; the artist (view only) deletes their comment: their words go, the reply stays under
  // a greyed "Comment deleted" that offers nothing to do, on both pages.
  await theirs.getByRole('button', { name: 'Reply' }).click();
  const replyBox = producer.getByRole('form', { name: 'Reply to Arlo Artist' });
  await replyBox.getByLabel('Reply to Arlo Artist').fill('Cut some 200 Hz from the bass');
  await replyBox.getByRole('button', { name: 'Reply' }).click();
  const replyOf = (page: typeof singer) =>
    page.getByRole('list', { name: 'Replies' }).getByRole('article', { name: /Paula Producer/ });
  await expect(replyOf(singer)).toContainText('Cut some 200 Hz from the bass');
  await mine.getByRole('button', { name: 'Delete comment' }).click();
  const confirm = singer.getByRole('alertdialog', { name: 'Delete Comment' });
  await expect(confirm).toContainText('The replies stay');
  await confirm.getByRole('button', { name: 'Delete Comment' }).click();
  for (const page of [singer, producer]) {
    const placeholder = page.getByRole('article', { name: 'Deleted comment at 0:03' });
    await expect(placeholder).toContainText('Comment deleted');
    await expect(placeholder).not.toContainText('Kick is muddy');
    await expect(placeholder.getByRole('button')).toHaveCount(0);
    await expect(replyOf(page)).toContainText('Cut some 200 Hz from the bass');
  }
  await expect(theirs).toBeHidden();
  await expectAccessible(singer);

  // The reply's own actions remain; when it goes, the placeholder goes with it.
  await replyOf(producer).getByRole('button', { name: 'Delete comment' }).click();
  await producer
    .getByRole('alertdialog', { name: 'Delete Comment' })
    .getByRole('button', { name: 'Delete Comment' })
    .click();
  await expect(singer.getByRole('article', { name: 'Deleted comment at 0:03' })).toBeHidden();
  await expect(producer.getByText('No comments yet.')).toBeVisible();
  await producer.context().close();
  await singer.context().close();
});

test("the project's Activity shows what happens while the page is open", async ({ browser, request }) => {
  const { owner, artist, projectId, trackId } = await seed(request);
  const producer = await openAs(browser, owner, `/projects/${projectId}`);
  const activity = producer.getByRole('region', { name: 'Activity' });
  await expect(activity).toContainText("Paula Producer added the track 'Glasshouse' to Review Session EP");
  await expect(activity).toContainText('Arlo Artist joined Review Session EP as Artist');

  // The artist comments from elsewhere (another app): it appears here without a reload.
  const headers = { authorization: `Bearer ${await tokenOf(request, artist)}` };
  const versions = await request.get(`/api/projects/${projectId}/tracks/${trackId}/versions`, { headers });
  const versionId = (await versions.json()).data.versions[0]._id as string;
  const posted = await request.post(
    `/api/projects/${projectId}/tracks/${trackId}/versions/${versionId}/comments`,
    {
      data: { body: 'Love the bridge', at: 5 },
      headers,
    },
  );
  expect(posted.status()).toBe(201);
  const row = activity.getByRole('link', {
    name: /Arlo Artist commented on Glasshouse at 0:05 in Review Session EP/,
  });
  await expect(row).toBeVisible();
  await screenshots(producer, 'project-activity');
  await row.click();
  await expect(producer.getByRole('article', { name: 'Comment by Arlo Artist at 0:05' })).toBeVisible();
  await expect(producer.getByRole('region', { name: 'Player' }).getByTestId('player-time')).toHaveText(
    '0:05',
  );
  await producer.context().close();
});
