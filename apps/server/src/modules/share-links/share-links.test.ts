// Share links, the team's side: making links to a project, a track or a version (token random and stored
// hashed, password argon2id), listing them with their access-log figures, revoking at once, the log itself,
// and the bad input that must be refused with nothing made.
import {
  SHARE_LINKS_PER_PROJECT_MAX,
  ShareLinkEventsResponseSchema,
  ShareLinkListResponseSchema,
  ShareLinkResponseSchema,
} from '@mixdesk/contract/share-links';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import * as migration from '../../db/migrations/0019-share-links.ts';
import * as guestLimitsMigration from '../../db/migrations/0028-guest-comment-limits-and-folds.ts';
import * as stemsMigration from '../../db/migrations/0037-stems.ts';
import { newId, nowIso, sha256 } from '../../platform/ids.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { addVersion, type CommentsFixture, call, commentsFixture } from '../comments/comments-testing.ts';
import { addTrack } from '../media/media-testing.ts';
import { guest, linksUrl, makeLink } from './share-testing.ts';

let t: TestApp;
let f: CommentsFixture;
/** A second project of the same owner, whose track and version no link of the first may name. */
let other: { projectId: string; trackId: string; versionId: string };

beforeAll(async () => {
  t = await createTestApp();
  f = await commentsFixture(t.app);
  const res = await call(t.app, f.owner.token, 'POST', '/api/projects', {
    title: 'Elsewhere',
    type: 'single',
  });
  const projectId = res.json().data.project._id as string;
  const trackId = (await addTrack(t.app, f.owner.token, projectId, { title: 'B-side' }))._id as string;
  other = { projectId, trackId, versionId: await addVersion(t.app, f.owner.token, projectId, trackId) };
});
afterAll(async () => {
  await t.close();
});

const list = async (token = f.owner.token) => {
  const res = await call(t.app, token, 'GET', linksUrl(f.projectId));
  expect(res.statusCode).toBe(200);
  return ShareLinkListResponseSchema.parse(res.json()).data.links;
};

const linkCount = async () =>
  Number(
    (
      await t.app.ctx.db
        .selectFrom('share_links')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('making a share link', () => {
  it('answers the link with its URL once, and keeps only the hash of a 256-bit token', async () => {
    const { link, token } = await makeLink(t.app, f.editor.token, f.projectId, { label: 'Whole album' });
    expect(link.url).toBe(`http://mixdesk.test/s/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({
      label: 'Whole album',
      track: null,
      version: null,
      hasPassword: false,
      status: 'active',
      allowDownload: false,
      allowComments: true,
      createdBy: { _id: f.editor.user._id, name: 'Editor' },
      counts: { opened: 0, played: 0, downloaded: 0, commented: 0 },
    });
    const row = await t.app.ctx.db
      .selectFrom('share_links')
      .selectAll()
      .where('id', '=', link._id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = (await list()).find((l) => l._id === link._id);
    expect(listed?.url).toBeNull();
    expect(listed?.label).toBe('Whole album');
  });

  it('stores a password as argon2id and says the link has one', async () => {
    const { link } = await makeLink(t.app, f.owner.token, f.projectId, { password: 'backstage' });
    expect(link.hasPassword).toBe(true);
    const row = await t.app.ctx.db
      .selectFrom('share_links')
      .select('password_hash')
      .where('id', '=', link._id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('backstage');
  });

  it('an empty password means no password', async () => {
    const { link } = await makeLink(t.app, f.owner.token, f.projectId, { password: '' });
    expect(link.hasPassword).toBe(false);
  });

  it('names the track, or the version and its track, it shares', async () => {
    const byTrack = await makeLink(t.app, f.owner.token, f.projectId, { trackId: f.trackId });
    expect(byTrack.link.track).toEqual({ _id: f.trackId, title: 'Intro' });
    expect(byTrack.link.version).toBeNull();
    const byVersion = await makeLink(t.app, f.owner.token, f.projectId, { versionId: f.versionId });
    expect(byVersion.link.track).toEqual({ _id: f.trackId, title: 'Intro' });
    expect(byVersion.link.version?._id).toBe(f.versionId);
  });

  it('keeps an expiry in the future and shows it', async () => {
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const { link } = await makeLink(t.app, f.owner.token, f.projectId, { expiresAt });
    expect(link.expiresAt).toBe(expiresAt);
    expect(link.status).toBe('active');
  });

  it('shows a link past its expiry as expired', async () => {
    const { link } = await makeLink(t.app, f.owner.token, f.projectId, { label: 'Soon gone' });
    await t.app.ctx.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', link._id)
      .execute();
    expect((await list()).find((l) => l._id === link._id)?.status).toBe('expired');
  });
});

describe('bad input: a clear 4xx, nothing made', () => {
  const past = new Date(Date.now() - 60_000).toISOString();
  const cases: [string, () => object, number, RegExp][] = [
    [
      'expiresAt in the past',
      () => ({ label: 'x', expiresAt: past, allowDownload: true, allowComments: true }),
      400,
      /future/,
    ],
    [
      'expiresAt not a date',
      () => ({ label: 'x', expiresAt: 'next friday', allowDownload: true, allowComments: true }),
      400,
      /ISO 8601/,
    ],
    ['no label', () => ({ allowDownload: true, allowComments: true }), 400, /Label is required/],
    [
      'a blank label',
      () => ({ label: '   ', allowDownload: true, allowComments: true }),
      400,
      /Label is required/,
    ],
    [
      'a 101-character label',
      () => ({ label: 'x'.repeat(101), allowDownload: true, allowComments: true }),
      400,
      /at most 100/,
    ],
    ['allowDownload missing', () => ({ label: 'x', allowComments: true }), 400, /allowDownload is required/],
    [
      'allowComments as text',
      () => ({ label: 'x', allowDownload: true, allowComments: 'yes' }),
      400,
      /true or false/,
    ],
    [
      'a 3-character password',
      () => ({ label: 'x', password: 'abc', allowDownload: true, allowComments: true }),
      400,
      /at least 4/,
    ],
    [
      'an unknown field',
      () => ({ label: 'x', allowDownload: true, allowComments: true, public: true }),
      400,
      /public/,
    ],
    [
      'a track of another project',
      () => ({ label: 'x', trackId: other.trackId, allowDownload: true, allowComments: true }),
      404,
      /Track not found/,
    ],
    [
      'a version of another project',
      () => ({ label: 'x', versionId: other.versionId, allowDownload: true, allowComments: true }),
      404,
      /Version not found/,
    ],
    [
      'a version with another track',
      () => ({
        label: 'x',
        trackId: other.trackId,
        versionId: f.versionId,
        allowDownload: true,
        allowComments: true,
      }),
      404,
      /Version not found/,
    ],
    [
      'a malformed track id',
      () => ({ label: 'x', trackId: "1' or '1'='1", allowDownload: true, allowComments: true }),
      404,
      /Track not found/,
    ],
  ];
  it.each(cases)('%s', async (_name, body, status, message) => {
    const before = await linkCount();
    const res = await call(t.app, f.owner.token, 'POST', linksUrl(f.projectId), body());
    expect(res.statusCode).toBe(status);
    expect(res.json().success).toBe(false);
    expect(res.json().message + JSON.stringify(res.json().error)).toMatch(message);
    expect(await linkCount()).toBe(before);
  });

  it('a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: linksUrl(f.projectId),
      headers: { authorization: `Bearer ${f.owner.token}`, 'content-type': 'application/json' },
      payload: '{"label":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it(`refuses a project's link past ${SHARE_LINKS_PER_PROJECT_MAX} with 409`, async () => {
    const res0 = await call(t.app, f.owner.token, 'POST', '/api/projects', { title: 'Full', type: 'single' });
    const projectId = res0.json().data.project._id as string;
    await t.app.ctx.db
      .insertInto('share_links')
      .values(
        Array.from({ length: SHARE_LINKS_PER_PROJECT_MAX }, (_, i) => ({
          id: newId(),
          project_id: projectId,
          track_id: null,
          version_id: null,
          label: `Link ${i}`,
          token_hash: sha256(`filler-${i}`),
          password_hash: null,
          expires_at: null,
          allow_download: false,
          allow_comments: false,
          created_by: f.owner.user._id,
          created_at: nowIso(),
        })),
      )
      .execute();
    const res = await call(t.app, f.owner.token, 'POST', linksUrl(projectId), {
      label: 'One more',
      allowDownload: false,
      allowComments: false,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/at most 200 share links/);
  });
});

describe('revoking', () => {
  it('stops the link at once, keeps it listed as revoked, and is harmless twice', async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, { label: 'To revoke' });
    const visitor = guest(t.app);
    expect((await visitor.get(made.api)).statusCode).toBe(200);
    const res = await call(t.app, f.editor.token, 'DELETE', `${linksUrl(f.projectId)}/${made.link._id}`);
    expect(res.statusCode).toBe(200);
    const revoked = ShareLinkResponseSchema.parse(res.json()).data.link;
    expect(revoked.status).toBe('revoked');
    expect(revoked.revokedAt).not.toBeNull();
    const gone = await visitor.get(made.api);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This share link is invalid or has expired');
    const again = await call(t.app, f.owner.token, 'DELETE', `${linksUrl(f.projectId)}/${made.link._id}`);
    expect(again.statusCode).toBe(200);
    expect(ShareLinkResponseSchema.parse(again.json()).data.link.revokedAt).toBe(revoked.revokedAt);
    expect((await list()).find((l) => l._id === made.link._id)?.status).toBe('revoked');
  });

  it('404 for a link of another project, or no link at all', async () => {
    const elsewhere = await makeLink(t.app, f.owner.token, other.projectId, { label: 'Other project' });
    for (const linkId of [elsewhere.link._id, newId(), 'not-an-id']) {
      const res = await call(t.app, f.owner.token, 'DELETE', `${linksUrl(f.projectId)}/${linkId}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Share link not found');
    }
    const still = await guest(t.app).get(elsewhere.api);
    expect(still.statusCode).toBe(200);
  });
});

describe('the access log', () => {
  it('counts opens, listens, downloads and comments, and lists them newest first with a coarse client', async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, {
      trackId: f.trackId,
      allowDownload: true,
    });
    const visitor = guest(t.app);
    const share = await visitor.view(made.api);
    const version = share.tracks[0]!.version;
    expect(
      (
        await visitor.post(`${made.api}/versions/${version._id}/plays`, {
          listenId: 'listen-0001',
          seconds: 1.2,
        })
      ).statusCode,
    ).toBe(200);
    expect((await visitor.get(version.downloadUrl!)).statusCode).toBe(200);
    const comment = await visitor.post(version.commentsUrl, { name: 'Ana', body: 'Love the intro', at: 0.4 });
    expect(comment.statusCode).toBe(201);

    const listed = (await list()).find((l) => l._id === made.link._id)!;
    expect(listed.counts).toEqual({ opened: 1, played: 1, downloaded: 1, commented: 1 });
    expect(listed.lastOpenedAt).not.toBeNull();

    const res = await call(
      t.app,
      f.owner.token,
      'GET',
      `${linksUrl(f.projectId)}/${made.link._id}/events?limit=10`,
    );
    expect(res.statusCode).toBe(200);
    const { events, pagination } = ShareLinkEventsResponseSchema.parse(res.json()).data;
    expect(pagination).toMatchObject({ total: 4, currentPage: 1, totalPages: 1, limit: 10 });
    expect(events.map((e) => e.kind)).toEqual(['commented', 'downloaded', 'played', 'opened']);
    expect(events[0]).toMatchObject({
      guestName: 'Ana',
      track: { _id: f.trackId, title: 'Intro' },
      browser: 'Safari',
      os: 'macOS',
    });
    expect(events[2]).toMatchObject({ seconds: 1.2, version: { _id: version._id } });
    const stored = await t.app.ctx.db
      .selectFrom('share_link_events')
      .selectAll()
      .where('link_id', '=', made.link._id)
      .execute();
    expect(JSON.stringify(stored)).not.toMatch(/127\.0\.0\.1|AppleWebKit/);
  });

  it('pages, and refuses a bad page or limit', async () => {
    const made = await makeLink(t.app, f.owner.token, f.projectId, {});
    const visitor = guest(t.app);
    for (let i = 0; i < 3; i++) await visitor.get(made.api);
    const url = `${linksUrl(f.projectId)}/${made.link._id}/events`;
    const page2 = ShareLinkEventsResponseSchema.parse(
      (await call(t.app, f.owner.token, 'GET', `${url}?page=2&limit=2`)).json(),
    ).data;
    expect(page2.events).toHaveLength(1);
    expect(page2.pagination).toMatchObject({ currentPage: 2, totalPages: 2, total: 3 });
    for (const q of ['page=0', 'limit=101', 'limit=abc', 'page=-1']) {
      const res = await call(t.app, f.owner.token, 'GET', `${url}?${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('account data', () => {
  it("lists the links a user made in their export, without a token; deleting the account keeps the project's links", async () => {
    const made = await makeLink(t.app, f.editor.token, f.projectId, { label: 'Editor export' });
    const handler = t.app.ctx.userData.find((h) => h.area === 'shareLinks')!;
    const { data } = await handler.exportData(t.app.ctx, f.editor.user._id);
    const mine = (data as { shareLinks: { _id: string; url: string | null; createdBy: { _id: string } }[] })
      .shareLinks;
    expect(mine.map((l) => l._id)).toContain(made.link._id);
    expect(mine.every((l) => l.url === null && l.createdBy._id === f.editor.user._id)).toBe(true);
    expect(JSON.stringify(data)).not.toContain(made.token);
    const gone = await call(t.app, f.editor.token, 'POST', '/api/account/delete', {
      email: f.editor.user.email,
      password: f.editor.password,
    });
    expect(gone.statusCode).toBe(200);
    const kept = (await list()).find((l) => l._id === made.link._id);
    expect(kept?.createdBy).toBeNull();
    expect((await guest(t.app).get(made.api)).statusCode).toBe(200);
  });
});

describe('the migration', () => {
  it('can be undone and redone', async () => {
    const db = t.app.ctx.db;
    // No upload's job still writing versions while tables that refer to them are dropped (PostgreSQL deadlocks).
    await jobQueue(t.app.ctx).idle();
    // 0028's guest comment log refers to the links, and 0037 adds a column to them: they go first and come
    // back last.
    await stemsMigration.down(db);
    await guestLimitsMigration.down(db);
    await migration.down(db);
    await migration.up(db);
    await guestLimitsMigration.up(db);
    await stemsMigration.up(db);
    expect(await list()).toEqual([]);
    const made = await makeLink(t.app, f.owner.token, f.projectId, { label: 'After the redo' });
    expect((await guest(t.app).get(made.api)).statusCode).toBe(200);
  });
});
