// Who may do what with approvals, over every endpoint: anonymous (401), a stranger (404: the project does not
// exist for them), a view collaborator, an edit collaborator and the owner. Everyone who sees the version
// reads its state and decides on it; only editors and the owner ask for reviews and withdraw a request.
// A refused call changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { nowIso } from '../../platform/ids.ts';
import { ask, call, type ReviewsFixture, reviewsFixture, reviewsSnapshot } from './reviews-testing.ts';

let t: TestApp;
let f: ReviewsFixture;
/** A view collaborator the calls ask for a review (nobody of the matrix). */
let reviewer: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  f = await reviewsFixture(t.app);
  reviewer = await registerUser(t.app, { name: 'Reviewer' });
  await t.app.ctx.db
    .insertInto('project_collaborators')
    .values({
      project_id: f.projectId,
      user_id: reviewer.user._id,
      permission: 'view',
      role: 'Artist',
      created_at: nowIso(),
    })
    .execute();
});
afterAll(async () => {
  await t.close();
});

const ROLES = ['anonymous', 'stranger', 'viewer', 'editor', 'owner'] as const;
type Role = (typeof ROLES)[number];
const tokenOf = (role: Role) => (role === 'anonymous' ? null : f[role].token);

interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: () => string;
  body?: () => object;
  /** The signed-in roles that may (anonymous and strangers never may). */
  allowed: Role[];
  changes: boolean;
}

const MEMBERS: Role[] = ['viewer', 'editor', 'owner'];
const ENDPOINTS: Endpoint[] = [
  { name: 'read the review', method: 'GET', path: () => '/review', allowed: MEMBERS, changes: false },
  {
    name: 'decide',
    method: 'POST',
    path: () => '/review',
    body: () => ({ decision: 'approved', note: `At ${nowIso()}` }),
    allowed: MEMBERS,
    changes: true,
  },
  {
    name: 'ask for a review',
    method: 'POST',
    path: () => '/review-requests',
    body: () => ({ userIds: [reviewer.user._id] }),
    allowed: ['editor', 'owner'],
    changes: true,
  },
  {
    name: 'withdraw a request',
    method: 'DELETE',
    path: () => `/review-requests/${reviewer.user._id}`,
    allowed: ['editor', 'owner'],
    changes: true,
  },
];

function expected(e: Endpoint, role: Role): number {
  if (role === 'anonymous') return 401;
  if (role === 'stranger') return 404;
  return e.allowed.includes(role) ? 200 : 403;
}

describe.each(ROLES)('%s', (role) => {
  it.each(ENDPOINTS.map((e) => [e.name, e] as const))('%s', async (_name, e) => {
    const status = expected(e, role);
    // Every call finds the reviewer asked (so a withdrawal is refused for who calls it, not for a missing request).
    await ask(t.app, f.owner.token, f.url, [reviewer.user._id]);
    const changes = status < 300 && e.changes;
    const before = changes ? '' : await reviewsSnapshot(t.app);
    const res = await call(t.app, tokenOf(role), e.method, `${f.url}${e.path()}`, e.body?.());
    expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
    if (status >= 400) {
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
      if (status === 404) expect(res.json().message).toBe('Project not found');
      if (status === 403) expect(res.json().message).toBe('You have view-only access to this project.');
    } else expect(res.json().data.review.versionId).toBe(f.versionId);
    if (!changes) expect(await reviewsSnapshot(t.app)).toBe(before);
  });
});

describe('the rules behind the matrix', () => {
  it('a view collaborator may be asked, and asked by an editor, the owner may be asked too', async () => {
    const state = await ask(t.app, f.editor.token, f.url, [f.viewer.user._id, f.owner.user._id]);
    expect(state.requests.map((r) => r.reviewer._id)).toEqual(
      expect.arrayContaining([f.viewer.user._id, f.owner.user._id]),
    );
  });

  it('changes count against the per-person write limit; reading does not', async () => {
    const post = await call(t.app, f.viewer.token, 'POST', `${f.url}/review`, {
      decision: 'changes_requested',
    });
    expect(post.statusCode).toBe(200);
    expect(post.headers['ratelimit-limit']).toBe('300');
    const read = await call(t.app, f.viewer.token, 'GET', `${f.url}/review`);
    expect(read.headers['ratelimit-limit']).toBeUndefined();
    expect(read.headers['cache-control']).toBe('no-store');
  });

  it('a collaborator removed from the project loses its review endpoints (404)', async () => {
    const gone = await registerUser(t.app, { name: 'Leaver' });
    const db = t.app.ctx.db;
    await db
      .insertInto('project_collaborators')
      .values({
        project_id: f.projectId,
        user_id: gone.user._id,
        permission: 'edit',
        role: 'Guest',
        created_at: nowIso(),
      })
      .execute();
    expect((await call(t.app, gone.token, 'GET', `${f.url}/review`)).statusCode).toBe(200);
    await db
      .deleteFrom('project_collaborators')
      .where('project_id', '=', f.projectId)
      .where('user_id', '=', gone.user._id)
      .execute();
    const before = await reviewsSnapshot(t.app);
    const res = await call(t.app, gone.token, 'POST', `${f.url}/review`, { decision: 'approved' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Project not found');
    expect(await reviewsSnapshot(t.app)).toBe(before);
  });
});
