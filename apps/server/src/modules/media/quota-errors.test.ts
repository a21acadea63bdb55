// When the room left under the storage quota is what limits an upload, only a too-large upload is answered
// with the quota's message: any other refusal (here: not audio) keeps its own, so the user fixes the right thing.

import { STORAGE_QUOTA_EXCEEDED } from '@mixdesk/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helper.ts';
import { addTrack, sineWav, uploadFile, uploadVersion } from './media-testing.ts';

const KB = 1024;
let t: TestApp;
let token: string;
let projectId: string;
let trackId: string;

beforeAll(async () => {
  t = await createTestApp({ storageQuotaBytes: 300 * KB, maxUploadBytes: 100 * KB });
  const owner = await registerUser(t.app, { name: 'Nearly Full' });
  token = owner.token;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(token),
    payload: { title: 'Almost There' },
  });
  projectId = res.json().data.project._id;
  trackId = (await addTrack(t.app, token, projectId))._id;
  // 250 KB used: 50 KB of room, less than the 100 KB upload limit.
  for (const size of [100, 100, 50]) {
    const put = await uploadFile(t.app, token, projectId, Buffer.alloc(size * KB, 1), `${size}.bin`, 'stems');
    expect(put.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

describe('an upload limited by the room left', () => {
  it('that is not audio: 415 with the audio message, not the quota’s', async () => {
    const res = await uploadVersion(
      t.app,
      token,
      projectId,
      trackId,
      Buffer.from('liner notes\n'.repeat(100)),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/not an audio file/);
  });

  it('that is larger than the room: 413 with the quota’s message', async () => {
    const res = await uploadVersion(t.app, token, projectId, trackId, sineWav({ seconds: 1 }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(STORAGE_QUOTA_EXCEEDED);
  });
});
