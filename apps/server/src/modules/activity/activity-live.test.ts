// New activities reach the project's room live as activity:new (issue #15): a track added, a version
// uploaded, a comment, a collaborator joining; each payload is the feed's item, shaped as the contract says,
// and a socket outside the project hears none of it.
import { type ActivityEvent, ActivityEventSchema } from '@mixdesk/contract/activity';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../test/helper.ts';
import { addMember } from '../../../test/invitations.ts';
import { join, listen, open } from '../../platform/realtime/realtime-testing.ts';
import { commentsUrl, postComment } from '../comments/comments-testing.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadVersion,
} from '../media/media-testing.ts';

let t: TestApp;
let f: ProjectWithPeople;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = await projectWithPeople(t.app);
  url = await listen(t);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function socketOf(token: string): Promise<Socket> {
  const socket = await open(url, token);
  sockets.push(socket);
  return socket;
}

/** Every activity:new the socket receives from now on, parsed. */
function collect(socket: Socket): ActivityEvent[] {
  const seen: ActivityEvent[] = [];
  socket.on('activity:new', (payload: unknown) => seen.push(ActivityEventSchema.parse(payload)));
  return seen;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('activity:new', () => {
  it("reaches the project's room for each change, with the feed's summary and link", async () => {
    const member = await socketOf(f.viewer.token);
    await join(member, f.projectId);
    const heard = collect(member);
    const outsider = collect(await socketOf(f.stranger.token));

    const track = await addTrack(t.app, f.owner.token, f.projectId, { title: 'Overture' });
    await until(() => heard.length === 1);
    expect(heard[0]).toMatchObject({
      projectId: f.projectId,
      activity: {
        kind: 'track_added',
        summary: "Owner added the track 'Overture' to Night Drive",
        link: `/projects/${f.projectId}/tracks`,
        actor: { _id: f.owner.user._id, name: 'Owner' },
      },
    });

    const upload = await uploadVersion(t.app, f.owner.token, f.projectId, track._id, sineWav({ seconds: 1 }));
    expect(upload.statusCode, upload.body).toBe(201);
    const versionId = upload.json().data.version._id as string;
    await until(() => heard.length === 2);
    expect(heard[1]?.activity.kind).toBe('version_uploaded');

    await postComment(t.app, f.editor.token, commentsUrl(f.projectId, track._id, versionId), {
      body: 'Lovely',
      at: 0.5,
    });
    await until(() => heard.length === 3);
    expect(heard[2]?.activity).toMatchObject({ kind: 'comment_added', actor: { name: 'Editor' } });
    expect(heard[2]?.activity.summary).toBe('Editor commented on Overture at 0:00 in Night Drive');

    const newcomer = await registerUser(t.app, { name: 'Newcomer' });
    await addMember(t.app, f.owner.token, f.projectId, newcomer, { permission: 'view', role: 'Mixer' });
    await until(() => heard.length === 4);
    expect(heard[3]?.activity).toMatchObject({
      kind: 'collaborator_added',
      summary: 'Newcomer joined Night Drive as Mixer',
    });
    expect(outsider).toEqual([]);
  });
});
