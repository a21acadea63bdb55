// What one instance keeps of list and dashboard answers is never served after a write on the other changed
// them (issue #18): each answer is read through B (B keeps it), changed through A, and read through B again at
// once, and the other way round. The projects and clients lists are checked in cluster.test.ts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../src/modules/comments/comments-testing.ts';
import { generateVia, payloads } from '../../src/modules/documents/documents-testing.ts';
import { addTrack, sineWav, uploadVersion } from '../../src/modules/media/media-testing.ts';
import { registerUser, type SignedIn } from '../helper.ts';
import { addMember, invite, verifyUser } from '../invitations.ts';
import { until } from '../services.ts';
import { type Cluster, endpoint, nginxAvailable, startCluster } from './cluster-services.ts';

let c: Cluster;
let a: FastifyInstance;
let b: FastifyInstance;
/** Owns a project (made through A), its documents, and invites people to it. */
let owner: SignedIn;
let projectId: string;

beforeAll(async () => {
  if (!nginxAvailable()) return;
  c = await startCluster();
  [a, b] = [endpoint(c.a.url, c.db), endpoint(c.b.url, c.db)];
  owner = await registerUser(a, { name: 'Cache Owner' });
}, 120_000);
afterAll(async () => {
  await c?.stop();
}, 60_000);

/** GET `url`'s data as `who` through `on`. */
async function read(on: FastifyInstance, who: SignedIn, url: string) {
  const res = await call(on, who.token, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function write(
  on: FastifyInstance,
  who: SignedIn,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
) {
  const res = await call(on, who.token, method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
}

interface Dashboard {
  stats: { activeProjects: number; totalTracks: number; storageUsedBytes: number };
  recentProjects: { _id: string; title: string }[];
  recentActivity: {
    kind: string;
    project: { title: string } | null;
    actor: { _id: string | null; name: string } | null;
  }[];
  activeJobs: { subjectId: string }[];
}
const dashboard = (on: FastifyInstance): Promise<Dashboard> => read(on, owner, '/api/dashboard');

describe.runIf(nginxAvailable())(
  'the caches of one instance never serve what a write on the other changed',
  () => {
    it('the dashboard: projects, tracks, storage, activity and jobs', async () => {
      const before = await dashboard(b);
      await dashboard(a);
      const made = await write(a, owner, 'POST', '/api/projects', { title: 'Dash on A', type: 'single' });
      projectId = made.project._id;
      let now = await dashboard(b);
      expect(now.stats.activeProjects).toBe(before.stats.activeProjects + 1);
      expect(now.recentProjects.map((p) => p.title)).toEqual(['Dash on A']);
      expect(now.recentActivity[0]?.kind).toBe('project_created');

      const track = await addTrack(a, owner.token, projectId, { title: 'Dash track' });
      now = await dashboard(b);
      expect(now.stats.totalTracks).toBe(before.stats.totalTracks + 1);
      expect(now.recentActivity[0]?.kind).toBe('track_added');

      const wav = sineWav({ seconds: 2, channels: 1 });
      const up = await uploadVersion(a, owner.token, projectId, track._id, wav);
      expect(up.statusCode, up.body).toBe(201);
      const versionId: string = up.json().data.version._id;
      now = await dashboard(b);
      expect(now.stats.storageUsedBytes).toBeGreaterThanOrEqual(before.stats.storageUsedBytes + wav.length);
      expect(now.recentActivity[0]?.kind).toBe('version_uploaded');
      // Its jobs run on A; once they are done, B no longer shows them under way (it may have shown them).
      const jobsUnderWay = async () =>
        (
          await c.db
            .selectFrom('jobs')
            .select('id')
            .where('subject_id', '=', versionId)
            .where('status', 'in', ['queued', 'running'])
            .execute()
        ).length;
      await until(async () => (await jobsUnderWay()) === 0, 30_000, "the new version's jobs to finish on A");
      expect((await dashboard(b)).activeJobs.filter((j) => j.subjectId === versionId)).toEqual([]);

      // And the other way: a rename through B shows on A's copy at once, in the projects and the activity.
      await write(b, owner, 'PUT', `/api/projects/${projectId}`, { title: 'Renamed on B' });
      now = await dashboard(a);
      expect(now.recentProjects[0]?.title).toBe('Renamed on B');
      expect(now.recentActivity[0]?.project?.title).toBe('Renamed on B');
    });

    it('the documents list: generated, renamed, sent and deleted on the other instance', async () => {
      type Listed = { documents: { _id: string; title: string }[]; stats: Record<string, number> };
      const list = (on: FastifyInstance): Promise<Listed> => read(on, owner, '/api/documents');
      expect((await list(b)).documents).toEqual([]);
      await list(a);
      const body = payloads.contract();
      const doc = await generateVia(a, owner, body);
      let now = await list(b);
      expect(now.documents.map((d) => d._id)).toEqual([doc._id]);
      expect(now.stats).toMatchObject({ total: 1, generated: 1 });

      await write(a, owner, 'PUT', `/api/documents/${doc._id}`, { ...body, title: 'Renamed on A' });
      expect((await list(b)).documents.map((d) => d.title)).toEqual(['Renamed on A']);
      await write(b, owner, 'POST', `/api/documents/${doc._id}/send`, {});
      expect((await list(a)).stats).toMatchObject({ total: 1, generated: 0, sent: 1 });
      await write(a, owner, 'DELETE', `/api/documents/${doc._id}`);
      now = await list(b);
      expect(now.documents).toEqual([]);
      expect(now.stats.total).toBe(0);
    });

    it('notifications: the unread count and the list, after a notification and after marking it read', async () => {
      type Inbox = { unreadCount: number; notifications: { kind: string; read: boolean }[] };
      const invitee = await registerUser(a, { name: 'Invitee' });
      const inbox = (on: FastifyInstance, who: SignedIn): Promise<Inbox> =>
        read(on, who, '/api/notifications');
      expect((await inbox(b, invitee)).unreadCount).toBe(0);
      const id = await invite(a, owner.token, projectId, invitee.user.email);
      let now = await inbox(b, invitee);
      expect(now.unreadCount).toBe(1);
      expect(now.notifications.map((n) => n.kind)).toEqual(['invitation']);

      await write(a, invitee, 'POST', '/api/notifications/read', { all: true });
      now = await inbox(b, invitee);
      expect(now.unreadCount).toBe(0);
      expect(now.notifications.map((n) => n.read)).toEqual([true]);

      // The other way: the owner's inbox read through A, the invitation answered through B.
      const ownerBefore = (await inbox(a, owner)).unreadCount;
      await verifyUser(b, invitee);
      await write(b, invitee, 'POST', `/api/invitations/${id}/accept`);
      now = await inbox(a, owner);
      expect(now.unreadCount).toBe(ownerBefore + 1);
      expect(now.notifications[0]?.kind).toBe('invitation_answered');
    });

    it("the activity feeds, mine and a project's, after a change on the other instance", async () => {
      type Feed = {
        activities: { kind: string; summary: string }[];
        pagination: { totalActivities: number };
      };
      const mine = (on: FastifyInstance): Promise<Feed> => read(on, owner, '/api/activity');
      const project = (on: FastifyInstance): Promise<Feed> =>
        read(on, owner, `/api/projects/${projectId}/activity`);
      const [mineBefore, projectBefore] = [await mine(b), await project(b)];
      await addTrack(a, owner.token, projectId, { title: 'Feed on A' });
      for (const [feed, before] of [
        [await mine(b), mineBefore],
        [await project(b), projectBefore],
      ] as const) {
        expect(feed.pagination.totalActivities).toBe(before.pagination.totalActivities + 1);
        expect(feed.activities[0]).toMatchObject({ kind: 'track_added' });
        expect(feed.activities[0]?.summary).toContain('Feed on A');
      }
      // A document's events reach its owner's feed alone, and through the other instance at once.
      await mine(a);
      await generateVia(b, owner, payloads.invoice());
      expect((await mine(a)).activities[0]?.kind).toBe('document_event');
    });

    it("a person's new name shows in the other instance's dashboard at once, a former member's too", async () => {
      const member = await registerUser(a, { name: 'Session Player' });
      await addMember(a, owner.token, projectId, member, { permission: 'edit' });
      await addTrack(a, member.token, projectId, { title: 'Played by the member' });
      const names = async (on: FastifyInstance) =>
        (await dashboard(on)).recentActivity
          .filter((x) => x.actor?._id === member.user._id)
          .map((x) => x.actor?.name);
      expect(await names(b)).toEqual(['Session Player', 'Session Player']);
      await write(a, member, 'PUT', '/api/auth/profile', { name: 'Renamed Player' });
      expect(await names(b)).toEqual(['Renamed Player', 'Renamed Player']);

      await write(a, owner, 'DELETE', `/api/projects/${projectId}/collaborators/${member.user._id}`);
      // Their activity stays in the owner's feed, under their name as it is now: B keeps this answer.
      expect(await names(b)).toEqual(['Renamed Player', 'Renamed Player']);
      await write(a, member, 'PUT', '/api/auth/profile', { name: 'Former Player' });
      expect(await names(b)).toEqual(['Former Player', 'Former Player']);
    });
  },
);
