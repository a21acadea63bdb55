// What a personal token may do (issue #38): it acts as its owner on the API, without a CSRF token (it is no
// cookie); a `read` token reads and is refused every change (403, nothing changed); a `write` token changes
// things; and the web session's own routes (password, two-factor, sessions, tokens, export, account deletion)
// refuse any personal token with 403, while the signed-in session still reaches them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  cookieHeader,
  createTestApp,
  csrf,
  GOOD_PASSWORD,
  liveSessionCount,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { READ_ONLY_TOKEN, SESSION_ONLY } from '../../platform/security/auth.ts';
import { makeToken, TOKENS_URL, withToken } from './api-tokens-testing.ts';

let t: TestApp;
let me: SignedIn;
let stranger: SignedIn;
let reader: string;
let writer: string;
let projectId: string;
let strangersProjectId: string;

const createProject = async (who: SignedIn, title: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(who.token),
    payload: { title },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.project._id as string;
};

beforeAll(async () => {
  t = await createTestApp();
  me = await registerUser(t.app, { name: 'Scripted' });
  stranger = await registerUser(t.app, { name: 'Elsewhere' });
  reader = (await makeToken(t.app, me, { name: 'Reader', scopes: ['read'] })).token;
  writer = (await makeToken(t.app, me, { name: 'Writer', scopes: ['read', 'write'] })).token;
  projectId = await createProject(me, 'Album');
  strangersProjectId = await createProject(stranger, 'Not yours');
});
afterAll(async () => {
  await t.close();
});

const titleOf = async (id: string) => {
  const res = await t.app.inject({ url: `/api/projects/${id}`, headers: bearer(me.token) });
  return res.statusCode === 200 ? (res.json().data.project.title as string) : null;
};

describe('a read token', () => {
  it.each(['/api/projects', '/api/projects/:id', '/api/auth/me', '/api/clients', '/api/auth/profile'])(
    'reads: GET %s answers 200',
    async (path) => {
      const res = await withToken(t.app, reader, 'GET', path.replace(':id', projectId));
      expect(res.statusCode, res.body).toBe(200);
    },
  );

  it('reads as its owner: /me is the owner, and the project list holds theirs', async () => {
    const me1 = await withToken(t.app, reader, 'GET', '/api/auth/me');
    expect(me1.json().data.user).toMatchObject({ _id: me.user._id, email: me.user.email });
    const list = await withToken(t.app, reader, 'GET', '/api/projects');
    expect(list.json().data.projects.map((p: { _id: string }) => p._id)).toEqual([projectId]);
  });

  it.each([
    ['POST', '/api/projects', { title: 'Sneaky' }],
    ['PUT', '/api/projects/:id', { title: 'Renamed' }],
    ['DELETE', '/api/projects/:id', undefined],
    ['POST', '/api/clients', { name: 'New Label', email: 'label@example.com' }],
    ['PUT', '/api/auth/profile', { bio: 'Changed by a reader' }],
    ['POST', '/api/auth/resend-verification', undefined],
  ] as const)('is refused a change: %s %s answers 403 and changes nothing', async (method, path, body) => {
    const res = await withToken(t.app, reader, method, path.replace(':id', projectId), body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: READ_ONLY_TOKEN, error: { code: 'FORBIDDEN' } });
  });

  it('left everything as it was', async () => {
    expect(await titleOf(projectId)).toBe('Album');
    const projects = await t.app.inject({ url: '/api/projects', headers: bearer(me.token) });
    expect(projects.json().data.projects).toHaveLength(1);
    const clients = await t.app.inject({ url: '/api/clients', headers: bearer(me.token) });
    expect(JSON.stringify(clients.json().data)).not.toContain('New Label');
    const profile = await t.app.inject({ url: '/api/auth/profile', headers: bearer(me.token) });
    expect(profile.body).not.toContain('Changed by a reader');
  });
});

describe('a read and write token', () => {
  it('creates, changes and deletes a project, with no CSRF token', async () => {
    const made = await withToken(t.app, writer, 'POST', '/api/projects', { title: 'From a script' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.project._id as string;
    const renamed = await withToken(t.app, writer, 'PUT', `/api/projects/${id}`, { title: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(await titleOf(id)).toBe('Renamed');
    const gone = await withToken(t.app, writer, 'DELETE', `/api/projects/${id}`);
    expect(gone.statusCode).toBe(200);
    expect(await titleOf(id)).toBeNull();
  });

  it("sees no more than its owner: a stranger's project answers 404, to read and to change", async () => {
    const read = await withToken(t.app, writer, 'GET', `/api/projects/${strangersProjectId}`);
    expect(read.statusCode).toBe(404);
    const change = await withToken(t.app, writer, 'PUT', `/api/projects/${strangersProjectId}`, {
      title: 'Mine now',
    });
    expect(change.statusCode).toBe(404);
  });

  it('signing out with a token signs no session out', async () => {
    const before = await liveSessionCount(t.app, me.user._id);
    const res = await withToken(t.app, writer, 'POST', '/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(await liveSessionCount(t.app, me.user._id)).toBe(before);
    expect((await withToken(t.app, writer, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('is no credential in the access cookie', async () => {
    const res = await t.app.inject({ url: '/api/projects', headers: { cookie: `mixdesk_access=${writer}` } });
    expect(res.statusCode).toBe(401);
  });
});

/** The web session's own routes, each with a body it would accept from the session. */
const SESSION_ROUTES = [
  ['POST', '/api/account/password', { currentPassword: GOOD_PASSWORD, newPassword: 'Brand-New-Mix-2027' }],
  ['GET', '/api/account/sessions', undefined],
  ['DELETE', '/api/account/sessions/some-session', undefined],
  ['POST', '/api/account/sessions/sign-out-others', undefined],
  ['GET', '/api/account/two-factor', undefined],
  ['POST', '/api/account/two-factor/setup', undefined],
  ['POST', '/api/account/two-factor/enable', { code: '123456' }],
  ['POST', '/api/account/two-factor/disable', { code: '123456', password: GOOD_PASSWORD }],
  ['POST', '/api/account/two-factor/recovery-codes', { code: '123456', password: GOOD_PASSWORD }],
  ['POST', '/api/account/export', { includeFiles: false }],
  ['POST', '/api/account/delete', { email: 'placeholder', password: GOOD_PASSWORD }],
  ['POST', TOKENS_URL, { name: 'Made by a token', scopes: ['read', 'write'] }],
  ['GET', TOKENS_URL, undefined],
  ['DELETE', `${TOKENS_URL}/some-token`, undefined],
] as const;

describe("the web session's own routes", () => {
  it.each(SESSION_ROUTES)(
    '%s %s refuses a write token and a read token with 403',
    async (method, url, body) => {
      const payload =
        url === '/api/account/delete' ? { email: me.user.email, password: GOOD_PASSWORD } : body;
      for (const token of [writer, reader]) {
        const res = await withToken(t.app, token, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ success: false, message: SESSION_ONLY, error: { code: 'FORBIDDEN' } });
      }
    },
  );

  it('changed nothing: the password, sessions, two-factor, tokens and the account are as they were', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.user.email, password: GOOD_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(me.token) })).statusCode).toBe(200);
    const twoFactor = await t.app.inject({ url: '/api/account/two-factor', headers: bearer(me.token) });
    expect(twoFactor.json().data.enabled).toBe(false);
    const tokens = await t.app.inject({ url: TOKENS_URL, headers: bearer(me.token) });
    expect(
      tokens
        .json()
        .data.tokens.map((k: { name: string }) => k.name)
        .sort(),
    ).toEqual(['Reader', 'Writer']);
  });

  it('still answer the signed-in session: its access token, and its cookie with the CSRF token', async () => {
    expect((await t.app.inject({ url: TOKENS_URL, headers: bearer(me.token) })).statusCode).toBe(200);
    const c = await csrf(t.app, me.cookies);
    const cookie = cookieHeader({ ...me.cookies, mixdesk_csrf: c.cookie });
    const made = await t.app.inject({
      method: 'POST',
      url: TOKENS_URL,
      headers: { cookie, 'x-xsrf-token': c.token },
      payload: { name: 'From the browser', scopes: ['read'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const withoutCsrf = await t.app.inject({
      method: 'DELETE',
      url: `${TOKENS_URL}/${made.json().data.apiToken._id}`,
      headers: { cookie },
    });
    expect(withoutCsrf.statusCode).toBe(403);
    expect(withoutCsrf.json().message).not.toBe(SESSION_ONLY);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `${TOKENS_URL}/${made.json().data.apiToken._id}`,
      headers: { cookie, 'x-xsrf-token': c.token },
    });
    expect(revoked.statusCode).toBe(200);
  });
});
