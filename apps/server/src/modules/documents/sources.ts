// GET /api/documents/auto-populate/sources: the projects the caller owns or works on, most recently active
// first, with what the form can fill from them (the owner and collaborators as parties).
import type { AutoPopulateSource } from '@mixdesk/contract/document-responses';
import type { AppContext } from '../../platform/context.ts';
import { joinUserContact } from '../auth/public.ts';
import { collaboratorsOf, leftJoinCollaborator, selectProjects } from '../projects/public.ts';

const SOURCES_MAX = 100;

export async function autoPopulateSources(ctx: AppContext, userId: string): Promise<AutoPopulateSource[]> {
  const rows = await selectProjects(ctx.db, 'p')
    .$call((q) => joinUserContact(q, 'u', 'p.owner_id'))
    .$call((q) => leftJoinCollaborator(q, 'c', 'p.id', userId))
    .select([
      'p.id',
      'p.title',
      'p.description',
      'p.status',
      'u.name as owner_name',
      'u.email as owner_email',
    ])
    .where((eb) => eb.or([eb('p.owner_id', '=', userId), eb('c.user_id', '=', userId)]))
    .orderBy('p.last_activity_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(SOURCES_MAX)
    .execute();
  const collaborators = await collaboratorsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    _id: r.id,
    name: r.title,
    description: r.description ?? '',
    status: r.status,
    ownerName: r.owner_name,
    ownerEmail: r.owner_email,
    collaborators: (collaborators.get(r.id) ?? []).map((c) => ({
      name: c.name,
      email: c.email,
      role: c.role,
    })),
  }));
}
