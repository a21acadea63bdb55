// Scaled out (issue #15): two app instances on one database with Redis between them, as behind a load
// balancer. A comment posted through one reaches a member's socket connected to the other, and the mention
// it carries rings the mentioned person's socket there too.
import { CommentEventSchema } from '@mixdesk/contract/comments';
import { NotificationEventSchema } from '@mixdesk/contract/notifications';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { join, listen, next, open } from '../../platform/realtime/realtime-testing.ts';
import { type CommentsFixture, commentsFixture, postComment } from './comments-testing.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let a: TestApp;
let b: FastifyInstance;
let f: CommentsFixture;

beforeAll(async () => {
  a = await createTestApp({ redisUrl: REDIS_URL });
  b = await buildApp(a.config, { database: await openDatabase(a.config) });
  f = await commentsFixture(a.app);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('comments across instances', () => {
  it('a comment posted on one instance reaches sockets on the other, and so does its mention', async () => {
    const socket = await open(await listen(a), f.owner.token);
    await join(socket, f.projectId);
    const comment = next(socket, 'comment:new');
    const rang = next(socket, 'notification:new');

    const posted = await postComment(b, f.viewer.token, f.url, {
      body: '@Owner hear the hiss at 0:01?',
      at: 1,
    });

    const event = CommentEventSchema.parse(await comment);
    expect(event.comment).toEqual(posted);
    const notification = NotificationEventSchema.parse(await rang);
    expect(notification.notification).toMatchObject({
      kind: 'mention',
      title: 'Viewer mentioned you on Intro at 0:01',
    });
    expect(notification.unreadCount).toBe(1);
    socket.close();
  });
});
