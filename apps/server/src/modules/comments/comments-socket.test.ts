// Comments reach the project's room live: a member's socket that joined it receives comment:new,
// comment:updated (edited, resolved), comment:liked and comment:deleted, each shaped as the contract says;
// a stranger's socket, refused the room, receives none of them.
import type { AddressInfo } from 'node:net';
import {
  type Comment,
  CommentDeletedEventSchema,
  CommentEventSchema,
  CommentLikedEventSchema,
} from '@mixdesk/contract/comments';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { type CommentsFixture, call, commentsFixture, postComment } from './comments-testing.ts';

let t: TestApp;
let f: CommentsFixture;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = await commentsFixture(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

function open(token: string): Promise<Socket> {
  const socket = connect(url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Asks to join the project's room: 'joined', or the error the server answered. */
const join = (socket: Socket, projectId: string) =>
  new Promise<string>((resolve) => {
    socket.once('presence:update', () => resolve('joined'));
    socket.once('error', (e: { message: string }) => resolve(e.message));
    socket.emit('join:project', { projectId });
  });

const next = (socket: Socket, event: string) =>
  new Promise<unknown>((resolve) => socket.once(event, resolve));

describe('comment events', () => {
  it("reach a member's socket in the project room, and never a stranger's", async () => {
    const member = await open(f.viewer.token);
    const stranger = await open(f.stranger.token);
    expect(await join(member, f.projectId)).toBe('joined');
    expect(await join(stranger, f.projectId)).toBe('Project not found');
    const strangerGot: string[] = [];
    stranger.onAny((event: string) => strangerGot.push(event));
    const where = { projectId: f.projectId, trackId: f.trackId, versionId: f.versionId };

    const added = next(member, 'comment:new');
    const comment = await postComment(t.app, f.owner.token, f.url, {
      body: 'Bass too loud',
      at: 1.25,
      end: 1.5,
    });
    const newEvent = CommentEventSchema.parse(await added);
    expect(newEvent).toEqual({ ...where, comment });

    const edited = next(member, 'comment:updated');
    const res = await call(t.app, f.owner.token, 'PUT', `${f.url}/${comment._id}`, {
      body: 'Bass far too loud',
    });
    expect(res.statusCode).toBe(200);
    const editEvent = CommentEventSchema.parse(await edited);
    expect(editEvent.comment).toEqual(res.json().data.comment as Comment);
    expect(editEvent.comment.editedAt).not.toBeNull();

    const resolved = next(member, 'comment:updated');
    expect((await call(t.app, f.editor.token, 'POST', `${f.url}/${comment._id}/resolve`)).statusCode).toBe(
      200,
    );
    expect(CommentEventSchema.parse(await resolved)).toMatchObject({ ...where, comment: { resolved: true } });

    const liked = next(member, 'comment:liked');
    expect((await call(t.app, f.editor.token, 'POST', `${f.url}/${comment._id}/like`)).statusCode).toBe(200);
    expect(CommentLikedEventSchema.parse(await liked)).toEqual({
      ...where,
      commentId: comment._id,
      likes: 1,
      likedBy: [f.editor.user._id],
    });

    const reply = await postComment(t.app, f.viewer.token, f.url, {
      body: 'Agreed',
      at: 1.25,
      parentId: comment._id,
    });
    const deleted = next(member, 'comment:deleted');
    expect((await call(t.app, f.owner.token, 'DELETE', `${f.url}/${comment._id}`)).statusCode).toBe(200);
    const deleteEvent = CommentDeletedEventSchema.parse(await deleted);
    expect(deleteEvent).toMatchObject({ ...where, commentId: comment._id });
    expect([...deleteEvent.deletedIds].sort()).toEqual([comment._id, reply._id].sort());

    // A last event the member receives after all of the above: had the stranger been sent any, it would
    // have arrived by now on the same server.
    const last = next(member, 'comment:new');
    await postComment(t.app, f.owner.token, f.url, { body: 'Done', at: 0 });
    await last;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(strangerGot.filter((e) => e.startsWith('comment:'))).toEqual([]);
  });
});
