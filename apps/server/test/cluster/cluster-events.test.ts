// Every kind of live event the server sends, caused through one instance and received by a socket on the other
// (and back): presence, job updates, comments, reviews, activity, the notifications addressed to one person,
// a removed member's sockets leaving the room and a signed-out session's sockets closing (issue #18).
import {
  CommentDeletedEventSchema,
  type CommentEvent,
  CommentEventSchema,
  CommentLikedEventSchema,
} from '@mixdesk/contract/comments';
import { type Job, JobSchema } from '@mixdesk/contract/jobs';
import { ReviewUpdatedEventSchema } from '@mixdesk/contract/reviews';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, commentsUrl, postComment } from '../../src/modules/comments/comments-testing.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadVersion,
} from '../../src/modules/media/media-testing.ts';
import { ask, decide, versionUrl } from '../../src/modules/reviews/reviews-testing.ts';
import { guest, makeLink } from '../../src/modules/share-links/share-testing.ts';
import { join } from '../../src/platform/realtime/realtime-testing.ts';
import { bearer, registerUser } from '../helper.ts';
import { invite, verifyUser } from '../invitations.ts';
import { until } from '../services.ts';
import { type Cluster, endpoint, nginxAvailable, startCluster } from './cluster-services.ts';
import { type Ear, ear } from './live-ears.ts';

let c: Cluster;
let a: FastifyInstance;
let b: FastifyInstance;
let f: ProjectWithPeople;
/** The owner's socket on A and the viewer's on B, both in the project's room from the start. */
let ownerOnA: Ear;
let viewerOnB: Ear;
/** A track with one version (the owner's, uploaded through A), for comments and reviews. */
let place: { trackId: string; versionId: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  if (!nginxAvailable()) return;
  c = await startCluster();
  [a, b] = [endpoint(c.a.url, c.db), endpoint(c.b.url, c.db)];
  f = await projectWithPeople(a);
  ownerOnA = await ear(c.a, f.owner, sockets);
  viewerOnB = await ear(c.b, f.viewer, sockets);
  await join(ownerOnA.socket, f.projectId);
  await join(viewerOnB.socket, f.projectId);
  const trackId = (await addTrack(a, f.owner.token, f.projectId, { title: 'Glasshouse' }))._id;
  place = { trackId, versionId: await upload(a, f.owner.token, trackId) };
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await c?.stop();
}, 60_000);

async function upload(on: FastifyInstance, token: string, trackId: string): Promise<string> {
  const res = await uploadVersion(on, token, f.projectId, trackId, sineWav({ seconds: 2, channels: 1 }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.version._id;
}

interface Person {
  userId: string;
  status: string;
}
interface Presence {
  projectId: string;
  users: Person[];
}

/** A presence:update of the project in which `userId` is listed with `status`, or not listed (null). */
const presence = (e: Ear, userId: string, status: string | null, what: string) =>
  e.hears<Presence>('presence:update', what, (p) => {
    if (p.projectId !== f.projectId) return false;
    const entry = p.users.find((u) => u.userId === userId);
    return status === null ? entry === undefined : entry?.status === status;
  });
const person = (e: Ear, event: string, userId: string, what: string) =>
  e.hears<Person>(event, what, (p) => p.userId === userId);

describe.runIf(nginxAvailable())('live events cross the instances', () => {
  it('presence: a join, status changes, a leave and a disconnect on one instance are seen on the other', async () => {
    const editorOnB = await ear(c.b, f.editor, sockets);
    const [editor, owner] = [f.editor.user._id, f.owner.user._id];
    ownerOnA.listen();
    await join(editorOnB.socket, f.projectId);
    await person(ownerOnA, 'user:joined', editor, 'the editor joined on B');
    await presence(ownerOnA, editor, 'online', 'the editor listed');

    editorOnB.socket.emit('presence:update', { status: 'busy' });
    const busy = await person(ownerOnA, 'user:status:changed', editor, 'the editor is busy');
    expect(busy).toEqual({ projectId: f.projectId, userId: editor, status: 'busy' });
    await presence(ownerOnA, editor, 'busy', 'the editor listed as busy');

    editorOnB.listen();
    ownerOnA.socket.emit('presence:update', { status: 'away' });
    expect((await person(editorOnB, 'user:status:changed', owner, 'the owner is away')).status).toBe('away');
    await presence(editorOnB, owner, 'away', 'the owner listed as away');
    editorOnB.listen();
    ownerOnA.socket.emit('presence:update', { status: 'online' });
    await presence(editorOnB, owner, 'online', 'the owner back online');

    ownerOnA.listen();
    editorOnB.socket.emit('leave:project', { projectId: f.projectId });
    await person(ownerOnA, 'user:left', editor, 'the editor left on B');
    await presence(ownerOnA, editor, null, 'the list without the editor');

    ownerOnA.listen();
    await join(editorOnB.socket, f.projectId);
    await presence(ownerOnA, editor, 'busy', 'the editor back in the list, still busy');
    ownerOnA.listen();
    editorOnB.socket.close();
    await person(ownerOnA, 'user:left', editor, 'the editor disconnected on B');
    await presence(ownerOnA, editor, null, 'the list after the disconnect');
  });

  it("job:updated: an upload's waveform and analysis, run where it was uploaded, are followed on the other", async () => {
    for (const [on, other, token, listener] of [
      [a, b, f.owner.token, viewerOnB],
      [b, a, f.editor.token, ownerOnA],
    ] as const) {
      listener.listen();
      const versionId = await upload(on, token, place.trackId);
      const uploaded = await listener.activity('version_uploaded', 'the version uploaded');
      expect(uploaded.projectId).toBe(f.projectId);
      for (const kind of ['peaks', 'analysis'] as const) {
        const mine = (p: Job) => p.subjectId === versionId && p.kind === kind;
        const ended = (p: Job) => mine(p) && (p.status === 'done' || p.status === 'failed');
        const done = JobSchema.parse(
          await listener.hears<Job>('job:updated', `the ${kind} job ended`, ended),
        );
        expect(done, done.error ?? '').toMatchObject({ status: 'done', projectId: f.projectId });
        const running = (p: Job) => mine(p) && p.status === 'running';
        const started = await listener.hears<Job>('job:updated', `the ${kind} job started`, running);
        expect(started.startedAt).toBe(done.startedAt);
        // The last word pushed is what the API answers now, whichever instance is asked.
        const res = await other.inject({ url: `/api/jobs/${done._id}`, headers: bearer(f.viewer.token) });
        expect(res.json().data.job).toEqual(done);
      }
    }
  });

  it('comments: every event crosses both ways; a mention and a reply reach their people on the other instance', async () => {
    const url = commentsUrl(f.projectId, place.trackId, place.versionId);
    const where = { projectId: f.projectId, ...place };
    const comment = (e: Ear, event: string, what: string, match: (c: CommentEvent['comment']) => boolean) =>
      e.hears<CommentEvent>(event, what, (p) => match(p.comment)).then((p) => CommentEventSchema.parse(p));

    viewerOnB.listen();
    const first = await postComment(a, f.owner.token, url, { body: '@Viewer the kick at 0:01?', at: 1 });
    expect(await comment(viewerOnB, 'comment:new', 'posted on A', (x) => x._id === first._id)).toEqual({
      ...where,
      comment: first,
    });
    const mention = await viewerOnB.told('mention', 'the viewer mentioned on A');
    expect(mention.notification).toMatchObject({ read: false, actor: { _id: f.owner.user._id } });
    expect(mention.notification.link).toContain(`comment=${first._id}`);
    expect(mention.unreadCount).toBe(1);
    await viewerOnB.activity('comment_added', 'the comment added on A');

    ownerOnA.listen();
    const edit = await call(b, f.owner.token, 'PUT', `${url}/${first._id}`, { body: '@Viewer the kick!' });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = await comment(ownerOnA, 'comment:updated', 'edited on B', (x) => x.editedAt !== null);
    expect(edited.comment).toEqual(edit.json().data.comment);

    viewerOnB.listen();
    expect((await call(a, f.editor.token, 'POST', `${url}/${first._id}/resolve`)).statusCode).toBe(200);
    await comment(viewerOnB, 'comment:updated', 'resolved on A', (x) => x.resolved);

    ownerOnA.listen();
    expect((await call(b, f.viewer.token, 'POST', `${url}/${first._id}/like`)).statusCode).toBe(200);
    expect(CommentLikedEventSchema.parse(await ownerOnA.hears('comment:liked', 'liked on B'))).toEqual({
      ...where,
      commentId: first._id,
      likes: 1,
      likedBy: [f.viewer.user._id],
    });
    const reply = await postComment(b, f.viewer.token, url, { body: 'Fixed', at: 1, parentId: first._id });
    await comment(ownerOnA, 'comment:new', 'the reply posted on B', (x) => x._id === reply._id);
    const told = await ownerOnA.told('reply', 'the thread author replied to on B');
    // It leads to the thread, where the reply is.
    expect(told.notification.link).toContain(`comment=${first._id}`);

    viewerOnB.listen();
    expect((await call(a, f.owner.token, 'DELETE', `${url}/${first._id}`)).statusCode).toBe(200);
    const gone = CommentDeletedEventSchema.parse(await viewerOnB.hears('comment:deleted', 'deleted on A'));
    expect(gone).toMatchObject({ ...where, commentId: first._id });
    expect([...gone.deletedIds].sort()).toEqual([first._id, reply._id].sort());
  });

  it('reviews: updates cross both ways; a request and a decision reach their people on the other instance', async () => {
    const url = versionUrl(f.projectId, place.trackId, place.versionId);
    viewerOnB.listen();
    const asked = await ask(a, f.owner.token, url, [f.viewer.user._id]);
    const update = ReviewUpdatedEventSchema.parse(await viewerOnB.hears('review:updated', 'asked on A'));
    expect(update).toEqual({ projectId: f.projectId, ...place, state: asked });
    const request = await viewerOnB.told('review_requested', 'the viewer asked for a review on A');
    expect(request.notification.actor?._id).toBe(f.owner.user._id);

    ownerOnA.listen();
    const decided = await decide(b, f.viewer.token, url, { decision: 'approved', note: 'Ship it' });
    const after = ReviewUpdatedEventSchema.parse(await ownerOnA.hears('review:updated', 'approved on B'));
    expect(after.state).toEqual(decided);
    const decision = await ownerOnA.told(
      'review_decision',
      "the uploader told of the viewer's decision on B",
    );
    expect(decision.notification.body).toBe('Ship it');
    await ownerOnA.activity('version_reviewed', 'the version reviewed on B');
  });

  it("invitations: invitee, owner and room are told across; a removed member's sockets leave the room everywhere", async () => {
    const newcomer = await registerUser(b, { name: 'Newcomer' });
    const newcomerOnB = await ear(c.b, newcomer, sockets);
    const id = await invite(a, f.owner.token, f.projectId, newcomer.user.email, { permission: 'view' });
    const invited = await newcomerOnB.told('invitation', 'invited on A');
    expect(invited.notification.link).toBe(`/invitations/${id}`);

    await verifyUser(b, newcomer);
    ownerOnA.listen();
    const accepted = await call(b, newcomer.token, 'POST', `/api/invitations/${id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await ownerOnA.told('invitation_answered', 'the invitation accepted on B');
    const joined = await ownerOnA.activity('collaborator_added', 'the newcomer added on B');
    expect(joined.activity.actor?._id).toBe(newcomer.user._id);

    await join(newcomerOnB.socket, f.projectId);
    await presence(ownerOnA, newcomer.user._id, 'online', 'the newcomer listed');
    ownerOnA.listen();
    const member = `/api/projects/${f.projectId}/collaborators/${newcomer.user._id}`;
    const gone = await call(a, f.owner.token, 'DELETE', member);
    expect(gone.statusCode, gone.body).toBe(200);
    // The list is read from every instance's sockets: the newcomer's socket on B has left the room.
    await presence(ownerOnA, newcomer.user._id, null, 'the list without the removed newcomer');
  });

  it("a guest's comment through one instance reaches the room and the link's maker on the other", async () => {
    const link = await makeLink(a, f.owner.token, f.projectId, { trackId: place.trackId });
    const visitor = guest(b);
    const version = (await visitor.view(link.api)).tracks[0]!.version;
    ownerOnA.listen();
    const res = await visitor.post(version.commentsUrl, { name: 'Ana (label)', body: 'Love it', at: 0.5 });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.comment._id;
    await ownerOnA.hears<CommentEvent>('comment:new', 'the guest comment on B', (p) => p.comment._id === id);
    await ownerOnA.told('guest_comment', "the link's maker told of the guest comment on B");
  });

  it("signing out on one instance closes the session's sockets on the other", async () => {
    const who = await registerUser(a);
    const onB = await ear(c.b, who, sockets);
    const out = await a.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(who.token) });
    expect(out.statusCode).toBe(200);
    await until(async () => !onB.socket.connected, 5_000, "the signed-out session's socket on B to close");
  });
});
