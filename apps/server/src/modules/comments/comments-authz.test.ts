// Who may do what with comments, over every endpoint: anonymous (401), a stranger (404: the project does not
// exist for them), a view collaborator, an edit collaborator, the owner, and the comment's author (a view
// collaborator). Everyone who sees the version lists, comments and likes; only the author edits; the author
// or the owner deletes; the thread's author, editors and the owner resolve. A refused call changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { nowIso } from '../../platform/ids.ts';
import {
  type CommentsFixture,
  call,
  commentsFixture,
  commentsSnapshot,
  postComment,
} from './comments-testing.ts';

let t: TestApp;
let f: CommentsFixture;
let author: SignedIn;
/** The comment the refused calls aim at (changed by nobody). */
let shared: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await commentsFixture(t.app);
  author = await registerUser(t.app, { name: 'Author' });
  await t.app.ctx.db
    .insertInto('project_collaborators')
    .values({
      project_id: f.projectId,
      user_id: author.user._id,
      permission: 'view',
      role: 'Artist',
      created_at: nowIso(),
    })
    .execute();
  shared = (await postComment(t.app, author.token, f.url, { body: 'The shared thread', at: 1 }))._id;
});
afterAll(async () => {
  await t.close();
});

const ROLES = ['anonymous', 'stranger', 'viewer', 'editor', 'owner', 'author'] as const;
type Role = (typeof ROLES)[number];
const tokenOf = (role: Role) =>
  role === 'anonymous' ? null : role === 'author' ? author.token : f[role].token;

interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The comment's own URL, or the version's comments URL when absent. */
  path?: string;
  body?: object;
  ok: number;
  /** The signed-in roles that may (anonymous and strangers never may). */
  allowed: Role[];
  /** Whether an allowed call changes anything (then it aims at a fresh comment). */
  changes: boolean;
}

const MEMBERS: Role[] = ['viewer', 'editor', 'owner', 'author'];
const ENDPOINTS: Endpoint[] = [
  { name: 'list comments', method: 'GET', ok: 200, allowed: MEMBERS, changes: false },
  {
    name: 'add a comment',
    method: 'POST',
    body: { body: 'New', at: 0.5 },
    ok: 201,
    allowed: MEMBERS,
    changes: true,
  },
  {
    name: 'edit a comment',
    method: 'PUT',
    path: '',
    body: { body: 'Edited' },
    ok: 200,
    allowed: ['author'],
    changes: true,
  },
  {
    name: 'delete a comment',
    method: 'DELETE',
    path: '',
    ok: 200,
    allowed: ['author', 'owner'],
    changes: true,
  },
  { name: 'like a comment', method: 'POST', path: '/like', ok: 200, allowed: MEMBERS, changes: true },
  {
    name: 'resolve a thread',
    method: 'POST',
    path: '/resolve',
    ok: 200,
    allowed: ['author', 'editor', 'owner'],
    changes: true,
  },
];

function expected(e: Endpoint, role: Role): number {
  if (role === 'anonymous') return 401;
  if (role === 'stranger') return 404;
  return e.allowed.includes(role) ? e.ok : 403;
}

describe.each(ROLES)('%s', (role) => {
  it.each(ENDPOINTS.map((e) => [e.name, e] as const))('%s', async (_name, e) => {
    const status = expected(e, role);
    const changes = status < 300 && e.changes;
    const commentId = changes
      ? (await postComment(t.app, author.token, f.url, { body: 'A fresh thread', at: 1.5 }))._id
      : shared;
    const url = e.path === undefined ? f.url : `${f.url}/${commentId}${e.path}`;
    const before = changes ? '' : await commentsSnapshot(t.app);
    const res = await call(t.app, tokenOf(role), e.method, url, e.body);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
    if (status >= 400) {
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
      if (status === 404) expect(res.json().message).toBe('Project not found');
      if (status === 403 && e.method === 'PUT')
        expect(res.json().message).toBe('You can only edit your own comments');
    }
    if (!changes) expect(await commentsSnapshot(t.app)).toBe(before);
  });
});

describe('the rules behind the matrix', () => {
  it('an editor cannot edit or delete a comment that is not theirs, but may delete their own', async () => {
    const mine = await postComment(t.app, f.editor.token, f.url, { body: 'Mine', at: 0.2 });
    const before = await commentsSnapshot(t.app);
    expect((await call(t.app, f.editor.token, 'DELETE', `${f.url}/${shared}`)).statusCode).toBe(403);
    expect(
      (await call(t.app, f.owner.token, 'PUT', `${f.url}/${mine._id}`, { body: 'Owner edit' })).statusCode,
    ).toBe(403);
    expect(await commentsSnapshot(t.app)).toBe(before);
    expect((await call(t.app, f.editor.token, 'DELETE', `${f.url}/${mine._id}`)).statusCode).toBe(200);
  });

  it('a viewer may resolve their own thread but not a reply, nor a thread of someone else', async () => {
    const thread = await postComment(t.app, f.viewer.token, f.url, { body: 'My thread', at: 0.4 });
    const reply = await postComment(t.app, f.viewer.token, f.url, {
      body: 'Mine too',
      at: 0.4,
      parentId: thread._id,
    });
    expect((await call(t.app, f.viewer.token, 'POST', `${f.url}/${thread._id}/resolve`)).statusCode).toBe(
      200,
    );
    expect((await call(t.app, f.viewer.token, 'POST', `${f.url}/${reply._id}/resolve`)).statusCode).toBe(400);
    const other = await postComment(t.app, f.owner.token, f.url, { body: 'Owner thread', at: 0.4 });
    expect((await call(t.app, f.viewer.token, 'POST', `${f.url}/${other._id}/resolve`)).statusCode).toBe(403);
  });

  it('changes count against the per-person write limit; reading does not', async () => {
    const post = await call(t.app, f.viewer.token, 'POST', f.url, { body: 'Counted', at: 0.1 });
    expect(post.statusCode).toBe(201);
    expect(post.headers['ratelimit-limit']).toBe('300');
    const like = await call(t.app, f.viewer.token, 'POST', `${f.url}/${post.json().data.comment._id}/like`);
    expect(like.headers['ratelimit-limit']).toBe('300');
    expect((await call(t.app, f.viewer.token, 'GET', f.url)).headers['ratelimit-limit']).toBeUndefined();
  });

  it("a collaborator removed from the project loses its comments' endpoints (404)", async () => {
    const gone = await registerUser(t.app, { name: 'Leaver' });
    await t.app.ctx.db
      .insertInto('project_collaborators')
      .values({
        project_id: f.projectId,
        user_id: gone.user._id,
        permission: 'view',
        role: 'Guest',
        created_at: nowIso(),
      })
      .execute();
    const c = await postComment(t.app, gone.token, f.url, { body: 'Before leaving', at: 0.1 });
    await t.app.ctx.db
      .deleteFrom('project_collaborators')
      .where('project_id', '=', f.projectId)
      .where('user_id', '=', gone.user._id)
      .execute();
    const res = await call(t.app, gone.token, 'PUT', `${f.url}/${c._id}`, { body: 'After leaving' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Project not found');
  });
});
