// What the review group's mutation run (2026-11-28) found untested in share links, outside access.ts: the
// messages and cache headers of the team's and the guest's answers, the audio's inline disposition, a version
// with no bit depth, a link with no expiry, a version link that names its own track,
// unlocking a link without a password, what the access log keeps (the version of a download, the browser of
// a listen, a listen of a version of unknown length, the newest open), a log write that fails, and which
// download ranges are logged as a download.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { controlledClock } from '../../../test/clock.ts';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { newId } from '../../platform/ids.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { addVersion, type CommentsFixture, call, commentsFixture } from '../comments/comments-testing.ts';
import { addTrack, encodedSine, uploadVersion } from '../media/media-testing.ts';
import { UNLOCK_COOKIE } from './access.ts';
import { guest, linksUrl, type MadeLink, makeLink } from './share-testing.ts';

let t: TestApp;
let f: CommentsFixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await commentsFixture(t.app);
  // The fixture's versions with their listening copies made (a link without downloads plays the compact one).
  await jobQueue(t.app.ctx).idle();
});
afterAll(async () => {
  await t.close();
});

/** A new track of the fixture's project with one WAV version, its waveform job done (it sets the duration). */
async function newTrack(title: string, data?: Buffer, name?: string) {
  const trackId = (await addTrack(t.app, f.owner.token, f.projectId, { title }))._id;
  let versionId: string;
  if (data) {
    const res = await uploadVersion(t.app, f.owner.token, f.projectId, trackId, data, name);
    expect(res.statusCode, res.body).toBe(201);
    versionId = res.json().data.version._id;
  } else versionId = await addVersion(t.app, f.owner.token, f.projectId, trackId);
  await jobQueue(t.app.ctx).idle();
  return { trackId, versionId };
}

/** A link to one track, and its version as the guest sees it. */
async function trackLink(trackId: string, body: object = {}) {
  const made = await makeLink(t.app, f.owner.token, f.projectId, { trackId, ...body });
  const visitor = guest(t.app);
  const version = (await visitor.view(made.api)).tracks[0]!.version;
  return { made, visitor, version };
}

const eventsOf = async (made: MadeLink) => {
  const res = await call(t.app, f.owner.token, 'GET', `${linksUrl(f.projectId)}/${made.link._id}/events`);
  expect(res.statusCode).toBe(200);
  return res.json().data.events as {
    kind: string;
    track: { _id: string } | null;
    version: { _id: string } | null;
    browser: string;
    os: string;
  }[];
};
const listed = async (made: MadeLink) => {
  const res = await call(t.app, f.owner.token, 'GET', linksUrl(f.projectId));
  return (res.json().data.links as MadeLink['link'][]).find((l) => l._id === made.link._id)!;
};

describe("the team's answers", () => {
  it('each says what it did, and the made link, the list and the log are never kept by a cache', async () => {
    const body = { label: 'Team', allowDownload: false, allowComments: false };
    const made = await call(t.app, f.owner.token, 'POST', linksUrl(f.projectId), body);
    expect(made.statusCode).toBe(201);
    expect(made.json().message).toBe('Share link created');
    expect(made.headers['cache-control']).toBe('no-store');
    const linkId = made.json().data.link._id as string;

    const list = await call(t.app, f.owner.token, 'GET', linksUrl(f.projectId));
    expect(list.json().message).toBe('Share links');
    expect(list.headers['cache-control']).toBe('no-store');

    const log = await call(t.app, f.owner.token, 'GET', `${linksUrl(f.projectId)}/${linkId}/events`);
    expect(log.json().message).toBe('Access log');
    expect(log.headers['cache-control']).toBe('no-store');

    const revoked = await call(t.app, f.owner.token, 'DELETE', `${linksUrl(f.projectId)}/${linkId}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message).toBe('Share link revoked');
  });

  it('a project without links lists none (on PostgreSQL, no query with an empty IN list)', async () => {
    const made = await call(t.app, f.owner.token, 'POST', '/api/projects', {
      title: 'Unshared',
      type: 'single',
    });
    const list = await call(t.app, f.owner.token, 'GET', linksUrl(made.json().data.project._id));
    expect(list.statusCode).toBe(200);
    expect(list.json().data.links).toEqual([]);
  });

  it('a link to a version may also name that version’s own track', async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, {
      trackId: f.trackId,
      versionId: f.otherVersionId,
    });
    expect(made.link.track?._id).toBe(f.trackId);
    expect(made.link.version?._id).toBe(f.otherVersionId);
  });
});

describe("the guest's answers", () => {
  it('view, audio, peaks, comments and a listen report: their messages and headers', async () => {
    const { made, visitor } = await trackLink(f.trackId);
    const view = await visitor.get(made.api);
    expect(view.json().message).toBe('Shared');
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.headers['referrer-policy']).toBe('no-referrer');
    const share = view.json().data.share;
    // No expiry asked for: none shown. The fixture's WAV is 16-bit.
    expect(share.expiresAt).toBeNull();
    const version = share.tracks[0].version;
    expect(version.bitDepth).toBe(16);

    const audio = await visitor.get(version.audioUrl);
    expect(audio.statusCode).toBe(200);
    // Played in the page, not saved; the browser may keep it for the page, no other cache. Without downloads,
    // what plays is the compact copy.
    expect(audio.headers['content-disposition']).toBe(`inline; filename="mix.m4a"; filename*=UTF-8''mix.m4a`);
    expect(audio.headers['cache-control']).toBe('private, no-store');
    expect(audio.headers['referrer-policy']).toBe('no-referrer');

    expect((await visitor.get(version.peaksUrl)).json().message).toBe('Peaks');
    expect((await visitor.get(version.commentsUrl)).json().message).toBe('Comments');
    const comment = await visitor.post(version.commentsUrl, { name: 'Ana', body: 'Lovely', at: 0.5 });
    expect(comment.statusCode).toBe(201);
    expect(comment.json().message).toBe('Comment added');
    expect(comment.json().data.comment).toMatchObject({ likedBy: [], likes: 0 });
    const play = await visitor.post(`${made.api}/versions/${version._id}/plays`, {
      listenId: 'listen-msg-1',
      seconds: 1,
    });
    expect(play.json()).toEqual({ success: true, message: 'Noted' });

    const unshared = await visitor.get(`${made.api}/versions/${newId()}/peaks`);
    expect(unshared.statusCode).toBe(404);
    expect(unshared.json().message).toBe('Version not found');
  });

  it('an MP3 has no bit depth: the guest is shown none', async () => {
    const mp3 = await newTrack('Lossy', await encodedSine('mp3'), 'take.mp3');
    const { version } = await trackLink(mp3.trackId);
    expect(version._id).toBe(mp3.versionId);
    expect(version.bitDepth).toBeNull();
  });

  it('unlocking a link without a password simply opens it: no cookie, one open logged', async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, { label: 'Open door' });
    const res = await guest(t.app).post(`${made.api}/unlock`, { password: 'whatever' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Unlocked');
    expect(res.json().data.share.label).toBe('Open door');
    expect(res.cookies.map((c) => c.name)).not.toContain(UNLOCK_COOKIE);
    expect((await listed(made)).counts).toEqual({ opened: 1, played: 0, downloaded: 0, commented: 0 });
    expect((await eventsOf(made)).map((e) => e.kind)).toEqual(['opened']);
  });
});

describe('the access log', () => {
  it('a download names its track and version; a listen keeps the guest’s browser', async () => {
    const { made, visitor, version } = await trackLink(f.trackId, { allowDownload: true });
    expect((await visitor.get(version.downloadUrl!)).statusCode).toBe(200);
    const play = await visitor.post(`${made.api}/versions/${version._id}/plays`, {
      listenId: 'listen-log-1',
      seconds: 1,
    });
    expect(play.statusCode).toBe(200);
    const events = await eventsOf(made);
    expect(events.map((e) => e.kind)).toEqual(['played', 'downloaded', 'opened']);
    for (const e of events.slice(0, 2))
      expect(e, e.kind).toMatchObject({
        track: { _id: f.trackId },
        version: { _id: version._id },
        browser: 'Safari',
        os: 'macOS',
      });
  });

  it('a listen of a version whose length is not known keeps the point reached', async () => {
    const unknown = await newTrack('No length');
    await t.app.ctx.db
      .updateTable('track_versions')
      .set({ duration: 0 })
      .where('id', '=', unknown.versionId)
      .execute();
    const { made, visitor } = await trackLink(unknown.trackId);
    const plays = `${made.api}/versions/${unknown.versionId}/plays`;
    expect((await visitor.post(plays, { listenId: 'listen-zero-1', seconds: 1.5 })).statusCode).toBe(200);
    const row = await t.app.ctx.db
      .selectFrom('share_link_events')
      .select('seconds')
      .where('link_id', '=', made.link._id)
      .where('kind', '=', 'played')
      .executeTakeFirstOrThrow();
    expect(Number(row.seconds)).toBe(1.5);
  });

  it('the last open is the newest open, not the newest event; a link only listened to was never opened', async () => {
    const clock = controlledClock();
    onTestFinished(() => clock.restore());
    const { made, visitor, version } = await trackLink(f.trackId);
    clock.step();
    const secondOpen = clock.step();
    await visitor.view(made.api);
    clock.step();
    const plays = `${made.api}/versions/${version._id}/plays`;
    expect((await visitor.post(plays, { listenId: 'listen-last-1', seconds: 1 })).statusCode).toBe(200);
    const link = await listed(made);
    expect(link.counts).toMatchObject({ opened: 2, played: 1 });
    expect(link.lastOpenedAt).toBe(secondOpen);

    const unopened = await makeLink(t.app, f.owner.token, f.projectId, { trackId: f.trackId });
    const listen = await guest(t.app).post(`${unopened.api}/versions/${version._id}/plays`, {
      listenId: 'listen-last-2',
      seconds: 1,
    });
    expect(listen.statusCode).toBe(200);
    const never = await listed(unopened);
    expect(never.counts).toMatchObject({ opened: 0, played: 1 });
    expect(never.lastOpenedAt).toBeNull();
  });

  it('a log write that fails costs the guest nothing, and is logged as a warning', async () => {
    const db = t.app.ctx.db;
    const refused = `(select label from share_links where id = new.link_id) = 'Log refused'`;
    if (t.app.ctx.dialect === 'postgres') {
      await sql
        .raw(`create function refuse_share_event_in_test() returns trigger language plpgsql as $$
          begin
            if ${refused} then raise exception 'refused by a test trigger'; end if;
            return new;
          end $$;
          create trigger refuse_share_event_in_test before insert on share_link_events
            for each row execute function refuse_share_event_in_test()`)
        .execute(db);
      onTestFinished(async () => {
        await sql
          .raw(`drop trigger refuse_share_event_in_test on share_link_events;
            drop function refuse_share_event_in_test()`)
          .execute(db);
      });
    } else {
      await sql
        .raw(`create trigger refuse_share_event_in_test before insert on share_link_events
          when ${refused} begin select raise(abort, 'refused by a test trigger'); end`)
        .execute(db);
      onTestFinished(async () => {
        await sql.raw('drop trigger refuse_share_event_in_test').execute(db);
      });
    }
    const made = await makeLink(t.app, f.owner.token, f.projectId, { label: 'Log refused' });
    const res = await guest(t.app).get(made.api);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.share.label).toBe('Log refused');
    expect((await listed(made)).counts.opened).toBe(0);
    const warnings = t
      .logs()
      .split('\n')
      .filter((line) => line.includes('Could not log a share-link event'))
      .map((line) => JSON.parse(line));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      level: 40,
      msg: 'Could not log a share-link event',
      service: 'share-links',
      kind: 'opened',
      err: { message: expect.stringContaining('refused by a test trigger') },
    });
  });
});

describe('which download ranges are a download', () => {
  it('from byte 0 (spaces allowed) it is one; a resume or a refused range is not', async () => {
    const { made, visitor, version } = await trackLink(f.trackId, { allowDownload: true });
    const downloads = async () =>
      (
        await t.app.ctx.db
          .selectFrom('share_link_events')
          .select('id')
          .where('link_id', '=', made.link._id)
          .where('kind', '=', 'downloaded')
          .execute()
      ).length;
    const cases: [range: string, status: number, logged: boolean][] = [
      ['bytes=0-', 206, true],
      ['bytes = 0 - 99', 206, true],
      [' bytes=0-99', 206, true],
      // From byte 1: the rest of a download already logged.
      ['bytes=01-', 206, false],
      // Refused (416): nothing was sent.
      ['1bytes=0-', 416, false],
      ['bytes1=0-', 416, false],
    ];
    for (const [range, status, logged] of cases) {
      const before = await downloads();
      const res = await visitor.get(version.downloadUrl!, { range });
      expect(res.statusCode, range).toBe(status);
      expect((await downloads()) - before, range).toBe(logged ? 1 : 0);
    }
  });
});
