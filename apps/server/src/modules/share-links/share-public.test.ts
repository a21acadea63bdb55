// Share links, the guest's side: what a link shows and nothing else, the password and its cookie, audio with
// ranges, peaks, downloads only when allowed, guest comments that reach the team live, listen reports, and the
// tokens that must answer 404 (guessed, revoked, expired, or used for a version the link does not share).

import { CommentListResponseSchema } from '@mixdesk/contract/comments';
import { GuestCommentListResponseSchema, GuestCommentResponseSchema } from '@mixdesk/contract/share-links';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { newId, randomToken } from '../../platform/ids.ts';
import { join, listen, next, open } from '../../platform/realtime/realtime-testing.ts';
import {
  addVersion,
  type CommentsFixture,
  call,
  commentsFixture,
  postComment,
} from '../comments/comments-testing.ts';
import { addTrack } from '../media/media-testing.ts';
import { UNKNOWN_TOKENS_MAX, WRONG_PASSWORDS_MAX } from './access.ts';
import { guest, makeLink } from './share-testing.ts';

let t: TestApp;
let f: CommentsFixture;
/** A second track of the project (one version) and a track of another project. */
let second: { trackId: string; versionId: string };
let foreign: { projectId: string; trackId: string; versionId: string };

beforeAll(async () => {
  t = await createTestApp();
  f = await commentsFixture(t.app);
  const trackId = (await addTrack(t.app, f.owner.token, f.projectId, { title: 'Outro' }))._id as string;
  second = { trackId, versionId: await addVersion(t.app, f.owner.token, f.projectId, trackId) };
  const res = await call(t.app, f.stranger.token, 'POST', '/api/projects', {
    title: 'Not yours',
    type: 'single',
  });
  const projectId = res.json().data.project._id as string;
  const foreignTrack = (await addTrack(t.app, f.stranger.token, projectId, { title: 'Secret' }))
    ._id as string;
  foreign = {
    projectId,
    trackId: foreignTrack,
    versionId: await addVersion(t.app, f.stranger.token, projectId, foreignTrack),
  };
});
afterAll(async () => {
  await t.close();
});

const current = async (trackId: string) =>
  (
    await t.app.ctx.db
      .selectFrom('tracks')
      .select('current_version_id')
      .where('id', '=', trackId)
      .executeTakeFirstOrThrow()
  ).current_version_id!;

describe('what a link shows', () => {
  it("a project link: every track's current version, in order, and nothing about the team", async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, { label: 'Album preview' });
    const res = await guest(t.app).get(made.api);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const share = res.json().data.share;
    expect(share).toMatchObject({
      label: 'Album preview',
      projectTitle: 'Night Drive',
      sharedBy: 'Owner',
      allowDownload: false,
      allowComments: true,
    });
    expect(share.tracks.map((tr: { title: string }) => tr.title)).toEqual(['Intro', 'Outro']);
    expect(share.tracks[0].version._id).toBe(await current(f.trackId));
    expect(share.tracks[0].version.downloadUrl).toBeNull();
    expect(share.tracks[0].version.audioUrl).toBe(
      `${made.api}/versions/${share.tracks[0].version._id}/audio`,
    );
    for (const secret of [
      f.owner.user.email,
      f.owner.user._id,
      f.viewer.user.name,
      f.editor.user.name,
      'mix.wav',
      'storage',
    ])
      expect(res.body).not.toContain(secret);
  });

  it('a track link: that track only; a version link: that version, even when it is not current', async () => {
    const byTrack = await makeLink(t.app, f.owner.token, f.projectId, { trackId: second.trackId });
    expect((await guest(t.app).view(byTrack.api)).tracks.map((tr) => tr._id)).toEqual([second.trackId]);
    const old = f.versionId === (await current(f.trackId)) ? f.otherVersionId : f.versionId;
    const byVersion = await makeLink(t.app, f.owner.token, f.projectId, { versionId: old });
    const share = await guest(t.app).view(byVersion.api);
    expect(share.tracks).toHaveLength(1);
    expect(share.tracks[0]!.version._id).toBe(old);
  });

  it('streams the original with ranges where downloads are allowed, and serves peaks', async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, {
      trackId: f.trackId,
      allowDownload: true,
    });
    const visitor = guest(t.app);
    const version = (await visitor.view(made.api)).tracks[0]!.version;
    const whole = await visitor.get(version.audioUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toMatch(/^audio\//);
    expect(whole.rawPayload.length).toBe(version.size);
    const part = await visitor.get(version.audioUrl, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${version.size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
    const peaks = await visitor.get(version.peaksUrl);
    expect(peaks.statusCode).toBe(200);
    expect(peaks.json().data.duration).toBeGreaterThan(1.9);
  });
});

describe('tokens that answer 404', () => {
  it('guessed, malformed, revoked and expired tokens', async () => {
    const revoked = await makeLink(t.app, f.owner.token, f.projectId, {});
    await call(
      t.app,
      f.owner.token,
      'DELETE',
      `/api/projects/${f.projectId}/share-links/${revoked.link._id}`,
    );
    const expired = await makeLink(t.app, f.owner.token, f.projectId, {});
    await t.app.ctx.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.link._id)
      .execute();
    const visitor = guest(t.app);
    for (const api of [
      `/api/share/${randomToken(32)}`,
      '/api/share/abc',
      revoked.api,
      expired.api,
      `${revoked.api}/versions/${f.versionId}/audio`,
    ]) {
      const res = await visitor.get(api);
      expect(res.statusCode, api).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'This share link is invalid or has expired',
      });
    }
  });

  it("a version the link does not share: another project's, another track's, an old one", async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, {
      trackId: f.trackId,
      allowDownload: true,
    });
    const visitor = guest(t.app);
    await visitor.view(made.api);
    const old = f.versionId === (await current(f.trackId)) ? f.otherVersionId : f.versionId;
    for (const versionId of [foreign.versionId, second.versionId, old, newId(), 'x'.repeat(101)]) {
      for (const tail of ['audio', 'peaks', 'download', 'comments']) {
        const res = await visitor.get(`${made.api}/versions/${versionId}/${tail}`);
        expect(res.statusCode, `${tail} ${versionId}`).toBe(404);
        expect(res.json().success).toBe(false);
      }
    }
  });

  it('guessing is throttled per address', async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, {});
    const from = (ip: string, url: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip });
    for (let i = 0; i < UNKNOWN_TOKENS_MAX; i++)
      expect((await from('203.0.113.9', `/api/share/${randomToken(32)}`)).statusCode).toBe(404);
    const blocked = await from('203.0.113.9', made.api);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.10', made.api)).statusCode).toBe(200);
  });
});

describe('a link with a password', () => {
  it('answers 401 until unlocked, then sets a cookie that opens this link only', async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, { password: 'backstage' });
    const sibling = await makeLink(t.app, f.owner.token, f.projectId, { password: 'backstage' });
    const visitor = guest(t.app);
    const locked = await visitor.get(made.api);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().message).toMatch(/password/);
    const wrong = await visitor.post(`${made.api}/unlock`, { password: 'frontstage' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Wrong password');
    expect(visitor.jar.mixdesk_share).toBeUndefined();
    const right = await visitor.post(`${made.api}/unlock`, { password: 'backstage' });
    expect(right.statusCode).toBe(200);
    const cookie = right.cookies.find((c) => c.name === 'mixdesk_share')!;
    expect(cookie).toMatchObject({ httpOnly: true, path: made.api, sameSite: 'Lax' });
    expect(cookie.maxAge).toBeLessThanOrEqual(4 * 3600);
    const version = right.json().data.share.tracks[0].version;
    expect((await visitor.get(made.api)).statusCode).toBe(200);
    expect((await visitor.get(version.audioUrl, { range: 'bytes=0-9' })).statusCode).toBe(206);
    // The same cookie sent to another link with the same password opens nothing.
    expect((await visitor.get(sibling.api)).statusCode).toBe(401);
    // Nor does a forged one.
    const forged = await t.app.inject({
      method: 'GET',
      url: made.api,
      cookies: { mixdesk_share: `${Date.now() + 3_600_000}.forged` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses wrong passwords past the limit, even the right one then, from that address only', async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, { password: 'backstage' });
    const unlock = (ip: string, password: string) =>
      t.app.inject({ method: 'POST', url: `${made.api}/unlock`, payload: { password }, remoteAddress: ip });
    for (let i = 0; i < WRONG_PASSWORDS_MAX; i++)
      expect((await unlock('198.51.100.7', `guess-${i}`)).statusCode).toBe(401);
    const blocked = await unlock('198.51.100.7', 'backstage');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many wrong passwords/);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await unlock('198.51.100.8', 'backstage')).statusCode).toBe(200);
  });

  it('bad unlock bodies: a clear 400', async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, { password: 'backstage' });
    for (const body of [
      {},
      { password: '' },
      { password: 42 },
      { password: 'x'.repeat(201) },
      { password: 'backstage', extra: 1 },
    ]) {
      const res = await guest(t.app).post(`${made.api}/unlock`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('keeps no address past a day', async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, { password: 'backstage' });
    await t.app.ctx.db
      .insertInto('share_failures')
      .values({
        id: newId(),
        ip: '192.0.2.55',
        link_id: null,
        created_at: new Date(Date.now() - 25 * 3600_000).toISOString(),
      })
      .execute();
    await guest(t.app).post(`${made.api}/unlock`, { password: 'nope' });
    const left = await t.app.ctx.db
      .selectFrom('share_failures')
      .select('ip')
      .where('ip', '=', '192.0.2.55')
      .execute();
    expect(left).toEqual([]);
  });
});

describe('downloads', () => {
  it('404 when the link does not allow them; logged once per download when it does', async () => {
    const closed = await makeLink(t.app, f.owner.token, f.projectId, {
      trackId: f.trackId,
      allowDownload: false,
    });
    const visitor = guest(t.app);
    const version = (await visitor.view(closed.api)).tracks[0]!.version;
    const refused = await visitor.get(`${closed.api}/versions/${version._id}/download`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toMatch(/does not allow downloads/);

    const openLink = await makeLink(t.app, f.owner.token, f.projectId, {
      trackId: f.trackId,
      allowDownload: true,
    });
    const v = (await visitor.view(openLink.api)).tracks[0]!.version;
    const res = await visitor.get(v.downloadUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.rawPayload.length).toBe(v.size);
    await visitor.get(v.downloadUrl!, { range: 'bytes=500-' });
    const logged = await t.app.ctx.db
      .selectFrom('share_link_events')
      .select('kind')
      .where('link_id', '=', openLink.link._id)
      .where('kind', '=', 'downloaded')
      .execute();
    expect(logged).toHaveLength(1);
  });
});

describe('guest comments', () => {
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const s of sockets) s.close();
  });

  it('reach the team live, marked as a guest, and show in the feed', async () => {
    const url = await listen(t);
    const team = await open(url, f.viewer.token);
    sockets.push(team);
    await join(team, f.projectId);
    const made = await makeLink(t.app, f.owner.token, f.projectId, { trackId: f.trackId });
    const visitor = guest(t.app);
    const version = (await visitor.view(made.api)).tracks[0]!.version;
    const arrived = next<{
      comment: { _id: string; author: { guest: boolean; name: string; _id: string | null } };
    }>(team, 'comment:new');
    const res = await visitor.post(version.commentsUrl, {
      name: 'Ana (label)',
      body: 'The bass at 0:01 is huge',
      at: 1,
      end: 1.5,
    });
    expect(res.statusCode).toBe(201);
    const comment = GuestCommentResponseSchema.parse(res.json()).data.comment;
    expect(comment.author).toEqual({ _id: null, name: 'Ana (label)', avatarUrl: null, guest: true });
    expect((await arrived).comment).toMatchObject({
      _id: comment._id,
      author: { guest: true, name: 'Ana (label)', _id: null },
    });

    const teamList = CommentListResponseSchema.parse(
      (
        await call(
          t.app,
          f.viewer.token,
          'GET',
          `/api/projects/${f.projectId}/tracks/${f.trackId}/versions/${version._id}/comments`,
        )
      ).json(),
    ).data.comments;
    expect(teamList.find((c) => c._id === comment._id)?.author.guest).toBe(true);
    const feed = (await call(t.app, f.owner.token, 'GET', `/api/projects/${f.projectId}/activity`)).json()
      .data;
    expect(JSON.stringify(feed)).toContain('Ana (label)');
    // The link's maker hears of it, with a link to the comment's place.
    const inbox = (await call(t.app, f.owner.token, 'GET', '/api/notifications')).json().data;
    expect(inbox.notifications[0]).toMatchObject({
      kind: 'guest_comment',
      title: 'Ana (label) (guest) commented on Intro at 0:01',
      actor: { _id: null, name: 'Ana (label)' },
    });
    expect(inbox.notifications[0].link).toContain(`comment=${comment._id}`);
  });

  it("a guest sees their link's comments and the team's replies to them, nothing else", async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, { trackId: f.trackId });
    const otherLink = await makeLink(t.app, f.owner.token, f.projectId, { trackId: f.trackId });
    const visitor = guest(t.app);
    const version = (await visitor.view(made.api)).tracks[0]!.version;
    const mine = GuestCommentResponseSchema.parse(
      (await visitor.post(version.commentsUrl, { name: 'Ana', body: 'Mine', at: 0.2 })).json(),
    ).data.comment;
    const teamUrl = `/api/projects/${f.projectId}/tracks/${f.trackId}/versions/${version._id}/comments`;
    const reply = await postComment(t.app, f.owner.token, teamUrl, {
      body: 'Thanks Ana, fixing it',
      at: 0.2,
      parentId: mine._id,
    });
    const internal = await postComment(t.app, f.owner.token, teamUrl, {
      body: 'Internal: the label hates it',
      at: 0.3,
    });
    const stranger = guest(t.app);
    const theirVersion = (await stranger.view(otherLink.api)).tracks[0]!.version;
    await stranger.post(theirVersion.commentsUrl, { name: 'Bo', body: 'Other link', at: 0.1 });

    const seen = GuestCommentListResponseSchema.parse((await visitor.get(version.commentsUrl)).json()).data
      .comments;
    expect(seen.map((c) => c._id).sort()).toEqual([mine._id, reply._id].sort());
    expect(JSON.stringify(seen)).not.toContain(internal._id);
    expect(seen.every((c) => c.likedBy.length === 0 && c.author.avatarUrl === null)).toBe(true);
  });

  it('403 when the link takes no comments; bad bodies get a clear 400; nothing is stored', async () => {
    const closed = await makeLink(t.app, f.owner.token, f.projectId, {
      trackId: f.trackId,
      allowComments: false,
    });
    const visitor = guest(t.app);
    const v = (await visitor.view(closed.api)).tracks[0]!.version;
    const count = async () =>
      Number(
        (
          await t.app.ctx.db
            .selectFrom('comments')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await visitor.get(v.commentsUrl)).statusCode).toBe(403);
    const refused = await visitor.post(v.commentsUrl, { name: 'Ana', body: 'Hi', at: 0 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This link does not take comments.');

    const openLink = await makeLink(t.app, f.owner.token, f.projectId, { trackId: f.trackId });
    const w = (await visitor.view(openLink.api)).tracks[0]!.version;
    const bad: [object, RegExp][] = [
      [{ name: 'Ana', body: 'Hi', at: -1 }, /before the start/],
      [{ name: 'Ana', body: 'Hi', at: 99 }, /past the end/],
      [{ name: 'Ana', body: '', at: 0 }, /cannot be empty/],
      [{ name: 'Ana', body: 'x'.repeat(2001), at: 0 }, /at most 2,000/],
      [{ name: '', body: 'Hi', at: 0 }, /Name is required/],
      [{ name: 'x'.repeat(61), body: 'Hi', at: 0 }, /at most 60/],
      [{ body: 'Hi', at: 0 }, /Name is required/],
      [{ name: 'Ana', body: 'Hi', at: 1, end: 0.5 }, /End must be after/],
      [{ name: 'Ana', body: 'Hi', at: 0, parentId: f.versionId }, /parentId/],
    ];
    for (const [body, message] of bad) {
      const res = await visitor.post(w.commentsUrl, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message + JSON.stringify(res.json().error)).toMatch(message);
    }
    expect(await count()).toBe(before);
  });
});

describe('listen reports', () => {
  it('one row per listen, keeping the furthest point, never past the end', async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, { trackId: f.trackId });
    const visitor = guest(t.app);
    const v = (await visitor.view(made.api)).tracks[0]!.version;
    const plays = `${made.api}/versions/${v._id}/plays`;
    for (const seconds of [0.5, 1.5, 0.8])
      expect((await visitor.post(plays, { listenId: 'abcdefgh-1', seconds })).statusCode).toBe(200);
    await visitor.post(plays, { listenId: 'abcdefgh-2', seconds: 500 });
    const rows = await t.app.ctx.db
      .selectFrom('share_link_events')
      .select(['listen_id', 'seconds'])
      .where('link_id', '=', made.link._id)
      .where('kind', '=', 'played')
      .orderBy('listen_id')
      .execute();
    expect(rows.map((r) => [r.listen_id, Number(r.seconds)])).toEqual([
      ['abcdefgh-1', 1.5],
      ['abcdefgh-2', v.duration],
    ]);
    for (const body of [
      { listenId: 'short', seconds: 1 },
      { listenId: 'abcdefgh-3', seconds: -1 },
      { listenId: 'abcdefgh-3' },
      { listenId: 'abc def gh', seconds: 1 },
    ]) {
      const res = await visitor.post(plays, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

it('a link whose project is deleted answers 404', async () => {
  const res = await call(t.app, f.stranger.token, 'POST', '/api/projects', {
    title: 'Short-lived',
    type: 'single',
  });
  const projectId = res.json().data.project._id as string;
  const made = await makeLink(t.app, f.stranger.token, projectId, {});
  expect((await guest(t.app).get(made.api)).statusCode).toBe(200);
  await call(t.app, f.stranger.token, 'DELETE', `/api/projects/${projectId}`);
  expect((await guest(t.app).get(made.api)).statusCode).toBe(404);
});
