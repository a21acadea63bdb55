// Approvals reach the project's room live: a member's socket that joined it receives review:updated after a
// decision, a request and a withdrawal, shaped as the contract says and holding the state the HTTP call
// answered; a stranger's socket, refused the room, receives none of them.
import { REVIEW_UPDATED_EVENT, ReviewUpdatedEventSchema } from '@mixdesk/contract/reviews';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { join, listen, next, open } from '../../platform/realtime/realtime-testing.ts';
import { ask, call, decide, type ReviewsFixture, reviewsFixture } from './reviews-testing.ts';

let t: TestApp;
let f: ReviewsFixture;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = await reviewsFixture(t.app);
  url = await listen(t);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function connect(token: string): Promise<Socket> {
  const socket = await open(url, token);
  sockets.push(socket);
  return socket;
}

describe('review events', () => {
  it("reach a member's socket in the project room, and never a stranger's", async () => {
    const member = await connect(f.viewer.token);
    const stranger = await connect(f.stranger.token);
    await join(member, f.projectId);
    await expect(join(stranger, f.projectId)).rejects.toThrow('Project not found');
    const strangerGot: string[] = [];
    stranger.onAny((event: string) => strangerGot.push(event));
    const where = { projectId: f.projectId, trackId: f.trackId, versionId: f.versionId };

    const asked = next(member, REVIEW_UPDATED_EVENT);
    const afterAsk = await ask(t.app, f.editor.token, f.url, [f.viewer.user._id, f.owner.user._id]);
    expect(ReviewUpdatedEventSchema.parse(await asked)).toEqual({ ...where, state: afterAsk });

    const decided = next(member, REVIEW_UPDATED_EVENT);
    const afterDecision = await decide(t.app, f.owner.token, f.url, { decision: 'approved', note: 'Yes' });
    const event = ReviewUpdatedEventSchema.parse(await decided);
    expect(event).toEqual({ ...where, state: afterDecision });
    expect(event.state.requests.find((r) => r.reviewer._id === f.owner.user._id)?.decision).toBe('approved');

    const withdrawn = next(member, REVIEW_UPDATED_EVENT);
    const res = await call(t.app, f.editor.token, 'DELETE', `${f.url}/review-requests/${f.viewer.user._id}`);
    expect(res.statusCode, res.body).toBe(200);
    const last = ReviewUpdatedEventSchema.parse(await withdrawn);
    expect(last.state).toEqual(res.json().data.review);
    expect(last.state.approved).toBe(true);

    // One more the member receives after all of the above: had the stranger been sent any, it would have
    // arrived by now on the same server.
    const final = next(member, REVIEW_UPDATED_EVENT);
    await decide(t.app, f.viewer.token, f.url, { decision: 'changes_requested' });
    await final;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(strangerGot.filter((e) => e.startsWith('review:'))).toEqual([]);
  });
});
