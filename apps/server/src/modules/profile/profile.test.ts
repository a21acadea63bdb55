import { PROFILE_GENRES } from '@mixdesk/contract/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  cookieHeader,
  createTestApp,
  csrf,
  registerUser,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';
import { seedDemo } from '../demo-account.ts';
import { addCollaborator, insertProject, insertTrack } from './test-fixtures.ts';

let t: TestApp;
let alice: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t.app, { name: 'Alice Keys' });
});
afterAll(async () => {
  await t.close();
});

const getProfile = (who: SignedIn) =>
  t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(who.token) });
const putProfile = (who: SignedIn, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/profile',
    headers: bearer(who.token),
    payload: payload as object,
  });

const FULL = {
  name: 'Alice Keys',
  phone: '+1 (555) 010-2030',
  location: 'Nashville, TN, USA',
  bio: 'Producer and keys player.\nTwenty years of sessions.',
  profession: 'Producer',
  experience: 'Expert (10+ years)',
  genres: ['Soul', 'Rock', 'Drum & Bass'],
  emailNotifications: false,
  projectNotifications: true,
  collaborationNotifications: false,
  marketingEmails: true,
  profileVisibility: 'public',
  showEmail: true,
  showPhone: false,
  showLocation: false,
};

describe('GET /api/auth/profile', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: 'Access token required' });
  });

  it('gives a new account its name, email, defaults and zero stats', async () => {
    const bob = await registerUser(t.app, { name: 'Bob Bass' });
    const res = await getProfile(bob);
    expect(res.statusCode).toBe(200);
    const { profile } = res.json().data;
    const created = await t.app.ctx.db
      .selectFrom('users')
      .select('created_at')
      .where('id', '=', bob.user._id)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({
      _id: bob.user._id,
      name: 'Bob Bass',
      email: bob.user.email,
      phone: '',
      location: '',
      bio: '',
      profession: '',
      experience: '',
      genres: [],
      avatar: null,
      memberSince: created.created_at,
      totalProjects: 0,
      totalTracks: 0,
      totalCollaborations: 0,
      emailNotifications: true,
      projectNotifications: true,
      collaborationNotifications: true,
      marketingEmails: false,
      profileVisibility: 'collaborators',
      showEmail: false,
      showPhone: false,
      showLocation: true,
    });
  });

  it('counts owned projects, the tracks in them and collaborations from the database', async () => {
    const carol = await registerUser(t.app, { name: 'Carol' });
    const other = await registerUser(t.app, { name: 'Other' });
    const p1 = await insertProject(t.app, carol.user._id, 'One');
    const p2 = await insertProject(t.app, carol.user._id, 'Two');
    await insertTrack(t.app, p1, 1);
    await insertTrack(t.app, p1, 2);
    await insertTrack(t.app, p2, 1);
    const theirs = await insertProject(t.app, other.user._id, 'Theirs');
    await insertTrack(t.app, theirs, 1);
    await addCollaborator(t.app, theirs, carol.user._id);
    const { profile } = (await getProfile(carol)).json().data;
    expect(profile).toMatchObject({ totalProjects: 2, totalTracks: 3, totalCollaborations: 1 });
    const others = (await getProfile(other)).json().data.profile;
    expect(others).toMatchObject({ totalProjects: 1, totalTracks: 1, totalCollaborations: 0 });
  });
});

describe('the demo account', () => {
  it('comes with a filled-in, public profile', async () => {
    const demo = await seedDemo(t.app.ctx);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: demo.email, password: demo.password },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(login.json().data.token),
    });
    expect(res.json().data.profile).toMatchObject({
      profession: 'Producer',
      location: 'Nashville, TN, USA',
      genres: ['Rock', 'Soul', 'Indie'],
      profileVisibility: 'public',
    });
  });
});

describe('PUT /api/auth/profile', () => {
  it('saves every field of SPEC §7 and answers with the stored profile', async () => {
    const res = await putProfile(alice, FULL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Profile updated successfully' });
    const expected = { ...FULL, genres: ['Rock', 'Soul', 'Drum & Bass'], email: alice.user.email };
    expect(res.json().data.profile).toMatchObject(expected);
    expect((await getProfile(alice)).json().data.profile).toMatchObject(expected);
  });

  it('changes only the fields that were sent', async () => {
    await putProfile(alice, FULL);
    const res = await putProfile(alice, { marketingEmails: false, location: 'Austin, TX, USA' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.profile).toMatchObject({
      ...FULL,
      genres: ['Rock', 'Soul', 'Drum & Bass'],
      marketingEmails: false,
      location: 'Austin, TX, USA',
    });
  });

  it('two saves of different settings at once both stick', async () => {
    const erin = await registerUser(t.app);
    const [a, b] = await Promise.all([
      putProfile(erin, { marketingEmails: true }),
      putProfile(erin, { profileVisibility: 'private', bio: 'Both land' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await getProfile(erin)).json().data.profile).toMatchObject({
      marketingEmails: true,
      profileVisibility: 'private',
      bio: 'Both land',
    });
  });

  it('renames the user everywhere (the session user too) and trims text', async () => {
    const dan = await registerUser(t.app, { name: 'Dan' });
    const res = await putProfile(dan, { name: '  Dan Drums  ', bio: '  Hits things.  ' });
    expect(res.json().data.profile).toMatchObject({ name: 'Dan Drums', bio: 'Hits things.' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(dan.token) });
    expect(me.json().data.user.name).toBe('Dan Drums');
  });

  it('cleans control characters (PostgreSQL stores no NUL) from free text instead of failing', async () => {
    const eve = await registerUser(t.app, { name: 'Eve' });
    const res = await putProfile(eve, {
      location: 'Berlin\u0000',
      bio: 'Line one\u0000\nLine two',
    });
    expect(res.statusCode).toBe(200);
    // A name is refused instead (abuse-limits.test.ts): it is shown to others, and should read as it is.
    expect(res.json().data.profile).toMatchObject({
      name: 'Eve',
      location: 'Berlin',
      bio: 'Line one\nLine two',
    });
  });

  it('clears optional text with empty strings and keeps genres once each, in list order', async () => {
    await putProfile(alice, FULL);
    const res = await putProfile(alice, {
      phone: '',
      profession: '',
      experience: '',
      genres: ['Other', 'Lo-Fi', 'Rock', 'Lo-Fi'],
    });
    expect(res.json().data.profile).toMatchObject({
      phone: '',
      profession: '',
      experience: '',
      genres: ['Rock', 'Lo-Fi', 'Other'],
    });
  });

  it('accepts every listed genre at once and the bounds exactly', async () => {
    const res = await putProfile(alice, {
      genres: [...PROFILE_GENRES],
      name: 'n'.repeat(100),
      phone: '0'.repeat(30),
      location: 'l'.repeat(100),
      bio: 'b'.repeat(1000),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.profile.genres).toHaveLength(28);
  });

  it('needs CSRF when authenticated by cookie', async () => {
    const headers = { cookie: cookieHeader({ mixdesk_access: alice.cookies.mixdesk_access! }) };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers,
      payload: { bio: 'x' },
    });
    expect(res.statusCode).toBe(403);
    const token = await csrf(t.app, { mixdesk_access: alice.cookies.mixdesk_access! });
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: {
        cookie: cookieHeader({ mixdesk_access: alice.cookies.mixdesk_access!, mixdesk_csrf: token.cookie }),
        'x-xsrf-token': token.token,
      },
      payload: { bio: 'Cookie-signed edit' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.profile.bio).toBe('Cookie-signed edit');
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', payload: { bio: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('bad input to PUT /api/auth/profile: a clear 400 and nothing changes', () => {
  const cases: [string, unknown, string][] = [
    ['an empty name', { name: '   ' }, 'Name is required'],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, 'at most 100'],
    ['a name that is not text', { name: 42 }, 'Name must be text'],
    ['a phone over 30 characters', { phone: '1'.repeat(31) }, 'at most 30'],
    ['a phone with letters', { phone: '555-CALL-NOW' }, 'Phone may contain only'],
    ['a location over 100 characters', { location: 'x'.repeat(101) }, 'at most 100'],
    ['a bio over 1000 characters', { bio: 'x'.repeat(1001) }, 'at most 1000'],
    ['a bio that is not text', { bio: ['x'] }, 'Bio must be text'],
    ['a profession outside the list', { profession: 'Astronaut' }, 'Profession must be one of'],
    ['an experience outside the list', { experience: 'Guru' }, 'Experience must be one of'],
    ['a genre outside the list', { genres: ['Rock', 'Polka'] }, 'Each genre must be one of'],
    ['genres that are not a list', { genres: 'Rock' }, 'Genres must be a list'],
    ['more genres than there are', { genres: Array(29).fill('Rock') }, 'At most 28 genres'],
    ['an unknown visibility', { profileVisibility: 'friends' }, 'Profile visibility must be'],
    ['a toggle that is not a boolean', { emailNotifications: 'yes' }, 'must be true or false'],
    ['a show flag that is null', { showEmail: null }, 'must be true or false'],
    ['an unknown key', { nickname: 'Al' }, 'Unknown field'],
    ['a new email', { email: 'new@example.com' }, 'Email cannot be changed here'],
    ['a member-since date', { memberSince: '2001-01-01T00:00:00.000Z' }, 'Member Since cannot be changed'],
    ['a project count', { totalProjects: 99 }, 'Stats are counted, not set'],
    ['a track count', { totalTracks: 99 }, 'Stats are counted, not set'],
    ['a collaboration count', { totalCollaborations: 99 }, 'Stats are counted, not set'],
    ['an avatar URL', { avatar: 'https://evil.example/x.png' }, 'Upload or remove the avatar'],
    ['an empty object', {}, 'at least one profile field'],
    ['a list instead of an object', [FULL], ''],
  ];

  it.each(cases)('%s', async (_what, payload, message) => {
    await putProfile(alice, FULL);
    const before = (await getProfile(alice)).json().data.profile;
    const res = await putProfile(alice, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().message).toContain(message);
    expect((await getProfile(alice)).json().data.profile).toEqual(before);
  });

  it('a body that is not JSON is a 415 and changes nothing', async () => {
    const before = (await getProfile(alice)).json().data.profile;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { ...bearer(alice.token), 'content-type': 'text/plain' },
      payload: 'name=Eve',
    });
    expect(res.statusCode).toBe(415);
    expect((await getProfile(alice)).json().data.profile).toEqual(before);
  });
});
