// Notes that follow the mix (issue #35): the open threads of a track's earlier versions are listed with a new
// version's comments, marked `carriedFrom`, as the same threads (never copies): resolved and answered at the
// version they were written on, they end or grow there. The track's owner turns it off; nobody else may.
import { type Comment, CommentListResponseSchema, CommentResponseSchema } from '@mixdesk/contract/comments';
import { TrackResponseSchema } from '@mixdesk/contract/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../../test/helper.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadVersion,
} from '../media/media-testing.ts';
import { call, commentsUrl, DURATION, postComment } from './comments-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;
let trackId: string;
const v: Record<'one' | 'two' | 'three', string> = { one: '', two: '', three: '' };
const threads = {} as Record<'kick' | 'vocal' | 'done', Comment>;

const trackUrl = () => `/api/projects/${p.projectId}/tracks/${trackId}`;
const url = (versionId: string) => commentsUrl(p.projectId, trackId, versionId);
/** A comment's own route, from what a list showed of it (its `versionId` is the version it was written on). */
const own = (c: Comment) => `${commentsUrl(c.projectId, c.trackId, c.versionId)}/${c._id}`;

async function upload(label: string): Promise<string> {
  const data = sineWav({ seconds: DURATION, channels: 1 });
  const res = await uploadVersion(t.app, p.owner.token, p.projectId, trackId, data, 'mix.wav', [
    { name: 'label', value: label },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.version._id as string;
}

async function list(versionId: string, who: SignedIn = p.viewer): Promise<Comment[]> {
  const res = await call(t.app, who.token, 'GET', url(versionId));
  expect(res.statusCode, res.body).toBe(200);
  return CommentListResponseSchema.parse(res.json()).data.comments;
}

const carried = (comments: Comment[]) => comments.filter((c) => c.carriedFrom);

async function setCarry(who: SignedIn, carryComments: unknown) {
  return call(t.app, who.token, 'PUT', trackUrl(), { carryComments });
}

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Glasshouse' }))._id;
  v.one = await upload('Mix 1');
  threads.kick = await postComment(t.app, p.viewer.token, url(v.one), { body: 'Kick is muddy', at: 0.5 });
  threads.vocal = await postComment(t.app, p.editor.token, url(v.one), { body: 'Vocal too loud', at: 1.25 });
  threads.done = await postComment(t.app, p.owner.token, url(v.one), { body: 'Fade sooner', at: 1.75 });
  await postComment(t.app, p.owner.token, url(v.one), {
    body: 'Pulled it down 2 dB',
    at: threads.vocal.at,
    parentId: threads.vocal._id,
  });
  const resolved = await call(t.app, p.owner.token, 'POST', `${own(threads.done)}/resolve`);
  expect(resolved.statusCode, resolved.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('notes that follow the mix', () => {
  it('a new version lists the open threads of the one before, with their replies, marked from its label', async () => {
    const stored = async () =>
      Number(
        (
          await t.app.ctx.db
            .selectFrom('comments')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await stored();
    v.two = await upload('Mix 2');
    // Nothing is copied: the same rows are listed.
    expect(await stored()).toBe(before);

    const onTwo = await list(v.two);
    expect(onTwo.map((c) => c.body)).toEqual(['Kick is muddy', 'Vocal too loud', 'Pulled it down 2 dB']);
    for (const c of onTwo) {
      expect(c.carriedFrom).toEqual({ versionId: v.one, label: 'Mix 1' });
      expect(c.versionId).toBe(v.one);
    }
    const [kick, vocal] = onTwo;
    expect(kick).toMatchObject({
      _id: threads.kick._id,
      at: threads.kick.at,
      resolved: false,
      parentId: null,
    });
    expect(vocal?._id).toBe(threads.vocal._id);
    expect(onTwo[2]?.parentId).toBe(threads.vocal._id);
    // The version they were written on lists them as its own; a version lists nothing of later ones.
    const onOne = await list(v.one);
    expect(onOne).toHaveLength(4);
    expect(carried(onOne)).toEqual([]);
  });

  it("the list shows a carried thread's likes", async () => {
    const liked = await call(t.app, p.editor.token, 'POST', `${own(threads.kick)}/like`);
    expect(liked.statusCode, liked.body).toBe(200);
    const kick = (await list(v.two)).find((c) => c._id === threads.kick._id);
    expect(kick).toMatchObject({ likes: 1, likedBy: [p.editor.user._id] });
  });

  it('resolving a carried thread at its own route resolves the original, and it is no longer carried', async () => {
    const vocal = (await list(v.two)).find((c) => c._id === threads.vocal._id)!;
    const res = await call(t.app, p.editor.token, 'POST', `${own(vocal)}/resolve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(CommentResponseSchema.parse(res.json()).data.comment).toMatchObject({
      _id: threads.vocal._id,
      versionId: v.one,
      resolved: true,
    });
    expect((await list(v.one)).find((c) => c._id === threads.vocal._id)?.resolved).toBe(true);
    expect((await list(v.two)).map((c) => c._id)).toEqual([threads.kick._id]);
  });

  it('a reply to a carried thread goes to the original thread, on the version it was written on', async () => {
    const kick = (await list(v.two)).find((c) => c._id === threads.kick._id)!;
    const reply = await postComment(t.app, p.owner.token, url(kick.versionId), {
      body: 'Cut 200 Hz from the bass',
      at: kick.at,
      parentId: kick._id,
    });
    expect(reply).toMatchObject({ versionId: v.one, parentId: threads.kick._id });
    expect((await list(v.one)).filter((c) => c.parentId === threads.kick._id).map((c) => c.body)).toEqual([
      'Cut 200 Hz from the bass',
    ]);
    const onTwo = await list(v.two);
    expect(onTwo.map((c) => [c.body, c.carriedFrom?.label])).toEqual([
      ['Kick is muddy', 'Mix 1'],
      ['Cut 200 Hz from the bass', 'Mix 1'],
    ]);
  });

  it("a carried thread is the original version's: its routes at the later version answer 404", async () => {
    const res = await call(t.app, p.owner.token, 'POST', `${url(v.two)}/${threads.kick._id}/resolve`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const reply = await call(t.app, p.owner.token, 'POST', url(v.two), {
      body: 'Wrong place',
      at: 0.5,
      parentId: threads.kick._id,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, message: 'Unknown comment to reply to' });
  });

  it('a third version still carries what is open, named by the version it was written on', async () => {
    const own2 = await postComment(t.app, p.viewer.token, url(v.two), { body: 'Snare is thin', at: 1 });
    v.three = await upload('Mix 3');
    const onThree = await list(v.three);
    expect(onThree.map((c) => [c.body, c.carriedFrom])).toEqual([
      ['Kick is muddy', { versionId: v.one, label: 'Mix 1' }],
      ['Cut 200 Hz from the bass', { versionId: v.one, label: 'Mix 1' }],
      ['Snare is thin', { versionId: v.two, label: 'Mix 2' }],
    ]);
    // v2 shows its own thread unmarked beside what it carries.
    const onTwo = await list(v.two);
    expect(onTwo.find((c) => c._id === own2._id)?.carriedFrom).toBeUndefined();
  });

  it('the track answer says whether it carries, on by default', async () => {
    const res = await call(t.app, p.viewer.token, 'GET', trackUrl());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.track.carryComments).toBe(true);
  });

  it('an editor, a viewer or a stranger cannot turn it off; nothing changes', async () => {
    const editor = await setCarry(p.editor, false);
    expect(editor.statusCode).toBe(403);
    expect(editor.json()).toMatchObject({
      success: false,
      message: 'Only the project owner can do this.',
      error: { code: 'FORBIDDEN' },
    });
    // An editor's other changes in the same body are refused with it.
    const mixed = await call(t.app, p.editor.token, 'PUT', trackUrl(), {
      title: 'Renamed',
      carryComments: false,
    });
    expect(mixed.statusCode).toBe(403);
    expect((await setCarry(p.viewer, false)).statusCode).toBe(403);
    const stranger = await setCarry(p.stranger, false);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const listed = await call(t.app, p.stranger.token, 'GET', url(v.three));
    expect(listed.statusCode).toBe(404);
    const track = (await call(t.app, p.owner.token, 'GET', trackUrl())).json().data.track;
    expect(track).toMatchObject({ title: 'Glasshouse', carryComments: true });
    expect(carried(await list(v.three))).toHaveLength(3);
  });

  it.each([['yes'], [1], [null]])('carryComments %j is refused with a field error', async (value) => {
    const res = await setCarry(p.owner, value);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
    expect(JSON.stringify(res.json().error.details)).toContain('carryComments');
  });

  it('the owner turns it off: no version lists carried threads; on again, they are back', async () => {
    const off = await setCarry(p.owner, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(TrackResponseSchema.parse(off.json()).data.track.carryComments).toBe(false);
    expect(carried(await list(v.two))).toEqual([]);
    expect(carried(await list(v.three))).toEqual([]);
    expect((await list(v.three)).map((c) => c.body)).toEqual([]);
    expect(await list(v.one)).toHaveLength(5);

    const on = await setCarry(p.owner, true);
    expect(TrackResponseSchema.parse(on.json()).data.track.carryComments).toBe(true);
    expect(carried(await list(v.three))).toHaveLength(3);
  });
});
