// Who of the team hears of a guest's comment (decision 019): the link's maker while they are on the project;
// once they have left it, been removed or deleted their account, the owner. Never anyone else of the team,
// never a former member, and the guest's comment is taken (201) whoever made the link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, GOOD_PASSWORD, type TestApp } from '../../../test/helper.ts';
import { type CommentsFixture, call, commentsFixture } from '../comments/comments-testing.ts';
import { guest, makeLink } from './share-testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = 'owner' | 'editor' | 'viewer';

/**
 * A project whose editor makes a share link; `meanwhile` happens before the guest comments. Returns the
 * answer to the guest's comment and who of the project's people got a notification of it.
 */
async function guestCommentAfter(meanwhile: (f: CommentsFixture) => Promise<void>) {
  const f = await commentsFixture(t.app);
  const made = await makeLink(t.app, f.editor.token, f.projectId, { trackId: f.trackId });
  expect(made.link.createdBy?._id).toBe(f.editor.user._id);
  const visitor = guest(t.app);
  const version = (await visitor.view(made.api)).tracks[0]!.version;
  await meanwhile(f);
  const res = await visitor.post(version.commentsUrl, {
    name: 'Ana (label)',
    body: 'Love the bridge',
    at: 1,
  });
  const rows = await t.app.ctx.db
    .selectFrom('notifications')
    .select(['user_id', 'kind', 'title'])
    .where('project_id', '=', f.projectId)
    .execute();
  const names = new Map<string, Who>([
    [f.owner.user._id, 'owner'],
    [f.editor.user._id, 'editor'],
    [f.viewer.user._id, 'viewer'],
  ]);
  const told = rows.map((r) => ({ who: names.get(r.user_id) ?? r.user_id, kind: r.kind, title: r.title }));
  return { res, told };
}

const heardBy = (who: Who) => [
  { who, kind: 'guest_comment', title: 'Ana (label) (guest) commented on Intro at 0:01' },
];

describe("a guest's comment is told to", () => {
  it('the link’s maker while they are on the project, and to no one else', async () => {
    const { res, told } = await guestCommentAfter(async () => undefined);
    expect(res.statusCode, res.body).toBe(201);
    expect(told).toEqual(heardBy('editor'));
  });

  it('the owner once the maker has left the project', async () => {
    const { res, told } = await guestCommentAfter(async (f) => {
      const left = await call(
        t.app,
        f.editor.token,
        'DELETE',
        `/api/projects/${f.projectId}/collaborators/${f.editor.user._id}`,
      );
      expect(left.statusCode, left.body).toBe(200);
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(told).toEqual(heardBy('owner'));
  });

  it('the owner once the maker has been removed from the project', async () => {
    const { res, told } = await guestCommentAfter(async (f) => {
      const removed = await call(
        t.app,
        f.owner.token,
        'DELETE',
        `/api/projects/${f.projectId}/collaborators/${f.editor.user._id}`,
      );
      expect(removed.statusCode, removed.body).toBe(200);
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(told).toEqual(heardBy('owner'));
  });

  it('the owner once the maker has deleted their account', async () => {
    const { res, told } = await guestCommentAfter(async (f) => {
      const deleted = await t.app.inject({
        method: 'POST',
        url: '/api/account/delete',
        headers: bearer(f.editor.token),
        payload: { email: f.editor.user.email, password: GOOD_PASSWORD },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(told).toEqual(heardBy('owner'));
  });

  it('the maker still, when they stay on the project with view access only', async () => {
    const { res, told } = await guestCommentAfter(async (f) => {
      const demoted = await call(
        t.app,
        f.owner.token,
        'PUT',
        `/api/projects/${f.projectId}/collaborators/${f.editor.user._id}`,
        { permission: 'view' },
      );
      expect(demoted.statusCode, demoted.body).toBe(200);
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(told).toEqual(heardBy('editor'));
  });
});
