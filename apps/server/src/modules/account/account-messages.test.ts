// The texts the account routes answer with, success and refusal alike: clients show them as they are, so they
// are part of the API's contract (with each refusal's field, which a form puts beside the right input).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  GOOD_PASSWORD,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { avatarBody, PNG, readZip } from '../profile/test-fixtures.ts';
import { WRONG_PASSWORD } from './confirm-identity.ts';
import { EMAIL_MISMATCH } from './delete-account.ts';
import { INVALID_CODE } from './two-factor.ts';
import { codeAt, enableTwoFactor } from './two-factor-testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, who: SignedIn, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(who.token), payload });

/** Signs the account in `times` more times (more devices); their tokens. */
async function moreSessions(who: SignedIn, times: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < times; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.user.email, password: who.password },
    });
    expect(res.statusCode).toBe(200);
    tokens.push(res.json().data.token);
  }
  return tokens;
}

const NEW_PASSWORD = 'Fresh-Master-2026!';

describe('changing the password', () => {
  it.each([
    [0, 'Password changed.'],
    [1, 'Password changed. 1 other session was signed out.'],
    [2, 'Password changed. 2 other sessions were signed out.'],
  ])('with %i other sessions signed in says "%s"', async (others, message) => {
    const who = await registerUser(t.app);
    await moreSessions(who, others);
    const res = await post('/api/account/password', who, {
      currentPassword: GOOD_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message, data: { revoked: others } });
  });
});

describe('sessions', () => {
  it('lists them as "Active sessions"', async () => {
    const who = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: bearer(who.token),
    });
    expect(res.json()).toMatchObject({ success: true, message: 'Active sessions' });
    expect(res.json().data.sessions).toHaveLength(1);
  });

  it('signing one out says "Session signed out"', async () => {
    const who = await registerUser(t.app);
    await moreSessions(who, 1);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: bearer(who.token),
    });
    const other = (list.json().data.sessions as { _id: string; current: boolean }[]).find((s) => !s.current)!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${other._id}`,
      headers: bearer(who.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Session signed out' });
  });

  it.each([
    [0, 'Signed out of 0 other sessions'],
    [1, 'Signed out of 1 other session'],
    [2, 'Signed out of 2 other sessions'],
  ])('signing out of the others with %i of them says "%s"', async (others, message) => {
    const who = await registerUser(t.app);
    await moreSessions(who, others);
    const res = await post('/api/account/sessions/sign-out-others', who);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message, data: { revoked: others } });
  });
});

describe('two-factor sign-in', () => {
  it('answers each step with its text', async () => {
    const who = await registerUser(t.app);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/account/two-factor',
      headers: bearer(who.token),
    });
    expect(status.json()).toMatchObject({ success: true, message: 'Two-factor authentication' });

    const setup = await post('/api/account/two-factor/setup', who);
    expect(setup.json()).toMatchObject({
      success: true,
      message: 'Scan the QR code with your authenticator app, then enter the code it shows',
    });
    const enabled = await post('/api/account/two-factor/enable', who, {
      code: codeAt(setup.json().data.secret),
    });
    expect(enabled.json()).toMatchObject({
      success: true,
      message: 'Two-factor authentication is on. Save your recovery codes: they are shown only once.',
    });
    const { recoveryCodes } = enabled.json().data as { recoveryCodes: string[] };

    const renewed = await post('/api/account/two-factor/recovery-codes', who, {
      code: recoveryCodes[0],
      password: GOOD_PASSWORD,
    });
    expect(renewed.json()).toMatchObject({
      success: true,
      message: 'New recovery codes. The old ones no longer work.',
    });
    const fresh = renewed.json().data.recoveryCodes as string[];

    const off = await post('/api/account/two-factor/disable', who, {
      code: fresh[0],
      password: GOOD_PASSWORD,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ success: true, message: 'Two-factor authentication is off' });
  });

  it('a wrong code is refused on the code field', async () => {
    const who = await registerUser(t.app);
    const { secret } = (await post('/api/account/two-factor/setup', who)).json().data;
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    const res = await post('/api/account/two-factor/enable', who, { code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: INVALID_CODE,
      error: { code: 'BAD_REQUEST', details: [{ path: 'code', message: INVALID_CODE }] },
    });
  });

  it('confirming before starting the set-up says to start it', async () => {
    const who = await registerUser(t.app);
    const res = await post('/api/account/two-factor/enable', who, { code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Start the set-up first: scan a new QR code.',
      error: { code: 'BAD_REQUEST' },
    });
  });

  it('while it is on, a new set-up or confirmation is refused with its reason', async () => {
    const who = await registerUser(t.app);
    const { secret } = await enableTwoFactor(t.app, who);
    const setup = await post('/api/account/two-factor/setup', who);
    expect(setup.statusCode).toBe(409);
    expect(setup.json().message).toBe('Two-factor authentication is already on. Turn it off first.');
    const confirm = await post('/api/account/two-factor/enable', who, { code: codeAt(secret, 1) });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe('Two-factor authentication is already on.');
  });

  it('while it is off, there are no recovery codes to replace', async () => {
    const who = await registerUser(t.app);
    const res = await post('/api/account/two-factor/recovery-codes', who, {
      code: '123456',
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Two-factor authentication is off, so there are no recovery codes to replace.',
    );
  });

  it('a wrong password is refused on the password field', async () => {
    const who = await registerUser(t.app);
    const { recoveryCodes } = await enableTwoFactor(t.app, who);
    const res = await post('/api/account/two-factor/disable', who, {
      code: recoveryCodes[0],
      password: 'Not-the-password-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: WRONG_PASSWORD,
      error: { code: 'BAD_REQUEST', details: [{ path: 'password', message: WRONG_PASSWORD }] },
    });
  });
});

describe('export', () => {
  async function withAvatar() {
    const who = await registerUser(t.app);
    const body = avatarBody(PNG);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/profile/avatar',
      payload: body.payload,
      headers: { ...bearer(who.token), ...body.headers },
    });
    expect(res.statusCode).toBe(200);
    return who;
  }

  it('says the export is ready, and without a body at all includes the files', async () => {
    const who = await withAvatar();
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/account/export',
      headers: bearer(who.token),
    });
    expect(link.statusCode).toBe(200);
    expect(link.json()).toMatchObject({ success: true, message: 'Your export is ready to download' });
    const res = await t.app.inject({ method: 'GET', url: link.json().data.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    // A personal archive: no cache along the way may keep a copy.
    expect(res.headers['cache-control']).toBe('no-store');
    const entries = readZip(res.rawPayload);
    expect(entries.get('profile/avatar.png')).toEqual(PNG);
  });

  it('a body of null includes the files too', async () => {
    const who = await withAvatar();
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/account/export',
      headers: { ...bearer(who.token), 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(link.statusCode).toBe(200);
    const entries = readZip((await t.app.inject({ method: 'GET', url: link.json().data.url })).rawPayload);
    expect([...entries.keys()]).toContain('profile/avatar.png');
  });

  it('the API document says the download is a ZIP', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const ok = doc.paths['/api/account/export/download'].get.responses['200'];
    expect(Object.keys(ok.content)).toEqual(['application/zip']);
  });
});

describe('deleting the account', () => {
  it('says everything is gone', async () => {
    const who = await registerUser(t.app);
    const res = await post('/api/account/delete', who, { email: who.user.email, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Your account and everything in it have been deleted',
    });
  });

  it('refuses another email on the email field', async () => {
    const who = await registerUser(t.app);
    const res = await post('/api/account/delete', who, {
      email: `x${who.user.email}`,
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: EMAIL_MISMATCH,
      error: { code: 'BAD_REQUEST', details: [{ path: 'email', message: EMAIL_MISMATCH }] },
    });
  });

  it('with two-factor on and no code, asks for one on the code field and deletes nothing', async () => {
    const who = await registerUser(t.app);
    await enableTwoFactor(t.app, who);
    const res = await post('/api/account/delete', who, { email: who.user.email, password: GOOD_PASSWORD });
    const message = 'Enter a code from your authenticator app or a recovery code';
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message,
      error: { code: 'BAD_REQUEST', details: [{ path: 'code', message }] },
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(who.token) });
    expect(me.statusCode).toBe(200);
  });
});
