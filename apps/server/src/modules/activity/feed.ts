// Reading the stored activity feed (migration 0012-activity): a person's inbox (what happened across their
// projects, one index range however many they have) or one project's activities, newest first, with the
// names of people and projects as they are now and a sentence and an app path per kind.

import { ACTIVITY_NEW_EVENT, type ActivityEvent } from '@mixdesk/contract/activity';
import { formatTimestamp } from '@mixdesk/contract/comments';
import {
  ACTIVITY_KINDS,
  type ActivityItem,
  type ActivityKind,
  RECENT_ACTIVITY_COUNT,
} from '@mixdesk/contract/dashboard';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { leftJoinUser } from '../auth/public.ts';
import { leftJoinProject } from '../projects/public.ts';
import './tables.ts';

/** Whose feed: a person's inbox, or one project's activities as `viewerId` may see them. */
export type ProjectScope = { projectId: string; viewerId: string };
export type FeedScope = { inboxOf: string } | ProjectScope;

export interface Row {
  id: string;
  kind: string;
  project_id: string | null;
  project_title: string | null;
  actor_id: string | null;
  actor_name: string | null;
  subject_id: string | null;
  /** What the row is about: a track, version, file or document title. */
  subject: string | null;
  /**
   * A second name where one is needed (the track of a version, a collaborator's role, a document's event), or
   * what a kind encodes in it (a comment's place, a review's decision and track).
   */
  detail: string | null;
  created_at: string;
}

const DOCUMENT_VERBS: Record<string, string> = {
  created: 'created',
  updated: 'edited',
  sent: 'sent for signature',
  viewed: 'opened',
  signed: 'signed',
  rejected: 'declined to sign',
  completed: 'completed: every party has signed',
  downloaded: 'downloaded',
  voided: 'voided',
  paid: 'marked paid',
};

function describe(kind: ActivityKind, r: Row): { summary: string; link: string } {
  const who = r.actor_name ?? 'Someone';
  const where = r.project_title ?? 'a project';
  const project = `/projects/${r.project_id}`;
  switch (kind) {
    case 'project_created':
      return { summary: `${who} created the project ${where}`, link: project };
    case 'collaborator_added':
      return { summary: `${who} joined ${where}${r.detail ? ` as ${r.detail}` : ''}`, link: project };
    case 'track_added':
      return { summary: `${who} added the track '${r.subject}' to ${where}`, link: `${project}/tracks` };
    case 'version_uploaded':
      return {
        summary: `${who} uploaded '${r.subject}' of ${r.detail ?? 'a track'} in ${where}`,
        link: `${project}/tracks`,
      };
    case 'version_mastered':
      return {
        summary: `${who} made '${r.subject}' of ${r.detail ?? 'a track'} in ${where}`,
        link: `${project}/tracks`,
      };
    case 'file_uploaded':
      return { summary: `${who} uploaded the file ${r.subject} to ${where}`, link: `${project}/files` };
    case 'comment_added': {
      // detail is the query of the comment's place: track, version, t (seconds) and comment ids.
      const place = new URLSearchParams(r.detail ?? '');
      const at = formatTimestamp(Number(place.get('t') ?? 0));
      return {
        summary: `${who} commented on ${r.subject ?? 'a track'} at ${at} in ${where}`,
        link: `${project}/tracks?${place.toString()}`,
      };
    }
    case 'version_reviewed': {
      // subject is the version's label (subject_id its id); detail `<decision>:<track id>:<track title>`.
      const [decision, trackId = '', ...title] = (r.detail ?? '').split(':');
      const verb = decision === 'approved' ? 'approved' : 'asked for changes on';
      const place = new URLSearchParams({ track: trackId, version: r.subject_id ?? '' });
      return {
        summary: `${who} ${verb} '${r.subject}' of ${title.join(':') || 'a track'} in ${where}`,
        link: `${project}/tracks?${place.toString()}`,
      };
    }
    case 'document_event': {
      const verb = DOCUMENT_VERBS[r.detail ?? ''] ?? r.detail ?? 'changed';
      const byWhom = r.detail === 'signed' || r.detail === 'rejected' || r.detail === 'viewed';
      const summary = byWhom ? `${who} ${verb} ${r.subject}` : `${r.subject} ${verb}`;
      return { summary, link: `/documents?open=${r.subject_id}` };
    }
  }
}

export function present(row: Row): ActivityItem {
  // Only known kinds are read (the queries filter them), so the cast holds.
  const kind = row.kind as ActivityKind;
  const { summary, link } = describe(kind, row);
  return {
    _id: row.id,
    kind,
    summary,
    actor: row.actor_name ? { _id: row.actor_id, name: row.actor_name } : null,
    project: row.project_id ? { _id: row.project_id, title: row.project_title ?? '' } : null,
    link,
    createdAt: row.created_at,
  };
}

/** The columns an item is made of, over `a` (activities), `p` (its project) and `u` (its actor). */
const COLUMNS = [
  'a.id',
  'a.kind',
  'a.project_id',
  'p.title as project_title',
  'a.actor_id',
  sql<string | null>`coalesce(u.name, a.actor_name)`.as('actor_name'),
  'a.subject_id',
  'a.subject',
  'a.detail',
  'a.created_at',
] as const;

/** Only kinds this version can describe: a row written by a newer one is skipped, not shown wrongly. */
const KINDS = [...ACTIVITY_KINDS];

type Window = { limit: number; offset: number };

/** The person's inbox, along its (user, time, activity) index. */
function inboxRows(ctx: AppContext, userId: string, window: Window): Promise<Row[]> {
  return ctx.db
    .selectFrom('activity_inbox as i')
    .innerJoin('activities as a', 'a.id', 'i.activity_id')
    .$call((q) => leftJoinProject(q, 'p', 'a.project_id'))
    .$call((q) => leftJoinUser(q, 'u', 'a.actor_id'))
    .select(COLUMNS)
    .where('i.user_id', '=', userId)
    .where('a.kind', 'in', KINDS)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.activity_id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** How many of the kinds this version describes the person's inbox holds: kept per kind by triggers (0030). */
async function inboxCount(ctx: AppContext, userId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('activity_inbox_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('n'), eb.lit(0)).as('n'))
    .where('user_id', '=', userId)
    .where('kind', 'in', KINDS)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One project's activities, along its (project, time) index. */
function projectRows(ctx: AppContext, scope: ProjectScope, window: Window): Promise<Row[]> {
  return (
    ctx.db
      .selectFrom('activities as a')
      .$call((q) => leftJoinProject(q, 'p', 'a.project_id'))
      .$call((q) => leftJoinUser(q, 'u', 'a.actor_id'))
      .select(COLUMNS)
      .where('a.project_id', '=', scope.projectId)
      // An activity meant for one person (none in a project today) stays theirs, as in the inbox.
      .where((eb) =>
        eb.or([eb('a.audience_user_id', 'is', null), eb('a.audience_user_id', '=', scope.viewerId)]),
      )
      .where('a.kind', 'in', KINDS)
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute()
  );
}

async function projectCount(ctx: AppContext, scope: ProjectScope): Promise<number> {
  const row = await ctx.db
    .selectFrom('activities as a')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('a.project_id', '=', scope.projectId)
    .where((eb) =>
      eb.or([eb('a.audience_user_id', 'is', null), eb('a.audience_user_id', '=', scope.viewerId)]),
    )
    .where('a.kind', 'in', KINDS)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of the scope's feed, newest first, and how many activities it holds in all. */
export async function activityPage(
  ctx: AppContext,
  scope: FeedScope,
  window: Window,
): Promise<{ items: ActivityItem[]; total: number }> {
  const [rows, total] =
    'inboxOf' in scope
      ? await Promise.all([inboxRows(ctx, scope.inboxOf, window), inboxCount(ctx, scope.inboxOf)])
      : await Promise.all([projectRows(ctx, scope, window), projectCount(ctx, scope)]);
  return { items: rows.map(present), total };
}

/** The dashboard's Recent Activity: the newest entries of the person's inbox. */
export async function recentActivity(ctx: AppContext, userId: string): Promise<ActivityItem[]> {
  const rows = await inboxRows(ctx, userId, { limit: RECENT_ACTIVITY_COUNT, offset: 0 });
  return rows.map(present);
}

/**
 * Pushes `activity:new` for stored activities (ids as the triggers of migration 0012 write them, e.g.
 * `track_added:<track id>`) to their project's room, or to their one person. Call it after the change has
 * committed; it never throws (a missed push is caught up by the next read of the feed).
 */
export async function announceActivities(ctx: AppContext, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  // Committed: whatever delivers stored events (webhooks) sends them now.
  ctx.eventsRecorded?.();
  try {
    const rows = await ctx.db
      .selectFrom('activities as a')
      .$call((q) => leftJoinProject(q, 'p', 'a.project_id'))
      .$call((q) => leftJoinUser(q, 'u', 'a.actor_id'))
      .select([...COLUMNS, 'a.audience_user_id'])
      .where('a.id', 'in', ids)
      .where('a.kind', 'in', KINDS)
      .execute();
    for (const row of rows) {
      const event: ActivityEvent = { projectId: row.project_id, activity: present(row) };
      if (row.audience_user_id) ctx.live.toUser(row.audience_user_id, ACTIVITY_NEW_EVENT, event);
      else if (row.project_id) ctx.live.toProject(row.project_id, ACTIVITY_NEW_EVENT, event);
    }
  } catch (err) {
    ctx.log.warn({ service: 'activity', err }, 'Could not announce new activities');
  }
}

/**
 * The id of the newest activity of `kind` that `actorId` did in a project, or null: for an area whose change
 * a trigger recorded (the collaborator row's `collaborator_added`), to announce it once the change is in.
 */
export async function newestActivityOf(
  ctx: AppContext,
  of: { kind: ActivityKind; projectId: string; actorId: string },
): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('activities')
    .select('id')
    .where('kind', '=', of.kind)
    .where('project_id', '=', of.projectId)
    .where('actor_id', '=', of.actorId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
