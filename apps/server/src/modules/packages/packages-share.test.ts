// Packages through share links (issue #36): a link includes a version's stems, and lets a guest download its
// package, only when it allows downloads; otherwise neither is there (404). Each package download is one line
// of the link's access log, however many ranges it comes in.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ShareLinkListResponseSchema } from '@mixdesk/contract/share-links';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helper.ts';
import { jobQueue } from '../../platform/jobs/jobs.ts';
import { call } from '../comments/comments-testing.ts';
import {
  addTrack,
  type ProjectWithPeople,
  projectWithPeople,
  sineWav,
  uploadVersion,
} from '../media/media-testing.ts';
import { guest, linksUrl, makeLink } from '../share-links/share-testing.ts';
import {
  checksumLines,
  insertStem,
  readZip,
  sevenZipTest,
  sha256Hex,
  unzipTest,
} from './packages-testing.ts';

let t: TestApp;
let p: ProjectWithPeople;
let dir: string;
let trackId: string;
let versionId: string;
let mix: Buffer;
const stems = new Map<string, Buffer>();

beforeAll(async () => {
  t = await createTestApp();
  p = await projectWithPeople(t.app);
  dir = mkdtempSync(path.join(tmpdir(), 'mixdesk-share-packages-'));
  trackId = (await addTrack(t.app, p.owner.token, p.projectId, { title: 'Shared' }))._id;
  mix = sineWav({ seconds: 1 });
  const res = await uploadVersion(t.app, p.owner.token, p.projectId, trackId, mix, 'shared mix.wav', [
    { name: 'label', value: 'Master' },
  ]);
  expect(res.statusCode).toBe(201);
  versionId = res.json().data.version._id;
  for (const name of ['Keys', 'ギター']) {
    const bytes = sineWav({ seconds: 0.5, hz: 100 + name.length });
    await insertStem(
      t.app,
      { projectId: p.projectId, trackId, versionId },
      { name, originalName: 'x.wav', bytes },
    );
    stems.set(name, bytes);
  }
  // A comment of the team's, which no guest's package shows.
  await call(
    t.app,
    p.owner.token,
    'POST',
    `/api/projects/${p.projectId}/tracks/${trackId}/versions/${versionId}/comments`,
    {
      body: 'Team only',
      at: 0.2,
    },
  );
  await jobQueue(t.app.ctx).idle();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const downloads = async (linkId: string) =>
  (
    await t.app.ctx.db
      .selectFrom('share_link_events')
      .select('kind')
      .where('link_id', '=', linkId)
      .where('kind', '=', 'downloaded')
      .execute()
  ).length;

let saved = 0;
async function entriesOf(body: Buffer) {
  saved += 1;
  const file = path.join(dir, `shared-${saved}.zip`);
  writeFileSync(file, body);
  await unzipTest(file);
  await sevenZipTest(file);
  return readZip(file);
}

describe('a link without downloads', () => {
  it('has no package and no stems, even made to include them: 400, and 404 for each way in', async () => {
    const refused = await call(t.app, p.owner.token, 'POST', linksUrl(p.projectId), {
      label: 'Stems without downloads',
      versionId,
      allowDownload: false,
      allowComments: false,
      includeStems: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });

    const made = await makeLink(t.app, p.owner.token, p.projectId, { versionId, allowDownload: false });
    expect(made.link.includeStems).toBe(false);
    const visitor = guest(t.app);
    const view = await visitor.view(made.api);
    expect(view.includeStems).toBe(false);
    const shared = view.tracks[0]!.version;
    expect(shared.packageUrl).toBeNull();
    expect(shared.stems).toEqual([]);
    const pkg = await visitor.get(`${made.api}/versions/${versionId}/package.zip`);
    expect(pkg.statusCode).toBe(404);
    expect(pkg.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const stemIds = await t.app.ctx.db
      .selectFrom('version_stems')
      .select('id')
      .where('version_id', '=', versionId)
      .execute();
    for (const { id } of stemIds)
      expect((await visitor.get(`${made.api}/versions/${versionId}/stems/${id}/download`)).statusCode).toBe(
        404,
      );
    expect(await downloads(made.link._id)).toBe(0);
  });
});

describe('a link with downloads', () => {
  it('without stems: a package of the mix and checksums only; stems are not there', async () => {
    const made = await makeLink(t.app, p.owner.token, p.projectId, { versionId, allowDownload: true });
    const visitor = guest(t.app);
    const shared = (await visitor.view(made.api)).tracks[0]!.version;
    expect(shared.packageUrl).toBe(`${made.api}/versions/${versionId}/package.zip`);
    expect(shared.stems).toEqual([]);
    const res = await visitor.get(shared.packageUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const entries = await entriesOf(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['Shared - Master/shared mix.wav', 'checksums.sha256']);
    expect(entries[0]!.sha256).toBe(sha256Hex(mix));
    const stemIds = await t.app.ctx.db
      .selectFrom('version_stems')
      .select('id')
      .where('version_id', '=', versionId)
      .execute();
    expect(
      (await visitor.get(`${made.api}/versions/${versionId}/stems/${stemIds[0]!.id}/download`)).statusCode,
    ).toBe(404);
  });

  it('including stems: each stem to download, the package with them and no team comments', async () => {
    const made = await makeLink(t.app, p.owner.token, p.projectId, {
      versionId,
      allowDownload: true,
      includeStems: true,
    });
    expect(made.link.includeStems).toBe(true);
    const listed = ShareLinkListResponseSchema.parse(
      (await t.app.inject({ url: linksUrl(p.projectId), headers: bearer(p.owner.token) })).json(),
    ).data.links.find((l) => l._id === made.link._id)!;
    expect(listed.includeStems).toBe(true);

    const visitor = guest(t.app);
    const view = await visitor.view(made.api);
    expect(view.includeStems).toBe(true);
    const shared = view.tracks[0]!.version;
    expect(shared.stems.map((s) => s.name).sort()).toEqual([...stems.keys()].sort());
    for (const stem of shared.stems) {
      const res = await visitor.get(stem.downloadUrl);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(stems.get(stem.name)!)).toBe(true);
    }
    const res = await visitor.get(shared.packageUrl!);
    expect(res.statusCode).toBe(200);
    const entries = await entriesOf(res.rawPayload);
    expect(entries.map((e) => e.name).sort()).toEqual(
      [
        'Shared - Master/shared mix.wav',
        'Shared - Master/stems/Keys.wav',
        'Shared - Master/stems/ギター.wav',
        'checksums.sha256',
      ].sort(),
    );
    const lines = checksumLines(entries.find((e) => e.name === 'checksums.sha256')!.bytes!.toString());
    expect(lines.get('Shared - Master/stems/ギター.wav')).toBe(sha256Hex(stems.get('ギター')!));
    expect(res.rawPayload.includes('Team only')).toBe(false);
    // A stem of another version, or no stem at all, through this link: 404.
    expect(
      (await visitor.get(`${made.api}/versions/${versionId}/stems/${versionId}/download`)).statusCode,
    ).toBe(404);
  });

  it('logs each package download once: a resumed range is the same download', async () => {
    const made = await makeLink(t.app, p.owner.token, p.projectId, { versionId, allowDownload: true });
    const visitor = guest(t.app);
    const url = `${made.api}/versions/${versionId}/package.zip`;
    const first = await visitor.get(url);
    expect(first.statusCode).toBe(200);
    expect(await downloads(made.link._id)).toBe(1);
    // The download broke at byte 1000 and resumes there.
    const rest = await visitor.get(url, { range: 'bytes=1000-', 'if-range': String(first.headers.etag) });
    expect(rest.statusCode).toBe(206);
    expect(
      Buffer.concat([first.rawPayload.subarray(0, 1000), rest.rawPayload]).equals(first.rawPayload),
    ).toBe(true);
    expect(await downloads(made.link._id)).toBe(1);
    // Past the end: no download at all.
    expect((await visitor.get(url, { range: `bytes=${first.rawPayload.length}-` })).statusCode).toBe(416);
    expect(await downloads(made.link._id)).toBe(1);
    // A new download from the start is a second line.
    expect((await visitor.get(url, { range: 'bytes=0-99' })).statusCode).toBe(206);
    expect(await downloads(made.link._id)).toBe(2);
    const events = await t.app.ctx.db
      .selectFrom('share_link_events')
      .select(['version_id', 'track_id'])
      .where('link_id', '=', made.link._id)
      .where('kind', '=', 'downloaded')
      .execute();
    expect(events.every((e) => e.version_id === versionId && e.track_id === trackId)).toBe(true);
  });

  it('revoked: 404 for the package, and nothing logged', async () => {
    const made = await makeLink(t.app, p.owner.token, p.projectId, { versionId, allowDownload: true });
    const revoke = await call(t.app, p.owner.token, 'DELETE', `${linksUrl(p.projectId)}/${made.link._id}`);
    expect(revoke.statusCode).toBe(200);
    const res = await guest(t.app).get(`${made.api}/versions/${versionId}/package.zip`);
    expect(res.statusCode).toBe(404);
    expect(await downloads(made.link._id)).toBe(0);
  });
});
