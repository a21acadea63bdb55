// A track's Credits tab (issue #37): the work made from the track's title, writers and publishers whose shares
// must total exactly 100 % (99.99 % holds Save back and says so), a refused ISWC said next to its field, the
// recording's artists, a musician's instrument and master owners saved and read back, and "Request agreement"
// refused in the server's words while an owner has no email; at desktop and phone widths.
import { expect, type Locator, test } from '@playwright/test';
import { createAccount, expectAccessible, signInThroughUi } from './fixtures.ts';
import { createProject, screenshots, tokenOf } from './media-fixtures.ts';

const SHOTS = '/tmp/shots-catalog';

async function fillParty(group: Locator, name: string, share: string) {
  await group.getByLabel('Name').fill(name);
  await group.getByLabel('Share %').fill(share);
}

test('credits: a work with shares totalling 100 %, a refused 99.99 %, a recording with its owners', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { name: 'Cara Credits' });
  const projectId = await createProject(request, owner, 'Night Drive EP');
  const headers = { authorization: `Bearer ${await tokenOf(request, owner)}` };
  const track = await request.post(`/api/projects/${projectId}/tracks`, {
    data: { title: 'Night Drive' },
    headers,
  });
  expect(track.status()).toBe(201);

  await page.goto(`/projects/${projectId}/tracks`);
  await signInThroughUi(page, owner);
  await page.getByRole('tab', { name: 'Credits' }).click();
  await page.getByRole('button', { name: 'Create the work' }).click();

  const work = page.getByRole('form', { name: 'Work' });
  await expect(work.getByLabel('Work title')).toHaveValue('Night Drive');
  await work.getByRole('button', { name: 'Add writer' }).click();
  await fillParty(work.getByRole('group', { name: 'Writer 1' }), 'Ana Writer', '60');
  await work.getByRole('group', { name: 'Writer 1' }).getByLabel('Role').selectOption('composer_lyricist');
  await work.getByRole('button', { name: 'Add publisher' }).click();
  await fillParty(work.getByRole('group', { name: 'Publisher 1' }), 'Owl Songs', '39.99');

  // 99.99 %: Save waits, and the note says what the shares total.
  const save = work.getByRole('button', { name: 'Save work' });
  await expect(save).toBeDisabled();
  await expect(work.getByText('Shares must total exactly 100 %; they total 99.99 %.')).toBeVisible();
  await screenshots(page, 'credits-total-refused', SHOTS);

  // A bad ISWC is refused by the server, its message beside the field.
  await work.getByRole('group', { name: 'Publisher 1' }).getByLabel('Share %').fill('40');
  await expect(save).toBeEnabled();
  await work.getByLabel('ISWC').fill('T-034.524.680-2');
  await save.click();
  const iswcError = work.getByLabel('ISWC');
  await expect(iswcError).toHaveAttribute('aria-invalid', 'true');
  await expect(iswcError).toHaveAccessibleDescription(/ISWC/);
  await work.getByLabel('ISWC').fill('T-034.524.680-1');
  await save.click();
  await expect(page.getByText('Night Drive was saved')).toBeVisible();
  await expect(work.getByLabel('Work title')).toHaveValue('Night Drive');
  await expect(work.getByRole('group', { name: 'Publisher 1' }).getByLabel('Share %')).toHaveValue('40');
  await expect(work.getByText('Draft')).toBeVisible();

  // The recording: an artist, a musician with the instrument played, two master owners.
  const recording = page.getByRole('form', { name: 'Recording' });
  await recording.getByLabel('ISRC').fill('US-RC1-76-07839');
  await recording.getByRole('button', { name: 'Add artist' }).click();
  await recording.getByRole('group', { name: 'Artist 1' }).getByLabel('Artist name').fill('Tess');
  await recording.getByRole('button', { name: 'Add credit' }).click();
  const credit = recording.getByRole('group', { name: 'Credit 1' });
  await credit.getByLabel('Name').fill('Max');
  await credit.getByLabel('Role').selectOption('musician');
  await credit.getByLabel('Instrument').fill('Bass');
  await recording.getByRole('button', { name: 'Add master owner' }).click();
  await fillParty(recording.getByRole('group', { name: 'Master owner 1' }), 'Tess', '50');
  await recording.getByRole('button', { name: 'Add master owner' }).click();
  await fillParty(recording.getByRole('group', { name: 'Master owner 2' }), 'Owl Records', '50');
  await recording.getByLabel('P-line year').fill('2026');
  await recording.getByLabel('P-line owner').fill('Owl Records');
  await recording.getByRole('button', { name: 'Save recording' }).click();
  await expect(page.getByText('The recording was saved')).toBeVisible();
  await expect(recording.getByLabel('ISRC')).toHaveValue('USRC17607839');
  await expect(recording.getByRole('group', { name: 'Credit 1' }).getByLabel('Instrument')).toHaveValue(
    'Bass',
  );

  // Asking for agreement while an owner has no email: the server's 409 in its words.
  await recording.getByRole('button', { name: 'Request agreement' }).click();
  await expect(recording.getByRole('alert')).toContainText('Add an email for Tess');
  await expectAccessible(page);

  // What was saved is what the server holds.
  const saved = await request.get(
    `/api/projects/${projectId}/tracks/${(await track.json()).data.track._id}/recording`,
    {
      headers,
    },
  );
  const data = (await saved.json()).data.recording;
  expect(data.masterOwners.map((o: { shareBasisPoints: number }) => o.shareBasisPoints)).toEqual([
    5000, 5000,
  ]);
  expect(data.credits[0]).toMatchObject({ role: 'musician', instrument: 'Bass' });
  expect(data.workId).not.toBeNull();
  const workRes = await request.get(`/api/works/${data.workId}`, { headers });
  const savedWork = (await workRes.json()).data.work;
  expect(savedWork.writers[0]).toMatchObject({
    name: 'Ana Writer',
    role: 'composer_lyricist',
    shareBasisPoints: 6000,
  });
  expect(savedWork.publishers[0]).toMatchObject({ name: 'Owl Songs', shareBasisPoints: 4000 });

  await screenshots(page, 'credits-tab', SHOTS);
});

test('credits: writers and a credit picked from my clients are saved linked to them, and one unlinked', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request, { name: 'Cleo Clients' });
  const projectId = await createProject(request, owner, 'Harbour Lights');
  const headers = { authorization: `Bearer ${await tokenOf(request, owner)}` };
  const clientIds: Record<string, string> = {};
  for (const data of [
    { name: 'Ana Writer', email: 'ana@writers.example' },
    { name: 'Ben Lyric', email: 'ben@writers.example' },
  ]) {
    const res = await request.post('/api/clients', { data, headers });
    expect(res.status()).toBe(201);
    clientIds[data.name] = (await res.json()).data.client._id;
  }
  const track = await request.post(`/api/projects/${projectId}/tracks`, {
    data: { title: 'Harbour Lights' },
    headers,
  });
  expect(track.status()).toBe(201);
  const trackId = (await track.json()).data.track._id;

  await page.goto(`/projects/${projectId}/tracks`);
  await signInThroughUi(page, owner);
  await page.getByRole('tab', { name: 'Credits' }).click();
  await page.getByRole('button', { name: 'Create the work' }).click();
  const work = page.getByRole('form', { name: 'Work' });

  // Writer 1 picked from my clients: name and email filled, the row says it is linked; a name edited by hand
  // keeps the link.
  await work.getByRole('button', { name: 'Add writer' }).click();
  const first = work.getByRole('group', { name: 'Writer 1' });
  await first.getByLabel('From my clients').selectOption({ label: 'Ana Writer (ana@writers.example)' });
  await expect(first.getByLabel('Name')).toHaveValue('Ana Writer');
  await expect(first.getByLabel('Email')).toHaveValue('ana@writers.example');
  await expect(first.getByText('My client')).toBeVisible();
  await expect(first.getByRole('button', { name: 'Unlink from client Ana Writer' })).toBeFocused();
  await first.getByLabel('Name').fill('Ana W. Writer');
  await expect(first.getByText('Client: Ana Writer')).toBeVisible();
  await first.getByLabel('Share %').fill('60');

  // Writer 2 picked, then unlinked: the name and email stay, the picker comes back.
  await work.getByRole('button', { name: 'Add writer' }).click();
  const second = work.getByRole('group', { name: 'Writer 2' });
  await second.getByLabel('From my clients').selectOption({ label: 'Ben Lyric (ben@writers.example)' });
  await second.getByRole('button', { name: 'Unlink from client Ben Lyric' }).click();
  await expect(second.getByText('My client')).toBeHidden();
  await expect(second.getByLabel('From my clients')).toBeFocused();
  await expect(second.getByLabel('Name')).toHaveValue('Ben Lyric');
  await second.getByLabel('Share %').fill('40');
  await work.getByRole('button', { name: 'Save work' }).click();
  await expect(page.getByText('Harbour Lights was saved')).toBeVisible();
  // Read back from the server's answer: still linked.
  await expect(first.getByText('Client: Ana Writer')).toBeVisible();
  await expect(second.getByLabel('From my clients')).toBeVisible();

  // A credit picked from my clients on the recording.
  const recording = page.getByRole('form', { name: 'Recording' });
  await recording.getByRole('button', { name: 'Add credit' }).click();
  const credit = recording.getByRole('group', { name: 'Credit 1' });
  await credit.getByLabel('From my clients').selectOption({ label: 'Ben Lyric (ben@writers.example)' });
  await expect(credit.getByLabel('Name')).toHaveValue('Ben Lyric');
  await recording.getByRole('button', { name: 'Save recording' }).click();
  await expect(page.getByText('The recording was saved')).toBeVisible();
  await expect(credit.getByText('My client')).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByText('Harbour Lights was saved')).toBeHidden();
  await expect(page.getByText('The recording was saved')).toBeHidden();
  await screenshots(page, 'credits-clients', SHOTS);

  // What the server holds: the links by the clients' own ids (from their creation above).
  const saved = await request.get(`/api/projects/${projectId}/tracks/${trackId}/recording`, { headers });
  const data = (await saved.json()).data.recording;
  expect(data.credits[0]).toMatchObject({ name: 'Ben Lyric', clientId: clientIds['Ben Lyric'] });
  const savedWork = (await (await request.get(`/api/works/${data.workId}`, { headers })).json()).data.work;
  expect(savedWork.writers).toMatchObject([
    { name: 'Ana W. Writer', email: 'ana@writers.example', clientId: clientIds['Ana Writer'] },
    { name: 'Ben Lyric', email: 'ben@writers.example', clientId: null },
  ]);
});
