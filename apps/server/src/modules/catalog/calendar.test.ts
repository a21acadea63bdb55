// The private release calendar (issue #37): its address made on first asking and the same after; the feed, read
// without a session, holds the owner's dated releases and owned projects' target dates (read back by ical.js);
// a reset makes a new address and the old one answers 404; anything else at the path is a 404 in JSON.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type SignedIn, type TestApp } from '../../../test/helper.ts';
import { projectWithTrack, releaseBody, send } from './catalog-testing.ts';

let t: TestApp;
let me: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  me = await registerUser(t.app, { name: 'Calendar Owner' });
  stranger = await registerUser(t.app, { name: 'Stranger' });
  const p = await projectWithTrack(t.app, me, 'Night Drive');
  const dated = await send(
    t.app,
    me,
    'POST',
    '/api/releases',
    releaseBody([p], { title: 'Night, Drive; EP', releaseDate: '2027-02-05' }),
  );
  expect(dated.statusCode).toBe(201);
  const undated = await send(
    t.app,
    me,
    'POST',
    '/api/releases',
    releaseBody([p], { title: 'Someday', upc: null, releaseDate: null }),
  );
  expect(undated.statusCode).toBe(201);
  const project = await send(t.app, me, 'POST', '/api/projects', {
    title: 'Summer Album',
    metadata: { targetReleaseDate: '2027-06-21' },
  });
  expect(project.statusCode).toBe(201);
  // A stranger's dated project and release never reach my feed.
  const theirs = await projectWithTrack(t.app, stranger, 'Theirs');
  await send(
    t.app,
    stranger,
    'POST',
    '/api/releases',
    releaseBody([theirs], { title: 'Not Mine', releaseDate: '2027-01-01' }),
  );
  await send(t.app, stranger, 'POST', '/api/projects', {
    title: 'Their Project',
    metadata: { targetReleaseDate: '2027-03-03' },
  });
});
afterAll(async () => {
  await t.close();
});

const feedPath = (url: string) => new URL(url).pathname;
const events = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

describe('release calendar', () => {
  it('makes the address on first call, absolute from the app URL, and gives the same one after', async () => {
    const first = await send(t.app, me, 'GET', '/api/calendar');
    expect(first.statusCode).toBe(200);
    const url = first.json().data.url as string;
    expect(url.startsWith(`${t.app.ctx.config.appUrl}/api/calendar/`)).toBe(true);
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await send(t.app, me, 'GET', '/api/calendar')).json().data.url).toBe(url);
    expect((await send(t.app, stranger, 'GET', '/api/calendar')).json().data.url).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar' })).statusCode).toBe(401);
  });

  it('serves my dated releases and owned projects’ target dates as iCalendar, without a session', async () => {
    const url = (await send(t.app, me, 'GET', '/api/calendar')).json().data.url as string;
    const res = await t.app.inject({ method: 'GET', url: feedPath(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const list = events(res.body).map((e) => [
      e.summary,
      e.startDate.toString(),
      e.endDate.toString(),
      e.startDate.isDate,
    ]);
    expect(list).toEqual([
      ['Release: Night, Drive; EP', '2027-02-05', '2027-02-06', true],
      ['Target release: Summer Album', '2027-06-21', '2027-06-22', true],
    ]);
    const uids = events(res.body).map((e) => e.uid);
    expect(new Set(uids).size).toBe(2);
    // Stable: the same feed read again names the same events.
    expect(
      events((await t.app.inject({ method: 'GET', url: feedPath(url) })).body).map((e) => e.uid),
    ).toEqual(uids);
  });

  it('reset gives a new address; the old one answers 404', async () => {
    const old = (await send(t.app, me, 'GET', '/api/calendar')).json().data.url as string;
    const reset = await send(t.app, me, 'POST', '/api/calendar/reset');
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json().data.url as string;
    expect(fresh).not.toBe(old);
    expect((await send(t.app, me, 'GET', '/api/calendar')).json().data.url).toBe(fresh);
    const gone = await t.app.inject({ method: 'GET', url: feedPath(old) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    expect((await t.app.inject({ method: 'GET', url: feedPath(fresh) })).statusCode).toBe(200);
  });

  it('answers 404 in JSON for anything that is not a live feed address', async () => {
    const url = (await send(t.app, me, 'GET', '/api/calendar')).json().data.url as string;
    const token = feedPath(url).split('/').pop()!.replace('.ics', '');
    for (const path of [
      `/api/calendar/${token}`,
      `/api/calendar/${token}.ical`,
      `/api/calendar/${token.slice(1)}x.ics`,
      '/api/calendar/x.ics',
      `/api/calendar/${'a'.repeat(200)}`,
      "/api/calendar/'%20or%201=1.ics",
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: bearer(me.token) });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });
});
