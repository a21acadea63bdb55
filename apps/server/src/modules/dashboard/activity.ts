// Recent Activity, read from what is stored: projects made, people added, tracks, versions and files
// uploaded, and the documents' audit trail. Each source gives its newest few over its own index; they are
// merged here. (Review and sharing brings a stored activity feed of its own; this list then reads it too.)
import { type ActivityItem, RECENT_ACTIVITY_COUNT } from '@mixdesk/contract/dashboard';
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';

interface Row {
  id: string;
  created_at: string;
  project_id: string | null;
  project_title: string | null;
  actor_id: string | null;
  actor_name: string | null;
  /** What the row is about: a track, version, file or document title. */
  subject: string | null;
  /** A second name where one is needed (the track of a version, a document's event type). */
  detail: string | null;
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

function describe(kind: ActivityItem['kind'], r: Row): { summary: string; link: string } {
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
    case 'file_uploaded':
      return { summary: `${who} uploaded the file ${r.subject} to ${where}`, link: `${project}/files` };
    case 'document_event': {
      const verb = DOCUMENT_VERBS[r.detail ?? ''] ?? r.detail ?? 'changed';
      const byWhom = r.detail === 'signed' || r.detail === 'rejected' || r.detail === 'viewed';
      const summary = byWhom ? `${who} ${verb} ${r.subject}` : `${r.subject} ${verb}`;
      return { summary, link: `/documents?open=${r.id.split(':')[0]}` };
    }
  }
}

export async function recentActivity(ctx: AppContext, userId: string): Promise<ActivityItem[]> {
  const n = RECENT_ACTIVITY_COUNT;
  const mine = sql`(select id from projects where owner_id = ${userId}
    union select project_id from project_collaborators where user_id = ${userId})`;
  const sources: [ActivityItem['kind'], RawBuilder<Row>][] = [
    [
      'project_created',
      sql<Row>`select p.id, p.created_at, p.id as project_id, p.title as project_title, u.id as actor_id,
        u.name as actor_name, null as subject, null as detail
        from projects p join users u on u.id = p.owner_id
        where p.id in ${mine} order by p.created_at desc limit ${n}`,
    ],
    [
      'collaborator_added',
      sql<Row>`select c.project_id || ':' || c.user_id as id, c.created_at, p.id as project_id,
        p.title as project_title, u.id as actor_id, u.name as actor_name, null as subject, c.role as detail
        from project_collaborators c join projects p on p.id = c.project_id join users u on u.id = c.user_id
        where c.project_id in ${mine} order by c.created_at desc limit ${n}`,
    ],
    [
      'track_added',
      sql<Row>`select t.id, t.created_at, p.id as project_id, p.title as project_title, u.id as actor_id,
        u.name as actor_name, t.title as subject, null as detail
        from tracks t join projects p on p.id = t.project_id left join users u on u.id = t.created_by
        where t.project_id in ${mine} order by t.created_at desc limit ${n}`,
    ],
    [
      'version_uploaded',
      sql<Row>`select v.id, v.created_at, p.id as project_id, p.title as project_title, u.id as actor_id,
        u.name as actor_name, v.label as subject, t.title as detail
        from track_versions v join tracks t on t.id = v.track_id join projects p on p.id = v.project_id
        left join users u on u.id = v.uploaded_by
        where v.project_id in ${mine} order by v.created_at desc limit ${n}`,
    ],
    [
      'file_uploaded',
      sql<Row>`select f.id, f.created_at, p.id as project_id, p.title as project_title, u.id as actor_id,
        u.name as actor_name, f.original_name as subject, null as detail
        from project_files f join projects p on p.id = f.project_id left join users u on u.id = f.uploaded_by
        where f.project_id in ${mine} order by f.created_at desc limit ${n}`,
    ],
    [
      'document_event',
      sql<Row>`select d.id || ':' || e.id as id, e.created_at, d.project_id, d.project_name as project_title,
        null as actor_id, e.actor_name, d.title as subject, e.type as detail
        from document_events e join documents d on d.id = e.document_id
        where d.owner_id = ${userId} order by e.created_at desc limit ${n}`,
    ],
  ];
  const lists = await Promise.all(
    sources.map(async ([kind, query]) => (await query.execute(ctx.db)).rows.map((row) => ({ kind, row }))),
  );
  return lists
    .flat()
    .sort((a, b) => (a.row.created_at < b.row.created_at ? 1 : a.row.created_at > b.row.created_at ? -1 : 0))
    .slice(0, n)
    .map(({ kind, row }) => {
      const { summary, link } = describe(kind, row);
      return {
        _id: `${kind}:${row.id}`,
        kind,
        summary,
        actor: row.actor_name ? { _id: row.actor_id, name: row.actor_name } : null,
        project: row.project_id ? { _id: row.project_id, title: row.project_title ?? '' } : null,
        link,
        createdAt: row.created_at,
      };
    });
}
