// Recent Activity, read from the stored feed (migration 0012-activity): the newest entries of the caller's
// inbox, one index range however many projects they have, with the names as they are now.
import {
  ACTIVITY_KINDS,
  type ActivityItem,
  type ActivityKind,
  RECENT_ACTIVITY_COUNT,
} from '@mixdesk/contract/dashboard';
import type { AppContext } from '../../platform/context.ts';
import '../activity/tables.ts';

interface Row {
  id: string;
  kind: string;
  project_id: string | null;
  project_title: string | null;
  actor_id: string | null;
  actor_name: string | null;
  subject_id: string | null;
  /** What the row is about: a track, version, file or document title. */
  subject: string | null;
  /** A second name where one is needed (the track of a version, a collaborator's role, a document's event). */
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
    case 'document_event': {
      const verb = DOCUMENT_VERBS[r.detail ?? ''] ?? r.detail ?? 'changed';
      const byWhom = r.detail === 'signed' || r.detail === 'rejected' || r.detail === 'viewed';
      const summary = byWhom ? `${who} ${verb} ${r.subject}` : `${r.subject} ${verb}`;
      return { summary, link: `/documents?open=${r.subject_id}` };
    }
  }
}

const KINDS: readonly string[] = ACTIVITY_KINDS;
const isKind = (kind: string): kind is ActivityKind => KINDS.includes(kind);

export async function recentActivity(ctx: AppContext, userId: string): Promise<ActivityItem[]> {
  const rows: Row[] = await ctx.db
    .selectFrom('activity_inbox as i')
    .innerJoin('activities as a', 'a.id', 'i.activity_id')
    .leftJoin('projects as p', 'p.id', 'a.project_id')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select((eb) => [
      'a.id',
      'a.kind',
      'a.project_id',
      'p.title as project_title',
      'a.actor_id',
      eb.fn.coalesce('u.name', 'a.actor_name').as('actor_name'),
      'a.subject_id',
      'a.subject',
      'a.detail',
      'a.created_at',
    ])
    .where('i.user_id', '=', userId)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.activity_id', 'desc')
    .limit(RECENT_ACTIVITY_COUNT * 2)
    .execute();
  return rows
    .filter((row) => isKind(row.kind))
    .slice(0, RECENT_ACTIVITY_COUNT)
    .map((row) => {
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
    });
}
