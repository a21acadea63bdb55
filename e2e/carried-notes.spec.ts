// Notes that follow the mix (issue #35): an artist's open note on Mix 1 shows on Mix 2's waveform as a marker
// "from Mix 1", for the producer and, live, for the artist; the producer answers it and resolves it there, and
// the original thread on Mix 1 has the reply and is resolved. The owner turns carrying off and on in the track's
// settings.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';
import { screenshots, tokenOf, toneWav } from './media-fixtures.ts';
import { openAs, type ReviewSeed, seedReview } from './review-fixtures.ts';

interface Seeded extends ReviewSeed {
  mixOne: string;
  headers: { authorization: string };
}

async function seed(request: APIRequestContext): Promise<Seeded> {
  const seeded = await seedReview(request, {
    project: 'Carry Over EP',
    track: 'Glasshouse',
    version: 'Mix 1',
    seconds: 20,
  });
  const { owner, artist, projectId, trackId } = seeded;
  const headers = { authorization: `Bearer ${await tokenOf(request, owner)}` };
  const versions = await request.get(`/api/projects/${projectId}/tracks/${trackId}/versions`, { headers });
  const mixOne = (await versions.json()).data.versions[0]._id as string;
  const comments = `/api/projects/${projectId}/tracks/${trackId}/versions/${mixOne}/comments`;
  const artistHeaders = { authorization: `Bearer ${await tokenOf(request, artist)}` };
  const open = await request.post(comments, {
    data: { body: 'The vocal is too loud here', at: 12 },
    headers: artistHeaders,
  });
  expect(open.status()).toBe(201);
  // A resolved thread stays behind on Mix 1.
  const done = await request.post(comments, { data: { body: 'Intro is long', at: 3 }, headers });
  const doneId = (await done.json()).data.comment._id as string;
  expect((await request.post(`${comments}/${doneId}/resolve`, { headers })).status()).toBe(200);
  const upload = await request.post(`/api/projects/${projectId}/tracks/${trackId}/versions`, {
    headers,
    multipart: {
      label: 'Mix 2',
      makeCurrent: 'true',
      file: { name: 'mix2.wav', mimeType: 'audio/wav', buffer: toneWav(-18, 20) },
    },
  });
  expect(upload.status()).toBe(201);
  return { ...seeded, mixOne, headers };
}

const carriedMarker = (page: Page) =>
  page
    .getByRole('list', { name: 'Comment markers' })
    .getByRole('button', { name: 'Comment by Arlo Artist at 0:12, from Mix 1' });
const carriedThread = (page: Page) =>
  page.getByRole('article', { name: 'Comment by Arlo Artist at 0:12, from Mix 1' });

test('an open note of Mix 1 follows to Mix 2 as a "from Mix 1" marker; a reply and a resolve there reach the original', async ({
  browser,
  request,
}) => {
  const { owner, artist, projectId, trackId, mixOne, headers } = await seed(request);
  const route = `/projects/${projectId}/tracks?track=${trackId}`;
  const producer = await openAs(browser, owner, route);
  const singer = await openAs(browser, artist, route);

  // Mix 2 is in the player: the open note is on its waveform, tagged with where it came from; the resolved one
  // stayed behind, and Mix 2 counts none of its own.
  for (const page of [producer, singer]) {
    await expect(page.getByRole('heading', { name: /Comments on Mix 2 \(0\)/ })).toContainText(
      '1 open from earlier versions',
    );
    await expect(carriedMarker(page)).toBeVisible();
    await expect(carriedMarker(page)).toContainText('from Mix 1');
    await expect(carriedThread(page)).toContainText('The vocal is too loud here');
    await expect(page.getByText('Intro is long')).toHaveCount(0);
  }
  await carriedMarker(producer).click();
  await expect(producer.getByRole('region', { name: 'Player' }).getByTestId('player-time')).toHaveText(
    '0:12',
  );
  await expectAccessible(producer);
  await screenshots(producer, 'carried-notes');

  // The owner turns carrying off in the track's settings (the page's only Edit: no comment of theirs is on it
  // yet): the note leaves Mix 2; on again, it is back.
  const carry = async (on: boolean) => {
    await producer.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = producer.getByRole('dialog', { name: 'Edit track' });
    const toggle = dialog.getByRole('switch', { name: 'Carry unresolved notes to new versions' });
    await expect(toggle).toHaveAttribute('aria-checked', String(!on));
    await toggle.click();
    await dialog.getByRole('button', { name: 'Save Track' }).click();
    await expect(dialog).toBeHidden();
  };
  await carry(false);
  await expect(carriedMarker(producer)).toHaveCount(0);
  await expect(producer.getByText('No comments yet.')).toBeVisible();
  await carry(true);
  await expect(carriedMarker(producer)).toBeVisible();

  // The producer answers it on Mix 2: the reply joins the thread, for the artist too.
  await carriedThread(producer).getByRole('button', { name: 'Reply' }).click();
  const replyBox = producer.getByRole('form', { name: 'Reply to Arlo Artist' });
  await replyBox.getByLabel('Reply to Arlo Artist').fill('Pulled it down 2 dB in Mix 2');
  await replyBox.getByRole('button', { name: 'Reply' }).click();
  for (const page of [producer, singer]) {
    await expect(
      page.getByRole('list', { name: 'Replies' }).getByRole('article', { name: /Paula Producer/ }),
    ).toContainText('Pulled it down 2 dB in Mix 2');
  }

  // Resolved on Mix 2, it is resolved on Mix 1 and follows no more: gone from both pages at once.
  await carriedThread(producer).getByRole('button', { name: 'Resolve' }).click();
  for (const page of [producer, singer]) {
    await expect(carriedMarker(page)).toHaveCount(0);
    await expect(carriedThread(page)).toHaveCount(0);
  }
  const onMixOne = await request.get(
    `/api/projects/${projectId}/tracks/${trackId}/versions/${mixOne}/comments`,
    { headers },
  );
  const comments = (await onMixOne.json()).data.comments as {
    body: string;
    resolved: boolean;
    parentId: string | null;
  }[];
  const thread = comments.find((c) => c.body === 'The vocal is too loud here');
  expect(thread?.resolved).toBe(true);
  expect(comments.filter((c) => c.parentId !== null).map((c) => c.body)).toEqual([
    'Pulled it down 2 dB in Mix 2',
  ]);

  // On Mix 1 itself the thread is there, resolved, with its reply.
  await producer.getByRole('button', { name: 'Play Mix 1 in the player' }).click();
  await expect(producer.getByRole('heading', { name: /Comments on Mix 1 \(3\)/ })).toBeVisible();
  await expect(
    producer.getByRole('article', { name: 'Comment by Arlo Artist at 0:12' }).getByText('Resolved'),
  ).toBeVisible();
  await producer.context().close();
  await singer.context().close();
});
