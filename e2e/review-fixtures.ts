// Helpers for the review specs: an owner's project shared view-only with an artist, holding one track with
// one uploaded version, and a second browser for each person.
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { signInTo } from './account-helpers.ts';
import { type Account, createAccount } from './fixtures.ts';
import { addMember } from './invitation-helpers.ts';
import { createProject, tokenOf, toneWav } from './media-fixtures.ts';

export interface ReviewSeed {
  owner: Account;
  artist: Account;
  projectId: string;
  trackId: string;
}

export async function seedReview(
  request: APIRequestContext,
  opts: { project: string; track: string; version: string; seconds: number },
): Promise<ReviewSeed> {
  const owner = await createAccount(request, { name: 'Paula Producer' });
  const artist = await createAccount(request, { name: 'Arlo Artist' });
  const projectId = await createProject(request, owner, opts.project);
  const token = await tokenOf(request, owner);
  const headers = { authorization: `Bearer ${token}` };
  await addMember(request, token, projectId, artist, { permission: 'view', role: 'Artist' });
  const track = await request.post(`/api/projects/${projectId}/tracks`, {
    data: { title: opts.track },
    headers,
  });
  expect(track.status()).toBe(201);
  const trackId = (await track.json()).data.track._id as string;
  const upload = await request.post(`/api/projects/${projectId}/tracks/${trackId}/versions`, {
    headers,
    multipart: {
      label: opts.version,
      file: { name: 'mix.wav', mimeType: 'audio/wav', buffer: toneWav(-20, opts.seconds) },
    },
  });
  expect(upload.status()).toBe(201);
  return { owner, artist, projectId, trackId };
}

/** A browser of its own for `account`, signed in on `route`. */
export async function openAs(browser: Browser, account: Account, route: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInTo(page, account, route);
  return page;
}
